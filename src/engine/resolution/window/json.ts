import type { Json } from "../../deltas/delta";

/**
 * Whether a value is plain JSON that survives `JSON.stringify` and `structuredClone` unchanged:
 * null, booleans, finite numbers other than −0, strings, dense arrays and plain objects of those
 * (no undefined fields, no class instances). A window's state, contexts, facts and settlements
 * must be.
 */
export function isJson(v: unknown): v is Json {
  if (v === null || typeof v === "boolean" || typeof v === "string") return true;
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !isJson(v[i])) return false;
    return true;
  }
  if (typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(v as Record<string, unknown>).every(isJson);
}

/**
 * @throws TypeError naming `what` when `v` is not plain JSON (a definition's bug: a window would
 *   store something it cannot read back).
 */
export function assertJson(v: unknown, what: string): asserts v is Json {
  if (!isJson(v)) throw new TypeError(`${what} is not plain JSON`);
}
