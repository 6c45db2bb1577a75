import { renamedInLedger } from "../../engine/effects/ledger";
import { claimOnce } from "../gm/claim";
import { keptSpecOf } from "./kept";
import { isKeptId, keptRecord, KEPT_ROOT } from "./kept-record";
import { keptStatusPairs, statusesKept } from "./kept-statuses";
import {
  joinSource, keyOf, keyRecordOf, renamedRefs, type KeyRecord,
} from "./kept-left";

/**
 * A combatant's kept entry (`kept.ts`) follows the combatant: when one joins a combat, the
 * active GM writes what its class reads from the documents then (`FrayTurnCombat#keptOnJoin`:
 * shock's side) and whom it stands for (its key, `kept-left.ts`); when one leaves, its entry and
 * spend receipt are deleted, so nothing of it lingers for a combatant created later under its id
 * (a player may choose the id of a Combatant it creates). Each write is claimed once on the GM's
 * User (`gm/claim.ts`), whichever tab of the active GM sees the hook. What happened while no GM
 * was connected is caught up when the world is ready, after the migration: entries of
 * combatants gone are deleted, newcomers joined.
 *
 * A combatant that leaves a started combat leaves its entry (and ranked score) behind under its
 * key, and one that joins for the same key takes it back, as the same unit, instead of a
 * newcomer's fields; so does one a player adds beside a combatant of its key still there
 * (`kept-left.ts` `joinSource`).
 */
export interface LifecycleCombat {
  readonly id: string | null;
  readonly flags?: unknown;
  /** Whether the fight is under way (Foundry's `Combat#started`): only then is an entry left. */
  readonly started?: boolean;
  readonly combatants: { readonly contents: readonly Combatant.Implementation[] };
  keptOnJoin?(combatant: Combatant.Implementation): Record<string, unknown> | null;
  keep?(patches: Record<string, Record<string, unknown>>): Promise<void>;
  update(changes: object): Promise<unknown>;
}

const RECEIPTS = "flags.fray.keptReceipts";
/** Each combatant's key (`kept-left.ts`), by id; the entries left behind, by key; the scores. */
const KEYS = "flags.fray.keptKeys";
const LEFT = "flags.fray.keptLeft";
const SCORES = "flags.fray.rankedScores";
const LEDGER = "flags.fray.turnLedger";

type FrayRecord = "kept" | "keptKeys" | "keptLeft" | "rankedScores";

/** A flag of the combat's `fray` scope as an object by id (untrusted shapes). */
function frayRecord(combat: LifecycleCombat, key: FrayRecord): Record<string, unknown> {
  const value = (combat.flags as { fray?: Record<string, unknown> } | undefined)?.fray?.[key];
  return value && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown> : {};
}

const entriesOf = (combat: LifecycleCombat) => frayRecord(combat, "kept");

/** Each active GM's lifecycle writes in order: a deletion's before the next creation's read. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The ids the combat keeps anything for (an entry or a key). */
const keptIds = (combat: LifecycleCombat): string[] => [...new Set([
  ...Object.keys(entriesOf(combat)), ...Object.keys(frayRecord(combat, "keptKeys")),
])].filter(isKeptId);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether a combatant names a token that is not its actor's where it says (no such token on its
 * scene, or another actor's): Foundry's own controls add a token's combatant from the token
 * (client/documents/token.mjs `toggleCombatant`), so only a hand-made one does; the server checks
 * ownership against its `actorId` alone (dist/database/documents/combatant.mjs).
 */
function namesForeignToken(c: {
  readonly tokenId?: string | null; readonly actorId?: string | null;
  readonly token?: { readonly actorId?: string | null } | null;
}): boolean {
  return Boolean(c.tokenId) && (!c.token || c.token.actorId !== c.actorId);
}

/** When a combatant was created (server-set `_stats.createdTime`: no user writes it), or 0. */
const bornOf = (c: { readonly _stats?: { readonly createdTime?: number | null } }): number =>
  c._stats?.createdTime ?? 0;

/** The fields of a combat's kept entries that hold combatant ids (its class's `keptRefs`). */
function refsOf(combat: LifecycleCombat): readonly string[] {
  const cls = (combat as { constructor?: { keptRefs?: readonly string[] } }).constructor;
  return cls?.keptRefs ?? [];
}

/**
 * Active GM, once per combatant (per creation: a combatant created again under its id is
 * another): writes its key and the kept fields its entry lacks (a GM may have written some
 * since): in a started combat those of the unit it takes back (see above), with the other
 * combatants' references to that unit renamed; else those its combat's class gives a newcomer.
 * A player's twin of a combatant still present is removed instead (one unit, one combatant; a
 * GM's twin is a newcomer on purpose), as is a player's combatant naming a token not its
 * actor's, and the GM told.
 * @param byPlayer a player created it
 * @returns whether it wrote (false: nothing to write, not the active GM, or claimed elsewhere)
 */
export async function joinKept(
  combat: LifecycleCombat, c: Combatant.Implementation, byPlayer = false,
): Promise<boolean> {
  const spec = keptSpecOf(combat);
  if (!game.user?.isActiveGM || !spec || !combat.id || !isKeptId(c.id) || !combat.keep) {
    return false;
  }
  const id = c.id;
  const has = (k: string) => {
    const entry = entriesOf(combat)[id];
    return isObject(entry) && Object.hasOwn(entry, k);
  };
  // The conditions it joins under are the GM's to keep too (`kept-statuses.ts`).
  const fresh = {
    ...statusesKept(keptStatusPairs(combat), c.actor), ...combat.keptOnJoin?.(c) ?? {},
  };
  const born = bornOf(c);
  const known = keyRecordOf(frayRecord(combat, "keptKeys")[id])?.born === born;
  if (known && Object.keys(fresh).every(has)) return false;
  if (!(await claimOnce(`kept.join.${combat.id}.${id}.${born}`))) return false;
  // Read after the claim: another tab of the GM may have pruned the unit's old combatant since.
  const key = keyOf(c);
  const source = combat.started && !known ? joinSource({
    id, key, byPlayer, keys: frayRecord(combat, "keptKeys"), entries: entriesOf(combat),
    left: frayRecord(combat, "keptLeft"), scores: frayRecord(combat, "rankedScores"),
    present: new Set(combat.combatants.contents.map((x) => x.id ?? "")),
  }) : null;
  const removed = source?.kind === "twin" ? "TwinRemoved"
    : byPlayer && namesForeignToken(c) ? "ForeignRemoved" : null;
  if (removed) {
    ui.notifications?.warn(game.i18n!.format(`FRAY.Kept.${removed}`, { name: c.name ?? "" }));
    await c.delete();
    return true;
  }
  const from = source ? keptRecord(spec, source.record.entry) : fresh;
  const patch = Object.fromEntries(Object.entries(from).filter(([k]) => !has(k)));
  // Only a unit taken back is named by others under its old id.
  const others = () => Object.fromEntries(combat.combatants.contents.flatMap((x) =>
    (x.id && x.id !== id ? [[x.id, keptRecord(spec, entriesOf(combat)[x.id])]] : [])));
  const renamed = source ? renamedRefs(others(), source.record.id, id, refsOf(combat)) : {};
  // Through the class's own write (escalation's keeps the acting combatant current).
  if (Object.keys(patch).length || Object.keys(renamed).length) {
    await combat.keep({ ...renamed, [id]: patch });
  }
  const score = source?.record.score;
  // The turns the unit had stay its own (`engine/effects/ledger.ts` renamedInLedger).
  const ledger = (combat.flags as { fray?: { turnLedger?: unknown } } | undefined)
    ?.fray?.turnLedger;
  const turns = source && Array.isArray(ledger)
    ? renamedInLedger(ledger as string[], source.record.id, id) : null;
  const marks = {
    ...(turns && JSON.stringify(turns) !== JSON.stringify(ledger) ? { [LEDGER]: turns } : {}),
    ...(!known && key !== null ? { [`${KEYS}.${id}`]: { key, born } } : {}),
    ...(source?.kind === "left" ? { [`${LEFT}.-=${key}`]: null } : {}),
    ...(score !== undefined ? { [`${SCORES}.${id}`]: score } : {}),
  };
  if (Object.keys(marks).length) await combat.update(marks);
  return true;
}

/**
 * Active GM, once per combatant: deletes what the combat keeps of combatants no longer in it
 * (entry, receipt, key, ranked score), in one Combat update; in a started combat, one whose key
 * no combatant present shares leaves its entry and score behind under that key (see above),
 * replacing what an earlier one of that key left.
 * @param ids the combatants that left (each checked to be gone and to have something kept)
 * @param gone the deleted documents' own key and creation time, for one whose key the combat
 *   does not hold (joined before keys were kept)
 * @returns the ids pruned
 */
export async function pruneKept(
  combat: LifecycleCombat, ids: readonly string[],
  gone: Readonly<Record<string, KeyRecord | null>> = {},
): Promise<string[]> {
  if (!game.user?.isActiveGM || !combat.id) return [];
  const present = new Set(combat.combatants.contents.map((c) => c.id));
  const stored = new Set(keptIds(combat));
  const keys = frayRecord(combat, "keptKeys");
  const keyOfId = (id: string) => keyRecordOf(keys[id]) ?? gone[id] ?? null;
  const pruned: string[] = [];
  for (const id of ids) {
    if (!isKeptId(id) || present.has(id) || !stored.has(id)) continue;
    const born = keyOfId(id)?.born ?? 0;
    if (await claimOnce(`kept.prune.${combat.id}.${id}.${born}`)) pruned.push(id);
  }
  if (!pruned.length) return [];
  const [entries, scores] = [entriesOf(combat), frayRecord(combat, "rankedScores")];
  const presentKeys = new Set([...present].map((id) => keyRecordOf(keys[id ?? ""])?.key));
  const changes = Object.fromEntries(pruned.flatMap((id) => {
    const key = keyOfId(id)?.key;
    const leaves = combat.started && key !== undefined && !presentKeys.has(key)
      && Object.hasOwn(entries, id);
    const score = typeof scores[id] === "number" ? { score: scores[id] } : {};
    const record = { id, entry: structuredClone(entries[id]), ...score };
    return [
      [`${KEPT_ROOT}.-=${id}`, null], [`${RECEIPTS}.-=${id}`, null], [`${KEYS}.-=${id}`, null],
      [`${SCORES}.-=${id}`, null], ...leaves ? [[`${LEFT}.==${key}`, record]] : [],
    ];
  }));
  await combat.update(changes);
  return pruned;
}

/**
 * Active GM, on a ready world after the migration (`kept-migration.ts`): prunes what is kept of
 * combatants gone and joins those that joined while no GM was connected. None is removed as a
 * twin here: who made it is not known for sure (a GM may have added an actor twice before keys
 * were kept), and with no GM connected no spend was made meanwhile.
 */
export async function catchUpKept(combats: readonly LifecycleCombat[]): Promise<void> {
  for (const combat of combats) {
    if (!keptSpecOf(combat)) continue;
    await pruneKept(combat, keptIds(combat));
    for (const c of combat.combatants.contents) await joinKept(combat, c);
  }
}

/**
 * `catchUpKept` in the lifecycle's own queue, after any hook's writes this client has started
 * (the ready world's catch-up, `kept-migration.ts`).
 */
export function catchUpKeptInTurn(combats: readonly LifecycleCombat[]): Promise<void> {
  return inTurn(() => catchUpKept(combats));
}

/** Registers the hooks (from the shell's install, at `init`). */
export function registerKeptLifecycle(): void {
  const fail = (err: unknown) => console.error("Fray | keeping a combatant's entry failed", err);
  Hooks.on("createCombatant", (c: Combatant.Implementation, _options: unknown, userId: string) => {
    const combat = c.parent as unknown as LifecycleCombat | null;
    const byPlayer = !game.users?.get(userId)?.isGM;
    if (combat && game.user?.isActiveGM) {
      void inTurn(() => joinKept(combat, c, byPlayer)).catch(fail);
    }
  });
  // A Combat created with its combatants fires no createCombatant for them.
  Hooks.on("createCombat", (combat: Combat.Implementation) => {
    if (game.user?.isActiveGM)
      void inTurn(() => catchUpKept([combat as unknown as LifecycleCombat])).catch(fail);
  });
  Hooks.on("deleteCombatant", (c: Combatant.Implementation) => {
    const combat = c.parent as unknown as LifecycleCombat | null;
    if (!combat || !c.id || !game.user?.isActiveGM) return;
    const key = keyOf(c);
    const gone = { [c.id]: key === null ? null : { key, born: bornOf(c) } };
    void inTurn(() => pruneKept(combat, [c.id!], gone)).catch(fail);
  });
}
