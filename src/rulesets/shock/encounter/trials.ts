import { SeededRoller } from "../../../engine/dice/roller";
import { wilson95 } from "../../../engine/runner/trials";
import type { Statblock } from "../rules/statblock";
import { runShockEncounter, type ShockEncounterOptions } from "./simulate";

/**
 * Summary of many seeded `shock` fights: the party's win rate with a 95% Wilson interval, mean
 * rounds.
 */
export interface ShockTrials {
  readonly trials: number;
  readonly partyWins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
  readonly meanRounds: number;
}


/**
 * Runs `trials` fights with seeds `seed`, `seed + 1`, …; each replays exactly.
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runShockTrials(
  party: readonly Statblock[], foes: readonly Statblock[], trials: number, seed: number,
  options: Omit<ShockEncounterOptions, "party" | "foes" | "roller" | "observe"> = {},
): ShockTrials {
  if (!Number.isInteger(trials) || trials < 1)
    throw new RangeError("trials must be a whole number ≥ 1");
  let partyWins = 0;
  let rounds = 0;
  for (let i = 0; i < trials; i++) {
    const r = runShockEncounter({ ...options, party, foes, roller: new SeededRoller(seed + i) });
    if (r.winner === "party") partyWins++;
    rounds += r.rounds;
  }
  return {
    trials, partyWins, winRate: partyWins / trials, ci95: wilson95(partyWins, trials),
    meanRounds: rounds / trials,
  };
}
