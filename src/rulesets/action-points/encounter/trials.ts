import { runTrials, type TrialsResult } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runApEncounter, type ApEncounterOptions } from "./simulate";

/**
 * `trials` unrecorded `action-points` fights with seeds `seed`, `seed + 1`, … (each replays
 * exactly): the party's win rate with its 95% Wilson interval and the mean rounds
 * (`engine/runner/trials.ts`). A surprise, when given, opens every fight.
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runApTrials(
  party: readonly Statblock[], foes: readonly Statblock[], trials: number, seed: number,
  options: Omit<ApEncounterOptions, "party" | "foes" | "roller" | "observe" | "record"> = {},
): TrialsResult {
  return runTrials(trials, seed, (roller) =>
    runApEncounter({ ...options, party, foes, roller, record: false }));
}
