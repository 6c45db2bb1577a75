/**
 * The delta ledger's records: what one step of play changed in the world's documents, kept so the
 * step can be undone exactly, or refused with the reason when a later change makes that inexact.
 * Pure and JSON-safe: a step's deltas are stored as they are (on a chat card, in a runner's log).
 *
 * A step's changes are of four kinds:
 * - `set`: a field went from `before` to `after`. Undone only while it still holds `after`. A
 *   `set` whose `before` equals its `after` only checks: the step relied on the field staying so
 *   (a character's death track, which a later death save would make the undo inexact).
 * - `add`: a number moved by `amount` and later changes to it may stay (hit points: undoing an
 *   old hit keeps the hits after it). Undone by subtracting `amount` from what it holds now,
 *   within bounds the ruleset gave when the step was taken.
 * - `create`: a document was created (an ActiveEffect). Undone by deleting it when it is still
 *   there; one already gone is owed nothing, unless the step marked it `required` (a status the
 *   undo must find as it left it).
 * - `delete`: a document was deleted; its data is kept. Undone by creating it again with its id.
 * A `set` may carry a guard: it is owed only while another field holds a value (a shield spent in
 * round 3 is given back only during round 3); when the guard fails the delta is skipped.
 */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** A document by its uuid (`Actor.abc`, `Scene.x.Token.y.Actor.z`…) and a dotted field path. */
export interface FieldRef {
  readonly uuid: string;
  readonly path: string;
}

/** A bound of an `add`'s undone value: a number, or the value of another field now. */
export type Bound = number | FieldRef;

export interface SetDelta extends FieldRef {
  readonly kind: "set";
  readonly before: Json;
  readonly after: Json;
  /** Owed only while `guard.path` of `guard.uuid` equals `guard.equals`. */
  readonly guard?: FieldRef & { readonly equals: Json };
}

export interface AddDelta extends FieldRef {
  readonly kind: "add";
  readonly amount: number;
  /** The undone value must lie within these (inclusive). */
  readonly min?: Bound;
  readonly max?: Bound;
  /** The value now must be at least this for the undo to be exact (a fallen target stays so). */
  readonly nowMin?: number;
}

export interface CreateDelta {
  readonly kind: "create";
  /** The created document. */
  readonly uuid: string;
  /** The undo is refused (`changedSince`) when the document is gone. */
  readonly required?: boolean;
}

export interface DeleteDelta {
  readonly kind: "delete";
  /** The deleted document, its parent and the embedded collection's document name. */
  readonly uuid: string;
  readonly parentUuid: string;
  readonly documentName: string;
  readonly data: Json;
}

export type Delta = SetDelta | AddDelta | CreateDelta | DeleteDelta;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep equality of JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

/** A JSON copy of a value read from a document (undefined reads as null). */
export function toJson(value: unknown): Json {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Json;
}

/**
 * The `set` deltas between two readings of the same fields of one document: one per path whose
 * value changed, in the order of `paths`.
 */
export function setDeltas(
  uuid: string,
  paths: readonly string[],
  before: Readonly<Record<string, Json>>,
  after: Readonly<Record<string, Json>>,
): SetDelta[] {
  return paths
    .filter((path) => !sameJson(before[path] ?? null, after[path] ?? null))
    .map((path) => ({
      kind: "set", uuid, path, before: before[path] ?? null, after: after[path] ?? null,
    }));
}

/** Whether a value read back from storage is a well-formed delta (stored records are checked). */
export function isDelta(v: unknown): v is Delta {
  if (!isObject(v) || typeof v.uuid !== "string" || !v.uuid) return false;
  switch (v.kind) {
    case "set":
      return typeof v.path === "string" && "before" in v && "after" in v;
    case "add":
      return typeof v.path === "string" && Number.isFinite(v.amount);
    case "create":
      return true;
    case "delete":
      return typeof v.parentUuid === "string" && typeof v.documentName === "string"
        && isObject(v.data);
    default:
      return false;
  }
}
