import type { TurnRef } from "../../../engine/effects/timed";
import { DURATION_TIMINGS, type TimedEffect } from "../rules/durations";
import { CONDITION_IDS, type ConditionId } from "../rules/conditions";
import { DURATIONS, type Duration } from "../rules/constants";
import { addsInstance } from "../rules/instances";
import type { ConditionEffectSource } from "../rules/models";
import type { TurnContext } from "./context";
import type { ConditionChange } from "./events";
import { setEffects, type Fighter } from "./fighter";

/**
 * Condition instances in a headless encounter: applying one with its duration and ending one, each
 * reported once with its id, source and why. The end-of-turn sequence is in `turn-end.ts`.
 * Source: `000_c2dc3d650823e22d.txt` §Conditions and Effects; RULINGS.md §escalation Instances.
 */

type EmitContext = Pick<TurnContext, "emit" | "round" | "record">;

/**
 * Applies one effect of an ability to `target` as a new instance, unless the target already has its
 * exact twin (`addsInstance`). Returns the instance, or null when it added nothing.
 * @param attack the id of the attack that applied it (for the log), or null.
 */
export function addEffect(
  target: Fighter,
  e: ConditionEffectSource,
  source: Fighter,
  ctx: TurnContext,
  attack: string | null = null,
): TimedEffect | null {
  const effect: { -readonly [K in keyof TimedEffect]: TimedEffect[K] } = {
    key: "", condition: (CANONICAL.get(e.id) ?? e.id) as ConditionId,
    duration: (CANONICAL.get(e.duration) ?? e.duration) as Duration,
    saveTarget: e.save, amount: e.amount, damageType: e.damageType,
    bearer: target.key, source: source.key, armed: true,
  };
  let turn: TurnRef | null = null;
  if (ctx.turn !== null) {
    CURRENT.combatantId = ctx.turn;
    turn = CURRENT;
  }
  effect.armed = DURATION_TIMINGS.startsArmed(effect, turn);
  if (target.effects.length && !addsInstance(target.effects, effect)) return null;
  effect.key = ctx.nextEffect();
  setEffects(target, target.effects.length ? [...target.effects, effect] : [effect]);
  if (ctx.record) emitChange(target, effect, true, "applied", ctx, attack);
  return effect;
}

/**
 * Each condition id and duration name as the module constant of that text. The data's strings
 * are equal copies; an effect made with the constants compares equal to them by identity, and
 * its condition and duration are compared with constants (`"saveEnds"`, `"ongoing"`, …) and
 * looked up at every turn's end and every change of effects.
 */
const CANONICAL: ReadonlyMap<string, string> = new Map(
  [...CONDITION_IDS, ...DURATIONS].map((text) => [text, text]),
);

/** The turn in progress as `startsArmed` reads it: one object, rewritten for each effect added. */
const CURRENT: { combatantId: string } = { combatantId: "" };

/**
 * The same instance, armed or not. Written out rather than `{ ...e, armed }`: V8 gives spread
 * copies many hidden classes, and every read of an effect's fields then becomes megamorphic.
 * The key order is `addEffect`'s.
 */
export function withArmed(e: TimedEffect, armed: boolean): TimedEffect {
  return {
    key: e.key,
    condition: e.condition,
    duration: e.duration,
    saveTarget: e.saveTarget,
    amount: e.amount,
    damageType: e.damageType,
    bearer: e.bearer,
    source: e.source,
    armed,
  };
}

function emitChange(
  bearer: Fighter,
  e: TimedEffect,
  added: boolean,
  reason: ConditionChange,
  ctx: EmitContext,
  attack: string | null = null,
): void {
  let others = 0;
  for (const x of bearer.effects) if (x !== e && x.condition === e.condition) others++;
  ctx.emit({
    kind: "condition",
    round: ctx.round,
    target: e.bearer,
    condition: e.condition,
    duration: e.duration,
    added,
    effect: e.key,
    source: e.source,
    attack,
    saveTarget: e.saveTarget,
    amount: e.amount,
    damageType: e.damageType,
    reason,
    others,
  });
}

/** Removes one effect instance from its bearer (and says so, and why). */
export function endEffect(
  bearer: Fighter,
  effect: TimedEffect,
  ctx: EmitContext,
  reason: ConditionChange,
): void {
  setEffects(
    bearer,
    bearer.effects.filter((e) => e !== effect),
  );
  if (ctx.record) emitChange(bearer, effect, false, reason, ctx);
}

/**
 * Whether `f` bears an effect from `source` (a plain loop: asked of everyone when anyone falls).
 */
function bearsFrom(f: Fighter, source: string): boolean {
  for (const e of f.effects) if (e.source === source) return true;
  return false;
}

/**
 * `source` is defeated or dead: every effect it applied that waits for its next turn ends now (the
 * engine's `effectsEndingWithSource`), and whatever it sustained is no longer kept up.
 */
export function endSourceEffects(
  source: Fighter,
  ctx: Pick<TurnContext, "emit" | "round" | "record" | "fighters">,
): void {
  source.sustaining = null;
  for (const f of ctx.fighters) {
    if (!bearsFrom(f, source.key)) continue;
    const ending = DURATION_TIMINGS.effectsEndingWithSource(f.effects, source.key);
    for (const e of ending) endEffect(f, e, ctx, "sourceDown");
  }
}
