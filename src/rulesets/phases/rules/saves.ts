import {
  checkOdds, planCheck, resolveCheck, type CheckOutcome, type CheckPlan,
} from "../../../engine/dice/check";
import { rollDice, type RollPlan } from "../../../engine/dice/plan";
import type { Timed } from "../../../engine/effects/timed";
import { SAVE_DICE, SAVE_FACES, SAVE_TARGET } from "./constants";
import { PHASES_TIMINGS, type StoredDuration } from "./durations";

/**
 * End-phase saves of `phases`: every save-ended or sustained effect rolls 2d6, and 7 or higher
 * ends a save-ended effect or keeps a sustained one (a lower roll keeps the first and ends the
 * second); effects lasting to the end of this round end without a save. Source:
 * `003_d18720f6cd315cc2.txt` §End Phase; RULINGS.md §phases End phase, Conditions.
 */
export const SAVE_CHECK: CheckPlan = planCheck({
  dice: SAVE_DICE, faces: SAVE_FACES, modifiers: [], target: SAVE_TARGET,
});

/** A save's outcome from its two dice. @throws RangeError when they are not two d6. */
export function resolveSave(dice: readonly number[]): CheckOutcome {
  return resolveCheck(SAVE_CHECK, dice);
}

/** The exact chance a save succeeds: 21 of 36. */
export function saveOdds(): { successes: number; total: number } {
  return checkOdds(SAVE_CHECK);
}

/** One save rolled in the End phase. */
export interface SaveRoll<E> {
  readonly effect: E;
  readonly dice: readonly number[];
  readonly success: boolean;
}

/** What the End phase of a round did to the effects given. */
export interface EndPhaseResult<E> {
  /** Each save, in the effects' order. */
  readonly saves: readonly SaveRoll<E>[];
  /** Effects ended: by their round's end, a save-ended one saved, a sustained one failed. */
  readonly ended: readonly E[];
  /** Effects kept, in the effects' order. */
  readonly kept: readonly E[];
}

/**
 * The End phase of round `round` as a roll plan: one request of 2d6 per save (labelled with the
 * effect's key), in the effects' order, then the split. An effect that lasts to this round's end
 * ends without a roll.
 * @throws RangeError for an unknown duration (at once).
 */
export function endPhasePlan<E extends Timed<StoredDuration>>(
  effects: readonly E[], round: number,
): RollPlan<EndPhaseResult<E>> {
  const plan = PHASES_TIMINGS.roundEndPlan(effects, round);
  return (function* () {
    const saves: SaveRoll<E>[] = [];
    for (const effect of plan.saves) {
      const dice = yield* rollDice(SAVE_DICE, SAVE_FACES, effect.key);
      saves.push({ effect, dice, success: resolveSave(dice).success });
    }
    const success = new Map(saves.map((s) => [s.effect, s.success]));
    const split = PHASES_TIMINGS.resolveSaves(plan.saves, (e) => success.get(e) === true);
    const ending = new Set<E>([...plan.expire, ...split.ended]);
    return {
      saves,
      ended: effects.filter((e) => ending.has(e)),
      kept: effects.filter((e) => !ending.has(e)),
    };
  })();
}
