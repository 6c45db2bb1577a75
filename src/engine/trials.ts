/**
 * Wilson score interval for a binomial proportion (z = 1.96). Unlike the normal approximation it
 * stays inside [0, 1] and is sensible at 0 or N successes.
 * @throws RangeError when n < 1.
 */
export function wilson95(successes: number, n: number): [number, number] {
  if (n < 1) throw new RangeError("need at least one trial");
  const z = 1.959963984540054;
  const p = successes / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
