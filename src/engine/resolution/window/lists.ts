/**
 * Short lists grown without waste. V8 reserves room for sixteen more elements at a push onto a
 * short array (about 150 bytes), and a runner plays thousands of windows a second, each with a
 * few short lists (its log, who passed, what is offered); `concat` makes an exact copy but is
 * several times slower than a loop.
 */

/**
 * `list` with `x` at its end: an exact copy while the list is short; from sixteen on, `list`
 * itself, pushed (so only a list this function made, or another the caller owns, may be that
 * long).
 */
export function append<T>(list: readonly T[], x: T): T[] {
  const n = list.length;
  if (n >= 16) {
    (list as T[]).push(x);
    return list as T[];
  }
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list[i] as T;
  out[n] = x;
  return out;
}
