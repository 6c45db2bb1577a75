import { rollPoolDice, rollSum } from "../rules/dice/pool";
import { planAttack, resolveAttack, type AttackOutcome } from "../rules/escalation/attack";
import { CONDITIONS } from "../rules/escalation/conditions";
import { confusedSelfDamage, damageDice, missDamage, resolveDamage, type DamageDice } from "../rules/escalation/damage";
import type { DamageType, Defense } from "../rules/escalation/constants";
import { canAct } from "../rules/escalation/health";
import { startLastGasp } from "../rules/escalation/death-save";
import type { AbilitySource } from "../rules/escalation/models";
import { planSave, resolveSave } from "../rules/escalation/save";
import { abilityDamage, stripsEffects, type AbilityEntry, type Statblock } from "../rules/escalation/statblock";
import type { TurnContext } from "./context";
import { spiritAttackEdge, type SpiritBoon } from "../rules/escalation/fight-in-spirit";
import { dealDamage } from "./damage";
import { addEffect } from "./effects";
import { conditionIds, type Fighter } from "./fighter";

/**
 * One attack in a headless encounter: the Invisible target's pre-attack save, the roll, damage
 * through the pipeline, Confused self-damage, then the ability's effects.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Damage, §Conditions and Effects.
 */

/**
 * What an ability always means for its owner, whatever the dice: damage types (a basic attack takes
 * the equipped weapon's) and the concrete damage dice. Cached per ability entry, which belongs to
 * exactly one statblock.
 */
interface AttackProfile {
  readonly types: DamageType[];
  readonly dice: DamageDice;
}
const profiles = new WeakMap<AbilityEntry, AttackProfile>();
function profileFor(block: Statblock, entry: AbilityEntry): AttackProfile {
  let profile = profiles.get(entry);
  if (!profile) {
    const a = entry.system;
    const types: DamageType[] = a.hit.damageTypes.length ? [...a.hit.damageTypes] : a.basic !== "none" ? [block.basicDamageType[a.basic]] : ["weapon"];
    profile = { types, dice: damageDice(abilityDamage(a, block.stanceDie), block) };
    profiles.set(entry, profile);
  }
  return profile;
}

/** A rolled attack waiting for its damage and effects. */
export interface RolledAttack {
  readonly actor: Fighter;
  readonly target: Fighter;
  readonly ability: AbilitySource;
  readonly profile: AttackProfile;
  readonly outcome: AttackOutcome;
  readonly confused: boolean;
}

function boonsOf(f: Fighter): SpiritBoon[] {
  return f.boons.map((b) => b.boon);
}

/** Rolls one attack; null when it has no effect (the Invisible target's save was failed). */
export function rollAttack(actor: Fighter, target: Fighter, ability: AbilityEntry, ctx: TurnContext): RolledAttack | null {
  const a = ability.system;
  const defense = a.defense as Defense;
  const profile = profileFor(actor.block, ability);
  const attackerConditions = conditionIds(actor);
  if (target.ids.some((c) => CONDITIONS[c].attackerSaveFirst)) {
    const savePlan = planSave(attackerConditions);
    const save = resolveSave(savePlan, rollPoolDice(savePlan.pool, ctx.roller));
    if (ctx.record) ctx.emit({ kind: "invisible", round: ctx.round, attacker: actor.key, target: target.key, natural: save.natural, success: save.success });
    if (!save.success) return null;
  }
  // A Coup de Grace: one engaged Helpless target (the runner's turn is this one attack).
  const coupDeGrace = a.targets <= 1 && actor.engaged.has(target.key) && target.ids.some((c) => CONDITIONS[c].coupDeGrace);
  const plan = planAttack({
    attacker: {
      level: actor.block.level, volition: actor.block.volition, isPC: actor.block.isPC, usesEscalation: actor.block.usesEscalation,
      conditions: attackerConditions, volitionPenalty: actor.penalty,
    },
    target: { defenses: target.block.defenses, conditions: conditionIds(target), weaknesses: target.block.weaknesses, defensePenalty: target.penalty },
    defense, escalationDie: ctx.escalation, damageTypes: profile.types, coupDeGrace,
    manualEdge: actor.boons.length || target.boons.length ? spiritAttackEdge(boonsOf(actor), boonsOf(target)) : 0,
  });
  const outcome = resolveAttack(plan, rollPoolDice(plan.pool, ctx.roller));
  if (ctx.record) ctx.emit({
    kind: "attack", round: ctx.round, attacker: actor.key, target: target.key, ability: ability.name,
    dice: [...outcome.dice], kept: [...outcome.kept], natural: outcome.natural, total: outcome.total, defense,
    defenseValue: plan.defenseValue, edge: plan.edge, escalation: plan.escalation, hit: outcome.hit, crit: outcome.crit,
    critFail: outcome.critFail, coupDeGrace,
  });
  const confused = attackerConditions.some((c) => CONDITIONS[c].oddNaturalSelfDamage);
  return { actor, target, ability: a, profile, outcome, confused };
}

/**
 * Damage (hit or miss damage) through the pipeline, Confused self-damage, then the effects.
 * @returns the keys of the effects it added (a sustained ability keeps exactly these going).
 */
export function applyAttack({ actor, target, ability: a, profile, outcome, confused }: RolledAttack, ctx: TurnContext): readonly string[] {
  const { types } = profile;
  let rolled = 0;
  let dice: number[] = [];
  if (outcome.hit) {
    const d = profile.dice;
    if (ctx.record) {
      const r = rollSum(d.count, d.faces, ctx.roller);
      rolled = r.total + d.flat;
      dice = r.dice;
    } else {
      rolled = d.flat;
      for (let i = 0; i < d.count; i++) rolled += ctx.roller.die(d.faces);
    }
  } else {
    const mode = a.miss.mode === "class" ? actor.block.missDamage : a.miss.mode;
    rolled = missDamage(mode, actor.block.level, outcome.critFail);
  }
  if (rolled > 0) {
    const result = resolveDamage({ rolled, crit: outcome.crit, natural: outcome.natural, types, resistances: target.block.resistances });
    dealDamage(target, result.amount, types[0] ?? "weapon", actor.key, ctx, {
      rolled: result.rolled, dice, doubled: result.doubled, halved: result.halved, reason: outcome.hit ? "hit" : "miss", crit: outcome.crit,
    });
    if (confused) {
      const self = confusedSelfDamage(rolled, outcome.natural);
      if (self > 0) dealDamage(actor, self, types[0] ?? "weapon", actor.key, ctx, { rolled: self, dice: [], doubled: false, halved: false, reason: "confused", crit: false });
    }
  }
  const attackerConditions = conditionIds(actor);
  if (!canAct(target.state) || (attackerConditions.length && stripsEffects(a, attackerConditions))) return NO_KEYS;
  if (outcome.hit && a.lastGasp && target.block.isPC && !target.death.lastGasp) {
    target.death = startLastGasp(target.death);
    if (ctx.record) ctx.emit({ kind: "lastGasp", round: ctx.round, actor: target.key, source: actor.key });
  }
  const groups = outcome.hit ? (outcome.crit ? [a.hit.effects, a.crit.effects] : [a.hit.effects]) : outcome.critFail ? [] : [a.miss.effects];
  let keys: readonly string[] = NO_KEYS;
  for (const effects of groups) {
    for (const e of effects) {
      const added = addEffect(target, e, actor, ctx);
      if (added) keys = [...keys, added.key];
    }
  }
  return keys;
}

const NO_KEYS: readonly string[] = [];
