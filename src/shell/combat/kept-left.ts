import { isKeptId } from "./kept-record";

/**
 * What a combatant leaves behind when it is deleted from a started combat, pure
 * (`kept-lifecycle.ts` writes it). Foundry lets an actor's owner delete and create its Combatant
 * (common/documents/combatant.mjs: `create` and `delete` are "OWNER"), under any id and with or
 * without a token; without this, a player would buy a fresh round's economy, or shed a mark the
 * GM kept, by removing its combatant and adding it again.
 *
 * Whom a combatant stands for (its key, kept by the GM as it joins, `flags.fray.keptKeys`): the
 * token of an unlinked actor (each such token is its own unit), else the world actor. A key is
 * read from the documents only while the combatant's token resolves; a combatant naming a token
 * that does not resolve stands for its world actor, which its creator had to own. Beside the key
 * the GM keeps the combatant's creation time (`_stats.createdTime`, set by the server: a user
 * cannot), so a combatant created again under an id it chose is a new document to the claims.
 */

/** A combatant as its key reads it. */
export interface KeyedCombatant {
  readonly actorId?: string | null;
  readonly token?: { readonly id: string | null; readonly actorLink: boolean } | null;
}

/** The key of a combatant (see above), or null when it names no actor. */
export function keyOf(c: KeyedCombatant): string | null {
  const key = c.token && !c.token.actorLink ? c.token.id : c.actorId;
  return isKeptId(key) ? key : null;
}

/** A combatant's kept key and creation time (`flags.fray.keptKeys.<id>`). */
export interface KeyRecord {
  readonly key: string;
  readonly born: number;
}

/** A stored key record, or null when it is none (its shape is not trusted). */
export function keyRecordOf(v: unknown): KeyRecord | null {
  if (typeof v !== "object" || v === null) return null;
  const { key, born } = v as Record<string, unknown>;
  return isKeptId(key) ? { key, born: typeof born === "number" ? born : 0 } : null;
}

/** A left entry: the combatant's id then, its kept entry, and its ranked score if it had one. */
export interface LeftRecord {
  readonly id: string;
  readonly entry: unknown;
  readonly score?: number;
}

/** A stored left record, or null when it is none (its shape is not trusted). */
export function leftRecordOf(v: unknown): LeftRecord | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const { id, entry, score } = v as Record<string, unknown>;
  if (!isKeptId(id)) return null;
  return { id, entry, ...(typeof score === "number" && Number.isFinite(score) ? { score } : {}) };
}

/**
 * Where a joining combatant's kept fields come from, in a started combat:
 * - `left`: the record left under its key by a combatant deleted before;
 * - `orphan`: the entry of a combatant of the same key that is gone but not pruned yet (a second
 *   tab of the GM may be pruning it);
 * - `twin`: the entry of a combatant of the same key still present, when a player added this one
 *   (one unit, one turn's economy: a GM may add a twin on purpose, and gets a newcomer).
 * Null: a newcomer (its class's `keptOnJoin`).
 * @param keys each combatant's kept key, by id
 * @param present the ids in the combat now
 */
export function joinSource(at: {
  readonly id: string; readonly key: string | null; readonly byPlayer: boolean;
  readonly keys: Readonly<Record<string, unknown>>; readonly entries: Readonly<Record<string, unknown>>;
  readonly left: Readonly<Record<string, unknown>>; readonly present: ReadonlySet<string>;
  readonly scores: Readonly<Record<string, unknown>>;
}): { kind: "left" | "orphan" | "twin"; record: LeftRecord } | null {
  if (at.key === null) return null;
  const same = Object.keys(at.keys).filter((id) =>
    id !== at.id && keyRecordOf(at.keys[id])?.key === at.key && Object.hasOwn(at.entries, id));
  const twin = same.find((id) => at.present.has(id));
  // A twin a player adds is the one unit twice; a GM's twin is a newcomer on purpose.
  if (twin) return at.byPlayer ? { kind: "twin", record: { id: twin, entry: at.entries[twin] } } : null;
  const left = leftRecordOf(at.left[at.key]);
  if (left) return { kind: "left", record: left };
  const gone = same.find((id) => !at.present.has(id));
  const score = gone !== undefined && typeof at.scores[gone] === "number"
    ? { score: at.scores[gone] as number } : {};
  return gone ? { kind: "orphan", record: { id: gone, entry: at.entries[gone], ...score } } : null;
}

/**
 * The kept fields of other combatants that name `from` (those of `fields`, the ruleset's fields
 * holding combatant ids, equal to it or a list holding it: a summon's summoner, a grapple, a
 * screen), renamed to `to`, by combatant id: a combatant taking back what it left is the same
 * unit under a new id. Other fields are never read: an id a player chose may equal an item's.
 */
export function renamedRefs(
  records: Readonly<Record<string, Readonly<Record<string, unknown>>>>, from: string, to: string,
  fields: readonly string[],
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [id, record] of Object.entries(records)) {
    for (const field of fields) {
      const value = record[field];
      const renamed = value === from ? to
        : Array.isArray(value) && value.includes(from)
          ? value.map((v: unknown) => (v === from ? to : v)) : undefined;
      if (renamed !== undefined) (out[id] ??= {})[field] = renamed;
    }
  }
  return out;
}
