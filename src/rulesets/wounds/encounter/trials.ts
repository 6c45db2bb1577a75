import { runTrials, type TrialsResult } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runWoundsEncounter, type WoundsEncounterOptions } from "./simulate";

/**
 * `trials` unrecorded `wounds` fights with seeds `seed`, `seed + 1`, … (each replays exactly):
 * the party's win rate with its 95% Wilson interval and the mean rounds
 * (`engine/runner/trials.ts`).
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runWoundsTrials(
  party: readonly Statblock[], foes: readonly Statblock[], trials: number, seed: number,
  options: Omit<WoundsEncounterOptions, "party" | "foes" | "roller" | "observe" | "record"> = {},
): TrialsResult {
  return runTrials(trials, seed, (roller) =>
    runWoundsEncounter({ ...options, party, foes, roller, record: false }));
}
