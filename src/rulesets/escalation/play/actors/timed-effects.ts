import { validate, withDefaults } from "../../../../engine/schema/spec";
import type { ConditionId } from "../../rules/conditions";
import { isConditionId } from "../../rules/conditions";
import { startsArmed, type TimedEffect } from "../../rules/durations";
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
