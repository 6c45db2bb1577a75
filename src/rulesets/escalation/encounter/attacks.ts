import { edgePool, keepDice, rollNatural, rollPoolDice, rollSum, type PoolSpec } from "../../../engine/dice/pool";
import { attackOutcome, critMinimum, defenseOf, weakTo, type AttackOutcome } from "../rules/attack";
import { CONDITIONS } from "../rules/conditions";
import { confusedSelfDamage, damageDice, missDamage, resolveDamage, type DamageDice } from "../rules/damage";
import type { DamageType, Defense } from "../rules/constants";
import { escalationBonus } from "../rules/escalation-die";
import { canAct } from "../rules/health";
import { startLastGasp } from "../rules/death-save";
import type { AbilitySource } from "../rules/models";
import { planSave, resolveSave } from "../rules/save";
import { abilityDamage, type AbilityEntry, type Statblock } from "../rules/statblock";
import type { TurnContext } from "./context";
import { checkDice } from "./events";
import { spiritAttackEdge, type SpiritBoon } from "../rules/fight-in-spirit";
import { takeDamage } from "./damage";
import { addEffect } from "./effects";
import { setDeath, type Fighter } from "./fighter";
import { trySlipAway, tryWard } from "./interrupts";
import { isMeleeAttack } from "./movement";

/**
 * One attack in a headless encounter: an Interrupt against it, the Invisible target's pre-attack
 * save, the roll (a grabber with Advantage on the creature it grabs), damage through the pipeline,
 * Confused self-damage, then the ability's effects.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Damage, §Conditions and Effects (Grabbed,
 * Invisible, Confused).
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
  /** The attack's id in the log ("" when not recording). */
  readonly id: string;
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

/** Whether `target` bears a Grabbed instance that `attacker` applied (then it has 1 Advantage). */
export function grabbedBy(target: Fighter, attacker: Fighter): boolean {
  for (const e of target.effects) if (e.source === attacker.key && CONDITIONS[e.condition].grabbed) return true;
  return false;
}

/** The save an attacker must pass before attacking an Invisible target (else the attack has no effect). */
function passesInvisibleSave(actor: Fighter, target: Fighter, ctx: TurnContext): boolean {
  const savePlan = planSave(actor.ids);
  const dice = rollPoolDice(savePlan.pool, ctx.roller);
  const save = resolveSave(savePlan, dice);
  if (ctx.record) ctx.emit({
    kind: "invisible", round: ctx.round, attacker: actor.key, target: target.key, saveTarget: savePlan.target,
    natural: save.natural, success: save.success, ...checkDice(savePlan.pool, dice, savePlan.edge),
  });
  return save.success;
}

const NO_DICE: readonly number[] = [];

/** The 3d6 edge pool of an attack with `edge`, built once per edge (one is rolled per attack). */
function attackPool(edge: number): PoolSpec {
  return (ATTACK_POOLS[edge + EDGE_OFFSET] ??= edgePool(3, 6, edge));
}
const ATTACK_POOLS: PoolSpec[] = [];
/** Edges are a handful of sources either way; a negative index would make a slow sparse array. */
const EDGE_OFFSET = 64;

/**
 * Rolls one attack; null when it has no effect (evaded by an Interrupt, or the Invisible target's
 * save was failed).
 * @param options.coupDeGrace the attacker spends its Quick and Move actions alongside (the caller
 *   checked `coupDeGraceBlock`'s conditions): the attack hits and crits.
 */
export function rollAttack(actor: Fighter, target: Fighter, ability: AbilityEntry, ctx: TurnContext, options: { coupDeGrace?: boolean } = {}): RolledAttack | null {
  const a = ability.system;
  const defense = a.defense as Defense;
  const coupDeGrace = options.coupDeGrace ?? false;
  const id = ctx.record ? ctx.nextAttack() : "";
  if (target.utilities.slipAway && isMeleeAttack(a) && trySlipAway(actor, target, coupDeGrace, id, ctx)) return null;
  const profile = profileFor(actor.block, ability);
  const mine = actor.summary;
  const theirs = target.summary;
  if (theirs.attackerSaveFirst && !passesInvisibleSave(actor, target, ctx)) return null;
  // `planAttack`'s numbers, from the summaries (the edge sources of distinct conditions have
  // distinct names, so their amounts add up): no request, edge list or plan per attack.
  const spirit = actor.boons.length || target.boons.length ? spiritAttackEdge(boonsOf(actor), boonsOf(target)) : 0;
  const grabbed = theirs.grabbed && grabbedBy(target, actor) ? 1 : 0;
  const edge = mine.attackEdge + theirs.edgeAgainst + grabbed + Math.trunc(spirit);
  const block = actor.block;
  const { isPC, usesEscalation } = block;
  const escalation = escalationBonus(ctx.escalation, { isPC, usesEscalation, shaken: mine.escalationAsZero });
  const numbers = {
    modifier: block.level + block.volition - actor.penalty + escalation,
    defenseValue: defenseOf(target.block.defenses, defense) - target.penalty,
    critMin: critMinimum(theirs.critRangeAgainst, weakTo(target.block.weaknesses, profile.types)),
    autoCrit: coupDeGrace,
  };
  const pool = attackPool(edge);
  let outcome: AttackOutcome;
  if (ctx.record) {
    const dice = rollPoolDice(pool, ctx.roller);
    const { kept, natural } = keepDice(pool, dice);
    outcome = attackOutcome(numbers, dice, kept, natural);
    ctx.emit({
      kind: "attack", round: ctx.round, id, attacker: actor.key, target: target.key, ability: ability.name,
      dice: [...outcome.dice], kept: [...outcome.kept], natural: outcome.natural, total: outcome.total, defense,
      defenseValue: numbers.defenseValue, edge, escalation, hit: outcome.hit, crit: outcome.crit,
      critFail: outcome.critFail, coupDeGrace,
    });
  } else outcome = attackOutcome(numbers, NO_DICE, NO_DICE, rollNatural(pool, ctx.roller));
  if (outcome.hit && !actor.hitThisRound.includes(target.key)) actor.hitThisRound.push(target.key);
  const confused = mine.oddNaturalSelfDamage;
  return { id, actor, target, ability: a, profile, outcome, confused };
}

/**
 * Damage (hit or miss damage) through the pipeline, Confused self-damage, then the effects.
 * @returns the keys of the effects it added (a sustained ability keeps exactly these going).
 */
export function applyAttack({ id, actor, target, ability: a, profile, outcome, confused }: RolledAttack, ctx: TurnContext): readonly string[] {
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
    const warded = outcome.hit && target.block.isPC && tryWard(target, result.amount, id, ctx);
    if (!warded) {
      takeDamage(target, result.amount, types[0] ?? "weapon", actor.key, ctx, outcome.crit, ctx.record ? {
        rolled: result.rolled, dice, doubled: result.doubled, halved: result.halved, reason: outcome.hit ? "hit" : "miss", crit: outcome.crit,
        attack: id || null, effect: null,
      } : null);
    }
    if (confused) {
      const self = confusedSelfDamage(rolled, outcome.natural);
      if (self > 0) {
        takeDamage(actor, self, types[0] ?? "weapon", actor.key, ctx, false, ctx.record ? {
          rolled: self, dice: [], doubled: false, halved: false, reason: "confused", crit: false, attack: id || null, effect: null,
        } : null);
      }
    }
  }
  // A Hampered enemy's first listed attack is its basic one, without its effects (`stripsEffects`).
  if (!canAct(target.state) || (a.basic === "none" && actor.summary.basicAttacksOnly)) return NO_KEYS;
  if (outcome.hit && a.lastGasp && target.block.isPC && !target.death.lastGasp) {
    setDeath(target, startLastGasp(target.death));
    if (ctx.record) ctx.emit({ kind: "lastGasp", round: ctx.round, actor: target.key, source: actor.key });
  }
  if (outcome.hit) {
    const keys = addEffects(target, a.hit.effects, actor, ctx, id, NO_KEYS);
    return outcome.crit ? addEffects(target, a.crit.effects, actor, ctx, id, keys) : keys;
  }
  return outcome.critFail ? NO_KEYS : addEffects(target, a.miss.effects, actor, ctx, id, NO_KEYS);
}

/** Adds each of `effects` in order; returns `keys` with the keys of those added. */
function addEffects(
  target: Fighter, effects: AbilitySource["hit"]["effects"], actor: Fighter, ctx: TurnContext, id: string, keys: readonly string[],
): readonly string[] {
  for (const e of effects) {
    const added = addEffect(target, e, actor, ctx, id || null);
    if (added) keys = keys.length ? [...keys, added.key] : [added.key];
  }
  return keys;
}

const NO_KEYS: readonly string[] = [];
