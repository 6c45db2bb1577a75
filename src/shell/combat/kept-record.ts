import { initialOf, validate, withDefaults, type ObjectSpec } from "../../engine/schema/spec";

/**
 * What the GM trusts of a combatant's round, kept where only a GM can write: the Combat's
 * `flags.fray.kept.<combatantId>` (pure helpers; `kept.ts` reads and writes it in Foundry).
 *
 * Why the Combat: Foundry v13 lets a player update only a Combat's `_id`, `round`, `turn` and
 * `combatants` (common/documents/combat.mjs `#canUpdate` checks the update's top-level keys, so
 * `flags`, a dotted `flags.fray.kept.x` and a `flags.-=fray` are all refused), while a player may
 * write its own Combatant's `system` and `flags` by any key (common/documents/combatant.mjs
 * `#canUpdate`; the server's `gmOnlyFields` check matches keys literally,
 * dist/database/backend/server-document.mjs `sanitizeUserInput`). Flags rather than a Combat
 * TypeDataModel: the store is the shell's, shared by every ruleset without registering a Combat
 * subtype, and a flag is plain JSON every client loads whatever ruleset the world plays.
 *
 * A ruleset declares its kept fields as an object field spec (`engine/schema/spec.ts`): their
 * shapes and defaults. A stored value that does not fit its field reads as the field's default.
 */
export const KEPT_ROOT = "flags.fray.kept";

/** A Foundry document id (16 alphanumerics; test ids may be longer). */
const ID = /^[A-Za-z0-9]{1,64}$/;

export const isKeptId = (id: unknown): id is string => typeof id === "string" && ID.test(id);

/** The dotted path of a combatant's kept record, or of one of its fields. */
export function keptPath(combatantId: string, field?: string): string {
  if (!isKeptId(combatantId)) throw new Error(`not a combatant id: ${combatantId}`);
  return field ? `${KEPT_ROOT}.${combatantId}.${field}` : `${KEPT_ROOT}.${combatantId}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const fits = (spec: ObjectSpec, field: string, value: unknown): boolean =>
  value !== undefined && value !== null && Object.hasOwn(spec.fields, field)
  && validate(spec.fields[field]!, value).length === 0;

/**
 * A combatant's kept record, every field filled: the stored value where it fits its field, else
 * (a combat from before the store, not migrated yet) the Combatant's own `system` value where it
 * fits, else the field's default.
 * @param stored the combatant's entry under `flags.fray.kept` (anything: it is not trusted to fit)
 * @param legacy the Combatant's `system`, or null once the world's combats were migrated
 */
export function keptRecord<S extends ObjectSpec>(
  spec: S, stored: unknown, legacy: unknown = null,
): Record<string, unknown> {
  const initial = initialOf(spec) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(spec.fields)) {
    const own = isRecord(stored) ? stored[field] : undefined;
    const old = isRecord(legacy) ? legacy[field] : undefined;
    const value = fits(spec, field, own) ? own : fits(spec, field, old) ? old : initial[field];
    out[field] = structuredClone(value);
  }
  // A fitting object may lack keys (a spec allows it): those read as their defaults too.
  return withDefaults(spec, out) as Record<string, unknown>;
}

/**
 * The Combat update that writes kept fields: one dotted key per field, so writes for different
 * combatants or fields never replace each other's; arrays and objects are written whole.
 * @param patches by combatant id, the fields to write
 * @throws Error for a field the spec does not keep, a value that does not fit it, or a bad id
 */
export function keptChanges(
  spec: ObjectSpec, patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [id, patch] of Object.entries(patches)) {
    for (const [field, value] of Object.entries(patch)) {
      if (!fits(spec, field, value))
        throw new Error(`kept field ${field} of ${id} cannot be ${JSON.stringify(value)}`);
      changes[keptPath(id, field)] = structuredClone(value);
    }
  }
  return changes;
}

/** Splits a patch into the fields the spec keeps and the rest (the Combatant's own). */
export function splitKept(
  spec: ObjectSpec | null, patch: Readonly<Record<string, unknown>>,
): { kept: Record<string, unknown>; own: Record<string, unknown> } {
  const kept: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (spec && Object.hasOwn(spec.fields, k)) kept[k] = v;
    else own[k] = v;
  }
  return { kept, own };
}

/** A combatant as the migration reads it: its id and where its kept fields were before. */
export interface LegacyCombatant {
  readonly id: string | null;
  /** Its old values by field (its `system`, plus what a ruleset kept elsewhere on it). */
  readonly legacy: unknown;
}

/**
 * The migration of one combat from the store's version `done` (0: before the store): each field
 * a later version added (`since`, by field; 1 when unnamed) that a combatant's entry lacks is
 * copied from where it was before (what the GM's code read until then). A combatant with an
 * entry gets only fields added after the first version (its entry's other fields read their
 * defaults since it was made), and a field already in the entry is left alone, so running it
 * twice changes nothing; a field an earlier version kept is never copied again (since then its
 * old place, which its player may write, was read by nothing).
 * @returns the Combat update, or null when there is nothing to copy
 */
export function migrationChanges(
  spec: ObjectSpec, stored: unknown, combatants: readonly LegacyCombatant[],
  versions: { readonly done?: number; readonly since?: Readonly<Record<string, number>> } = {},
): Record<string, unknown> | null {
  const { done = 0, since = {} } = versions;
  const newer = (after: number) =>
    Object.keys(spec.fields).filter((f) => (since[f] ?? 1) > after);
  const [all, added] = [newer(done), newer(Math.max(done, 1))];
  const changes: Record<string, unknown> = {};
  for (const c of combatants) {
    if (!isKeptId(c.id)) continue;
    const entry = isRecord(stored) ? stored[c.id] : undefined;
    const missing = isRecord(entry) ? added.filter((f) => !Object.hasOwn(entry, f)) : all;
    if (!missing.length) continue;
    const record = keptRecord(spec, undefined, c.legacy);
    const copy = Object.fromEntries(missing.map((f) => [f, record[f]]));
    if (!isRecord(entry)) changes[keptPath(c.id)] = copy;
    else for (const f of missing) changes[keptPath(c.id, f)] = copy[f];
  }
  return Object.keys(changes).length ? changes : null;
}

/**
 * Where a field a step recorded on a Combatant's `system` before the store (a card's delta:
 * `Scene…Combat.c.Combatant.x`, `system.shieldUsed`) lives now: the Combat's kept path, or null
 * for a field that is not kept.
 * @param uuid the Combatant's uuid (`…Combat.<combatId>.Combatant.<combatantId>`)
 */
export function keptRedirect(
  spec: ObjectSpec | null, uuid: string, path: string,
): { uuid: string; path: string } | null {
  const m = /^(.*Combat\.[A-Za-z0-9]+)\.Combatant\.([A-Za-z0-9]+)$/.exec(uuid);
  const [, field, rest = ""] = /^system\.([A-Za-z0-9_]+)(\..+)?$/.exec(path) ?? [];
  if (!spec || !m || !field || !Object.hasOwn(spec.fields, field)) return null;
  return { uuid: m[1]!, path: `${keptPath(m[2]!, field)}${rest}` };
}
