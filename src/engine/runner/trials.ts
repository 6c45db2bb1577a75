import { SeededRoller, type DiceRoller } from "../dice/roller";

/**
 * Wilson score interval for a binomial proportion (z = 1.96). Unlike the normal approximation it
 * stays inside [0, 1] and is sensible at 0 or N successes.
 *
 * In exact arithmetic the interval always contains the estimate `successes / n`, with bounds of
 * exactly 0 at no success and exactly 1 at N of N; in floating point the bound's terms cancel at
 * those ends to a hair inside (N of N gave 0.9999999999999999 for n = 10, below a win rate of
 * 1). The bounds are therefore widened to the estimate, which changes nothing elsewhere: inside
 * (0, 1) the margin on each side is far larger than the rounding.
 * @returns `[lower, upper]`, proportions with 0 ≤ lower ≤ successes / n ≤ upper ≤ 1.
 * @throws RangeError when n < 1.
 */
export function wilson95(successes: number, n: number): [number, number] {
  if (n < 1) throw new RangeError("need at least one trial");
  const z = 1.959963984540054;
  const p = successes / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half))];
}

/**
 * Summary of many seeded fights: the party's win rate with a 95% Wilson interval, and the mean
 * round the fights ended in. `--trials --json` prints it as it is (key order included).
 */
export interface TrialsResult {
  readonly trials: number;
  readonly partyWins: number;
  /** partyWins / trials. */
  readonly winRate: number;
  /** `wilson95(partyWins, trials)`. */
  readonly ci95: readonly [number, number];
  readonly meanRounds: number;
}

/** One fight of a trial: who won and the round it ended in. */
export interface TrialFight {
  readonly winner: string;
  readonly rounds: number;
}

/**
 * Plays `trials` fights with dice seeds `seed`, `seed + 1`, … (each replays exactly with its
 * seed) and sums them up; the party wins a fight whose winner is "party".
 * @param play one fight on the dice of `roller`, unrecorded.
 * @throws RangeError when trials is not a whole number ≥ 1.
 */
export function runTrials(
  trials: number, seed: number, play: (roller: DiceRoller) => TrialFight,
): TrialsResult {
  if (!Number.isInteger(trials) || trials < 1)
    throw new RangeError("trials must be a whole number ≥ 1");
  let partyWins = 0;
  let rounds = 0;
  for (let i = 0; i < trials; i++) {
    const fight = play(new SeededRoller(seed + i));
    if (fight.winner === "party") partyWins++;
    rounds += fight.rounds;
  }
  return {
    trials, partyWins, winRate: partyWins / trials, ci95: wilson95(partyWins, trials),
    meanRounds: rounds / trials,
  };
}

/**
 * What `--trials` prints without `--json`, one line: "200 fights: the party wins 151 (75.5%, 95% CI
 * 69.1%–80.9%); mean 4.12 rounds".
 */
export function trialsLine(result: TrialsResult): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const ci = `95% CI ${pct(result.ci95[0])}–${pct(result.ci95[1])}`;
  const wins = `the party wins ${result.partyWins} (${pct(result.winRate)}, ${ci})`;
  return `${result.trials} fights: ${wins}; mean ${result.meanRounds.toFixed(2)} rounds\n`;
}
