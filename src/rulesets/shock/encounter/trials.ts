import { runTrials, type TrialsResult } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runShockEncounter, type ShockEncounterOptions } from "./simulate";

/** Summary of many seeded `shock` fights (`engine/runner/trials.ts`). */
export type ShockTrials = TrialsResult;

/**
 * `trials` unrecorded fights with seeds `seed`, `seed + 1`, … (each replays exactly): the party's
 * win rate with its 95% Wilson interval and the mean rounds.
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runShockTrials(
  party: readonly Statblock[], foes: readonly Statblock[], trials: number, seed: number,
  options: Omit<ShockEncounterOptions, "party" | "foes" | "roller" | "observe" | "record"> = {},
): ShockTrials {
  return runTrials(trials, seed, (roller) =>
    runShockEncounter({ ...options, party, foes, roller, record: false }));
}
