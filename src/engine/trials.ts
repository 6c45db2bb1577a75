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
