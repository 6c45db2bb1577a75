import { keepDice, rollNatural, rollPoolDice, rollSum } from "../../../engine/dice/pool";
import {
  attackOutcome,
  critMinimum,
  CRIT,
  CRIT_FAIL,
  defenseOf,
  HIT,
  outcomeBits,
  weakTo,
  type AttackOutcome,
} from "../rules/attack";
import { CONDITIONS } from "../rules/conditions";
import { confusedSelfDamage, damageAmount, missDamage, resolveDamage } from "../rules/damage";
import type { Defense } from "../rules/constants";
import { escalationFor } from "../rules/escalation-die";
import { canAct } from "../rules/health";
import { startLastGasp } from "../rules/death-save";
import type { AbilitySource } from "../rules/models";
import { checkPool, planSave, resolveSave } from "../rules/save";
import type { AbilityEntry } from "../rules/statblock";
import { attackOf, type AttackOption } from "./arsenal";
import type { TurnContext } from "./context";
import { checkDice } from "./events";
import { spiritAttackEdge, type SpiritBoon } from "../rules/fight-in-spirit";
import { takeDamage } from "./damage";
import { addEffect } from "./effects";
import { setDeath, type Fighter } from "./fighter";
import { trySlipAway, tryWard } from "./interrupts";

/**
 * One attack in a headless encounter: an Interrupt against it, the Invisible target's pre-attack
 * save, the roll (a grabber with Advantage on the creature it grabs), damage through the pipeline,
 * Confused self-damage, then the ability's effects.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Damage, §Conditions and Effects (Grabbed,
 * Invisible, Confused).
 */

/** A rolled attack waiting for its damage and effects. */
export interface RolledAttack {
  /** The attack's id in the log ("" when not recording). */
  readonly id: string;
  readonly actor: Fighter;
  readonly target: Fighter;
  readonly ability: AbilitySource;
  readonly attack: AttackOption;
  readonly outcome: AttackOutcome;
  readonly confused: boolean;
}

function boonsOf(f: Fighter): SpiritBoon[] {
  return f.boons.map((b) => b.boon);
}

/** Whether `target` bears a Grabbed instance that `attacker` applied (then it has 1 Advantage). */
export function grabbedBy(target: Fighter, attacker: Fighter): boolean {
  for (const e of target.effects)
    if (e.source === attacker.key && CONDITIONS[e.condition].grabbed) return true;
  return false;
}

/**
 * The save an attacker must pass before attacking an Invisible target (else the attack has no
 * effect).
 */
function passesInvisibleSave(actor: Fighter, target: Fighter, ctx: TurnContext): boolean {
  const savePlan = planSave(actor.ids);
  const dice = rollPoolDice(savePlan.pool, ctx.roller);
  const save = resolveSave(savePlan, dice);
  if (ctx.record) ctx.emit({
    kind: "invisible",
    round: ctx.round,
    attacker: actor.key,
    target: target.key,
    saveTarget: savePlan.target,
    natural: save.natural,
    success: save.success,
    ...checkDice(savePlan.pool, dice, savePlan.edge),
  });
  return save.success;
}

const NO_DICE: readonly number[] = [];

/**
 * The numbers of one attack's check (`planAttack`'s, from the summaries), written in place by
 * `checkFor`: every attack needs them, and one is used up before the next is worked out.
 */
const check = { edge: 0, escalation: 0, modifier: 0, defenseValue: 0, critMin: 0, autoCrit: false };

function checkFor(
  actor: Fighter,
  target: Fighter,
  attack: AttackOption,
  ctx: TurnContext,
  coupDeGrace: boolean,
): typeof check {
  const mine = actor.summary;
  const theirs = target.summary;
  // The edge sources of distinct conditions have distinct names, so their amounts add up.
  const spirit =
    actor.boons.length || target.boons.length
      ? spiritAttackEdge(boonsOf(actor), boonsOf(target))
      : 0;
  const grabbed = theirs.grabbed && grabbedBy(target, actor) ? 1 : 0;
  const block = actor.block;
  const { isPC, usesEscalation } = block;
  check.edge = mine.attackEdge + theirs.edgeAgainst + grabbed + Math.trunc(spirit);
  check.escalation = escalationFor(ctx.escalation, isPC, usesEscalation, mine.escalationAsZero);
  check.modifier = block.level + block.volition - actor.penalty + check.escalation;
  check.defenseValue =
    defenseOf(target.block.defenses, attack.entry.system.defense as Defense) - target.penalty;
  check.critMin = critMinimum(
    theirs.critRangeAgainst,
    weakTo(target.block.weaknesses, attack.types),
  );
  check.autoCrit = coupDeGrace;
  return check;
}

/**
 * Whether the attack goes ahead: not evaded by Slip Away, and the Invisible target's save passed.
 */
function goesAhead(
  actor: Fighter,
  target: Fighter,
  attack: AttackOption,
  coupDeGrace: boolean,
  id: string,
  ctx: TurnContext,
): boolean {
  if (target.utilities.slipAway && attack.melee && trySlipAway(actor, target, coupDeGrace, id, ctx))
    return false;
  return !target.summary.attackerSaveFirst || passesInvisibleSave(actor, target, ctx);
}

function markHit(actor: Fighter, target: Fighter): void {
  // The round's first hit makes a list of one: a push onto the round's empty list would reserve
  // room for 17, on most hits of a fight.
  if (!actor.hitThisRound.length) actor.hitThisRound = [target.key];
  else if (!actor.hitThisRound.includes(target.key)) actor.hitThisRound.push(target.key);
}

/**
 * Rolls one attack; null when it has no effect (evaded by an Interrupt, or the Invisible target's
 * save was failed).
 * @param options.coupDeGrace the attacker spends its Quick and Move actions alongside (the caller
 *   checked `coupDeGraceBlock`'s conditions): the attack hits and crits.
 */
export function rollAttack(
  actor: Fighter,
  target: Fighter,
  ability: AbilityEntry,
  ctx: TurnContext,
  options: { coupDeGrace?: boolean } = {},
): RolledAttack | null {
  const a = ability.system;
  const coupDeGrace = options.coupDeGrace ?? false;
  const id = ctx.record ? ctx.nextAttack() : "";
  const attack = attackOf(actor.block, ability);
  if (!goesAhead(actor, target, attack, coupDeGrace, id, ctx)) return null;
  const c = checkFor(actor, target, attack, ctx, coupDeGrace);
  const pool = checkPool(c.edge);
  let outcome: AttackOutcome;
  if (ctx.record) {
    const dice = rollPoolDice(pool, ctx.roller);
    const { kept, natural } = keepDice(pool, dice);
    outcome = attackOutcome(c, dice, kept, natural);
    ctx.emit({
      kind: "attack",
      round: ctx.round,
      id,
      attacker: actor.key,
      target: target.key,
      ability: ability.name,
      dice: [...outcome.dice],
      kept: [...outcome.kept],
      natural: outcome.natural,
      total: outcome.total,
      defense: a.defense as Defense,
      defenseValue: c.defenseValue,
      edge: c.edge,
      escalation: c.escalation,
      hit: outcome.hit,
      crit: outcome.crit,
      critFail: outcome.critFail,
      coupDeGrace,
    });
  } else outcome = attackOutcome(c, NO_DICE, NO_DICE, rollNatural(pool, ctx.roller));
  if (outcome.hit) markHit(actor, target);
  const confused = actor.summary.oddNaturalSelfDamage;
  return { id, actor, target, ability: a, attack, outcome, confused };
}

/**
 * Damage (hit or miss damage) through the pipeline, Confused self-damage, then the effects.
 * @returns the keys of the effects it added (a sustained ability keeps exactly these going).
 */
export function applyAttack(
  { id, actor, target, attack, outcome, confused }: RolledAttack,
  ctx: TurnContext,
): readonly string[] {
  const bits =
    (outcome.hit ? HIT : 0) | (outcome.crit ? CRIT : 0) | (outcome.critFail ? CRIT_FAIL : 0);
  return applyOutcome(actor, target, attack, id, bits, outcome.natural, confused, ctx);
}

/**
 * One attack, rolled then applied (`rollAttack`, `applyAttack`); returns the keys of the effects
 * it added. Unrecorded, it goes in one step that builds no outcome or rolled attack between the
 * two: nearly every turn attacks, and trials play thousands of fights.
 */
export function makeAttack(
  actor: Fighter,
  target: Fighter,
  attack: AttackOption,
  ctx: TurnContext,
  coupDeGrace: boolean,
): readonly string[] {
  if (ctx.record) {
    const rolled = rollAttack(
      actor,
      target,
      attack.entry,
      ctx,
      coupDeGrace ? COUP_DE_GRACE : ORDINARY,
    );
    return rolled ? applyAttack(rolled, ctx) : NO_KEYS;
  }
  if (!goesAhead(actor, target, attack, coupDeGrace, "", ctx)) return NO_KEYS;
  const c = checkFor(actor, target, attack, ctx, coupDeGrace);
  const natural = rollNatural(checkPool(c.edge), ctx.roller);
  const bits = outcomeBits(c, natural);
  if (bits & HIT) markHit(actor, target);
  return applyOutcome(
    actor,
    target,
    attack,
    "",
    bits,
    natural,
    actor.summary.oddNaturalSelfDamage,
    ctx,
  );
}

const COUP_DE_GRACE = { coupDeGrace: true } as const;
const ORDINARY = { coupDeGrace: false } as const;

/**
 * `applyAttack` from the outcome's natural and `outcomeBits`.
 * @param confused the attacker was Confused as it rolled (damage may end that before it is read).
 */
function applyOutcome(
  actor: Fighter,
  target: Fighter,
  attack: AttackOption,
  id: string,
  bits: number,
  natural: number,
  confused: boolean,
  ctx: TurnContext,
): readonly string[] {
  const a = attack.entry.system;
  const { types } = attack;
  const hit = (bits & HIT) !== 0;
  const crit = (bits & CRIT) !== 0;
  const critFail = (bits & CRIT_FAIL) !== 0;
  let rolled = 0;
  let dice: number[] = [];
  if (hit) {
    const d = attack.dice;
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
    rolled = missDamage(mode, actor.block.level, critFail);
  }
  if (rolled > 0) {
    const resistances = target.block.resistances;
    const result = ctx.record ? resolveDamage({ rolled, crit, natural, types, resistances }) : null;
    const amount = result ? result.amount : damageAmount(rolled, crit, natural, types, resistances);
    const warded = hit && target.block.isPC && tryWard(target, amount, id, ctx);
    if (!warded) {
      takeDamage(
        target,
        amount,
        types[0] ?? "weapon",
        actor.key,
        ctx,
        crit,
        result
          ? {
              rolled: result.rolled,
              dice,
              doubled: result.doubled,
              halved: result.halved,
              reason: hit ? "hit" : "miss",
              crit,
              attack: id || null,
              effect: null,
            }
          : null,
      );
    }
    if (confused) {
      const self = confusedSelfDamage(rolled, natural);
      if (self > 0) {
        takeDamage(
          actor,
          self,
          types[0] ?? "weapon",
          actor.key,
          ctx,
          false,
          ctx.record
            ? {
                rolled: self,
                dice: [],
                doubled: false,
                halved: false,
                reason: "confused",
                crit: false,
                attack: id || null,
                effect: null,
              }
            : null,
        );
      }
    }
  }
  // A Hampered enemy's first listed attack is its basic one, without its effects (`stripsEffects`).
  if (!canAct(target.state) || (a.basic === "none" && actor.summary.basicAttacksOnly))
    return NO_KEYS;
  if (hit && a.lastGasp && target.block.isPC && !target.death.lastGasp) {
    setDeath(target, startLastGasp(target.death));
    if (ctx.record)
      ctx.emit({ kind: "lastGasp", round: ctx.round, actor: target.key, source: actor.key });
  }
  if (hit) {
    const keys = addEffects(target, a.hit.effects, actor, ctx, id, NO_KEYS);
    return crit ? addEffects(target, a.crit.effects, actor, ctx, id, keys) : keys;
  }
  return critFail ? NO_KEYS : addEffects(target, a.miss.effects, actor, ctx, id, NO_KEYS);
}

/** Adds each of `effects` in order; returns `keys` with the keys of those added. */
function addEffects(
  target: Fighter,
  effects: AbilitySource["hit"]["effects"],
  actor: Fighter,
  ctx: TurnContext,
  id: string,
  keys: readonly string[],
): readonly string[] {
  for (const e of effects) {
    const added = addEffect(target, e, actor, ctx, id || null);
    if (added) keys = keys.length ? [...keys, added.key] : [added.key];
  }
  return keys;
}

const NO_KEYS: readonly string[] = [];
