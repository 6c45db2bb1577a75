import { runTrials, type TrialsResult } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runPhasesEncounter, type PhasesEncounterOptions } from "./simulate";

/**
 * `trials` unrecorded `phases` fights with seeds `seed`, `seed + 1`, … (each replays exactly):
 * the party's win rate with its 95% Wilson interval and the mean rounds
 * (`engine/runner/trials.ts`).
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runPhasesTrials(
  party: readonly Statblock[], foes: readonly Statblock[], trials: number, seed: number,
  options: Omit<PhasesEncounterOptions, "party" | "foes" | "roller" | "observe" | "record"> = {},
): TrialsResult {
  return runTrials(trials, seed, (roller) =>
    runPhasesEncounter({ ...options, party, foes, roller, record: false }));
}
