import { SeededRoller } from "../../../engine/dice/roller";
import { wilson95 } from "../../../engine/trials";
import type { Statblock } from "../rules/statblock";
import { runEncounter } from "./simulate";

/**
 * Summary of many seeded fights: the party's win rate with a 95% Wilson interval, and mean rounds.
 */
export interface TrialsResult {
  readonly trials: number;
  readonly partyWins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
  readonly meanRounds: number;
}


/** Runs `trials` fights with seeds `seed`, `seed + 1`, …; each replays exactly. */
export function runTrials(
  party: readonly Statblock[],
  foes: readonly Statblock[],
  trials: number,
  seed: number,
): TrialsResult {
  if (!Number.isInteger(trials) || trials < 1)
    throw new RangeError("trials must be a whole number ≥ 1");
  let partyWins = 0;
  let rounds = 0;
  for (let i = 0; i < trials; i++) {
    const result = runEncounter({ party, foes, roller: new SeededRoller(seed + i), record: false });
    if (result.winner === "party") partyWins++;
    rounds += result.rounds;
  }
  return {
    trials,
    partyWins,
    winRate: partyWins / trials,
    ci95: wilson95(partyWins, trials),
    meanRounds: rounds / trials,
  };
}
