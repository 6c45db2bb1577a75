import type { Json } from "../../deltas/delta";

/**
 * Whether a value is plain JSON that survives `JSON.stringify` and `structuredClone` unchanged:
 * null, booleans, finite numbers other than −0, strings, dense arrays and plain objects of those
 * (no undefined fields, no class instances). A window's state, contexts, facts and settlements
 * must be.
 */
export function isJson(v: unknown): v is Json {
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      // −0 would come back as 0 from JSON.
      return Number.isFinite(v) && (v !== 0 || 1 / v > 0);
    case "object":
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !isJson(v[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  // The enumerable string keys, as JSON.stringify reads them (a plain object's prototype adds
  // none); a runner checks thousands of states a second, so no array of the values is built.
  const o = v as Record<string, unknown>;
  for (const k in o) if (!isJson(o[k])) return false;
  return true;
}

/**
 * @param what names `v` in the error, with `detail` after it (given apart, so the words are only
 *   joined when the check fails: a runner checks thousands of values a second).
 * @throws TypeError naming `what` when `v` is not plain JSON (a definition's bug: a window would
 *   store something it cannot read back).
 */
export function assertJson(v: unknown, what: string, detail = ""): asserts v is Json {
  if (!isJson(v)) throw new TypeError(`${what}${detail} is not plain JSON`);
}
