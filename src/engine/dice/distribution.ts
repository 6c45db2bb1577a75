import type { PoolSpec } from "./pool";

/**
 * The exact distribution of a pool's natural, as counts over all `faces^count` equally likely
 * outcomes. Index = natural. Exact integer arithmetic, so probabilities are exact fractions
 * `counts[n] / total`. Enumeration is fine for the pools Fray uses (at most 3 + 6 d6).
 * @throws RangeError for pools over 10 dice (the enumeration would be too large).
 */
export function poolDistribution(spec: PoolSpec): { counts: number[]; total: number } {
  if (spec.count > 10) throw new RangeError(`pool of ${spec.count} dice is too large to enumerate`);
  const counts = new Array<number>(spec.keep * spec.faces + 1).fill(0);
  const dice = new Array<number>(spec.count).fill(1);
  const sorted = new Array<number>(spec.count);
  let total = 0;
  for (;;) {
    for (let i = 0; i < spec.count; i++) sorted[i] = dice[i] as number;
    sorted.sort((a, b) => (spec.mode === "highest" ? b - a : a - b));
    let natural = 0;
    for (let i = 0; i < spec.keep; i++) natural += sorted[i] as number;
    counts[natural] = (counts[natural] ?? 0) + 1;
    total++;
    let i = 0;
    while (i < spec.count && dice[i] === spec.faces) dice[i++] = 1;
    if (i === spec.count) break;
    dice[i] = (dice[i] as number) + 1;
  }
  return { counts, total };
}
