import { validate, withDefaults } from "../../../../engine/schema/spec";
import type { ConditionId } from "../../rules/conditions";
import { isConditionId } from "../../rules/conditions";
import { startsArmed, type TimedEffect } from "../../rules/durations";
import { addsInstance, type InstanceShape } from "../../rules/instances";
import {
  EFFECT_TIMING_SPEC,
  type ConditionEffectSource,
  type EffectTiming,
} from "../../rules/models";

/**
 * Fray's timed conditions as ActiveEffects: each applied condition is its own ActiveEffect with
 * `statuses: [condition]` (so `actor.statuses` and token icons work as usual) and
 * `flags.fray.timing` saying how it ends. These helpers translate between those effects and the
 * core's `TimedEffect`.
 */
export interface EffectLike {
  readonly id: string | null;
  readonly statuses: ReadonlySet<string>;
  readonly flags: unknown;
}

/** The timing flag of an effect, or null when it is not a timed Fray effect (or is malformed). */
export function timingOf(effect: Pick<EffectLike, "flags">): EffectTiming | null {
  const raw = (effect.flags as { fray?: { timing?: unknown } } | undefined)?.fray?.timing;
  if (!raw || typeof raw !== "object" || validate(EFFECT_TIMING_SPEC, raw).length) return null;
  return withDefaults(EFFECT_TIMING_SPEC, raw);
}

/** The core's view of one timed effect on a combatant (`bearer` is its combatant id). */
export function toTimedEffect(effect: EffectLike, bearer: string): TimedEffect | null {
  const timing = timingOf(effect);
  const condition = [...effect.statuses].find(isConditionId);
  if (!timing || !condition || !effect.id) return null;
  return {
    key: effect.id,
    condition,
    duration: timing.duration,
    saveTarget: timing.save,
    amount: timing.amount,
    damageType: timing.damageType,
    bearer,
    source: timing.source,
    armed: timing.armed,
  };
}

/**
 * The create data of the ActiveEffect for one applied condition.
 * @param names localized condition names; `img` the status icon.
 * @param placement combatant ids of bearer and source, and whose turn it is (all null outside
 * combat).
 */
export function timedEffectData(
  e: ConditionEffectSource,
  look: { name: string; img: string },
  placement: {
    bearer: string | null;
    source: string | null;
    currentTurn: string | null;
    ability?: string;
  },
): {
  name: string;
  img: string;
  statuses: ConditionId[];
  flags: { fray: { timing: EffectTiming } };
} {
  const bearer = placement.bearer ?? "";
  const source = placement.source ?? "";
  const armed = startsArmed({ duration: e.duration, bearer, source }, placement.currentTurn);
  const name = e.id === "ongoing" ? `${look.name} ${e.amount}` : look.name;
  return {
    name,
    img: look.img,
    statuses: [e.id],
    flags: {
      fray: {
        timing: {
          duration: e.duration,
          save: e.save,
          amount: e.amount,
          damageType: e.damageType,
          source,
          armed,
          ability: placement.ability ?? "",
        },
      },
    },
  };
}

/**
 * The create data of the ActiveEffects that applying `effects` adds to an actor: one per new
 * instance, none for an exact twin of an instance it already carries or was just given
 * (RULINGS.md §Instances: a save-ends hit effect is not dropped because a shorter copy of the
 * condition is active; `instances.ts#addsInstance`).
 * @param existing the actor's timed effects as the core reads them (bearer: its combatant id).
 * @param lookOf each condition's localized name and status icon.
 * @param placement combatant ids of bearer, source and whose turn it is (null outside combat).
 */
export function timedEffectsToAdd(
  existing: readonly InstanceShape[],
  effects: readonly ConditionEffectSource[],
  lookOf: (id: ConditionId) => { name: string; img: string },
  placement: Parameters<typeof timedEffectData>[2],
): ReturnType<typeof timedEffectData>[] {
  const kept = [...existing];
  const bearer = placement.bearer ?? "";
  const data: ReturnType<typeof timedEffectData>[] = [];
  for (const e of effects) {
    const made = timedEffectData(e, lookOf(e.id), placement);
    const timing = made.flags.fray.timing;
    const incoming = {
      condition: e.id, duration: e.duration, saveTarget: e.save, bearer, source: timing.source,
      armed: timing.armed,
    };
    if (!addsInstance(kept, incoming)) continue;
    kept.push(incoming);
    data.push(made);
  }
  return data;
}
