import { runTrials as playTrials, type TrialsResult } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runEncounter } from "./simulate";

export type { TrialsResult };

/**
 * `trials` unrecorded fights of the party against `foes` with seeds `seed`, `seed + 1`, … (each
 * replays exactly), without surprise, ambush or flight: the party's win rate with its 95% Wilson
 * interval (`engine/runner/trials.ts`).
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runTrials(
  party: readonly Statblock[],
  foes: readonly Statblock[],
  trials: number,
  seed: number,
): TrialsResult {
  return playTrials(trials, seed, (roller) => runEncounter({ party, foes, roller, record: false }));
}
