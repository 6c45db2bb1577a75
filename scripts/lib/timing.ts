/**
 * Timing helpers for `npm run bench`. On a shared machine other work comes and goes; timing two
 * workloads in alternating windows exposes them to the same load, so the ratio of each adjacent
 * pair is steadier than the ratio of two separately timed rates.
 */

/** A workload: called with an increasing index (a seed, say). */
export type Workload = (i: number) => void;

export interface WindowOptions {
  /** Length of each timed window, in ms. */
  readonly windowMs: number;
  /** Calls made before any timing, so the JIT has settled; default 200 each. */
  readonly warmUp?: number;
  /** Calls between clock reads; default 50 (reading the clock costs time too). */
  readonly batch?: number;
  /** The clock, in ms; default `performance.now`. */
  readonly now?: () => number;
}

/** Calls per second of `fn` over one window of about `windowMs`; `next` supplies the indices. */
export function windowRate(fn: Workload, next: () => number, options: WindowOptions): number {
  const now = options.now ?? (() => performance.now());
  const batch = options.batch ?? 50;
  let calls = 0;
  const start = now();
  const end = start + options.windowMs;
  let t = start;
  while (t < end) {
    for (let k = 0; k < batch; k++, calls++) fn(next());
    t = now();
  }
  return calls / ((t - start) / 1000);
}

/**
 * Times `fns` in turn, `rounds` times over (A B A B … for two), one window each.
 * @returns calls per second, `rates[k][r]` for workload k in round r.
 * @throws RangeError when `rounds` < 1 or there is no workload.
 */
export function interleavedRates(
  fns: readonly Workload[],
  rounds: number,
  options: WindowOptions,
): number[][] {
  if (rounds < 1 || !fns.length) throw new RangeError("need at least one workload and one round");
  const counters = fns.map(() => 0);
  const nexts = fns.map((_, k) => () => counters[k]!++);
  fns.forEach((fn, k) => {
    for (let i = 0; i < (options.warmUp ?? 200); i++) fn(nexts[k]!());
  });
  const rates = fns.map((): number[] => []);
  for (let r = 0; r < rounds; r++)
    fns.forEach((fn, k) => rates[k]!.push(windowRate(fn, nexts[k]!, options)));
  return rates;
}

/** The median (the mean of the middle two for an even count). @throws RangeError when empty. */
export function median(values: readonly number[]): number {
  if (!values.length) throw new RangeError("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
