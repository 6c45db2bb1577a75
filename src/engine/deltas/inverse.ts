import { sameJson, type Bound, type Delta, type FieldRef, type Json } from "./delta";

/**
 * Planning the undo of a recorded step: the writes that put back exactly what the step changed,
 * or the reason it can no longer be done exactly. Pure: it reads the world through `now` and
 * returns writes for the caller (the Foundry shell, or a runner) to make. See `delta.ts` for what
 * each kind of delta owes.
 */
export interface WorldReading {
  /** A field's value now, or `undefined` when its document is gone. */
  read(ref: FieldRef): Json | undefined;
  /** Whether a document exists now. */
  exists(uuid: string): boolean;
}

export type Write =
  | { readonly kind: "update"; readonly uuid: string; readonly path: string; readonly value: Json }
  | { readonly kind: "delete"; readonly uuid: string }
  | {
    readonly kind: "create";
    /** The document's uuid before it was deleted: it is created again with the same id. */
    readonly uuid: string;
    readonly parentUuid: string;
    readonly documentName: string;
    readonly data: Json;
  };

/**
 * Why an undo is refused: a field no longer holds what the step left (`changedSince`), a document
 * the step changed is gone (`gone`), or the undone number would leave its bounds (`outOfBounds`).
 * `at` names the field (or the document, with an empty path).
 */
export type InverseRefusal = {
  readonly ok: false;
  readonly reason: "changedSince" | "gone" | "outOfBounds";
  readonly at: FieldRef;
};

export type InversePlan = { readonly ok: true; readonly writes: readonly Write[] } | InverseRefusal;

const key = (ref: FieldRef): string => `${ref.uuid}\u0000${ref.path}`;

/**
 * The inverse of `deltas` (a step's changes, in the order they were made), judged against the
 * world now. Deltas are undone last first, each against the values the later ones' undo leaves,
 * so a field changed twice in one step is checked and restored through both changes. Updates of
 * the same field collapse into the last value written.
 */
export function planInverse(deltas: readonly Delta[], now: WorldReading): InversePlan {
  const overlay = new Map<string, Json>();
  const removed = new Set<string>();
  // Documents the step deleted, created again by the undo: read from their data from then on.
  const recreated = new Map<string, Json>();
  let writes: Write[] = [];
  const value = (ref: FieldRef): Json | undefined => {
    if (overlay.has(key(ref))) return overlay.get(key(ref));
    if (recreated.has(ref.uuid)) return pathOf(recreated.get(ref.uuid) ?? null, ref.path);
    return removed.has(ref.uuid) ? undefined : now.read(ref);
  };
  const bound = (b: Bound | undefined): number | undefined => {
    if (b === undefined || typeof b === "number") return b;
    const v = value(b);
    return typeof v === "number" ? v : undefined;
  };
  const refuse = (reason: InverseRefusal["reason"], at: FieldRef): InverseRefusal =>
    ({ ok: false, reason, at });

  for (const delta of [...deltas].reverse()) {
    if (delta.kind === "create") {
      const there = (now.exists(delta.uuid) || recreated.has(delta.uuid)) && !removed.has(delta.uuid);
      if (!there && delta.required) return refuse("changedSince", { uuid: delta.uuid, path: "" });
      if (there) {
        removed.add(delta.uuid);
        recreated.delete(delta.uuid);
        // What the undo would have written to it first is moot.
        writes = writes.filter((w) => w.kind !== "update" || w.uuid !== delta.uuid);
        writes.push({ kind: "delete", uuid: delta.uuid });
      }
      continue;
    }
    if (delta.kind === "delete") {
      if (!now.exists(delta.uuid) && !recreated.has(delta.uuid)) {
        recreated.set(delta.uuid, delta.data);
        writes.push({
          kind: "create", uuid: delta.uuid, parentUuid: delta.parentUuid,
          documentName: delta.documentName, data: delta.data,
        });
      }
      continue;
    }
    const current = value(delta);
    if (current === undefined) return refuse("gone", { uuid: delta.uuid, path: "" });
    if (delta.kind === "set") {
      if (delta.guard) {
        const guard = value(delta.guard);
        if (guard === undefined || !sameJson(guard, delta.guard.equals)) continue;
      }
      if (!sameJson(current, delta.after)) return refuse("changedSince", delta);
      // A field the step left as it was is only checked (`exact` watches record those).
      if (sameJson(delta.before, delta.after)) continue;
      overlay.set(key(delta), delta.before);
      writes.push({ kind: "update", uuid: delta.uuid, path: delta.path, value: delta.before });
      continue;
    }
    if (typeof current !== "number") return refuse("changedSince", delta);
    if (delta.nowMin !== undefined && current < delta.nowMin) return refuse("changedSince", delta);
    const undone = current - delta.amount;
    const min = bound(delta.min);
    const max = bound(delta.max);
    if ((min !== undefined && undone < min) || (max !== undefined && undone > max))
      return refuse("outOfBounds", delta);
    overlay.set(key(delta), undone);
    writes.push({ kind: "update", uuid: delta.uuid, path: delta.path, value: undone });
  }
  return { ok: true, writes: collapse(writes) };
}

/** The value at a dotted path of a document's data, or `undefined` when there is none. */
function pathOf(data: Json, path: string): Json | undefined {
  let at: Json | undefined = data;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object" || Array.isArray(at)) return undefined;
    at = Object.hasOwn(at, part) ? (at as Record<string, Json>)[part] : undefined;
  }
  return at === undefined ? null : at;
}

/** Keeps one update per field: the last one planned, where it was planned. */
function collapse(writes: readonly Write[]): Write[] {
  const last = new Map<string, number>();
  writes.forEach((w, i) => {
    if (w.kind === "update") last.set(key(w), i);
  });
  return writes.filter((w, i) => w.kind !== "update" || last.get(key(w)) === i);
}
