import { claimOnce } from "../gm/claim";
import { keptSpecOf } from "./kept";
import { isKeptId, keptRecord, KEPT_ROOT } from "./kept-record";

/**
 * A combatant's kept entry (`kept.ts`) follows the combatant: when one joins a combat, the
 * active GM writes what its class reads from the documents then (`FrayTurnCombat#keptOnJoin`:
 * shock's side); when one leaves, its entry and spend receipt are deleted, so nothing of it
 * lingers for a combatant created later under its id (a player may choose the id of a Combatant
 * it creates). Each write is claimed once on the GM's User (`gm/claim.ts`), whichever tab of the
 * active GM sees the hook. What happened while no GM was connected is caught up when the world
 * is ready, after the migration: entries of combatants gone are deleted, newcomers joined.
 *
 * A combatant that leaves a started combat leaves its entry behind, by its token (or, tokenless,
 * its actor), and one that joins for that token takes it back instead of a newcomer's fields:
 * Foundry lets an actor's owner delete and create its Combatant (common/documents/combatant.mjs,
 * `create` and `delete` are "OWNER"), which would otherwise buy a fresh round's economy or shed
 * a mark the GM kept (a summon's), under a new id.
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
/** The entries combatants left behind, by token (or actor) id: GM-written Combat flags. */
const LEFT = "flags.fray.keptLeft";

/** A flag of the combat's `fray` scope as an object by id (untrusted shapes). */
function frayRecord(combat: LifecycleCombat, key: "kept" | "keptLeft"): Record<string, unknown> {
  const value = (combat.flags as { fray?: Record<string, unknown> } | undefined)?.fray?.[key];
  return value && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown> : {};
}

const entriesOf = (combat: LifecycleCombat) => frayRecord(combat, "kept");

/** Whom a combatant stands for across its removal: its token, else its actor (or null). */
export function leftKeyOf(c: { readonly tokenId?: string | null; readonly actorId?: string | null }):
  string | null {
  const key = c.tokenId || c.actorId;
  return isKeptId(key) ? key : null;
}

/** Each active GM's lifecycle writes in order: a deletion's before the next creation's read. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const keptIds = (combat: LifecycleCombat): string[] =>
  Object.keys(entriesOf(combat)).filter(isKeptId);

/**
 * Active GM, once per combatant: writes the kept fields its combat's class gives a newcomer,
 * those its entry lacks (a GM may have written one since); or, when a combatant for its token
 * left this combat while it was under way, that one's entry instead (see above), once.
 * @returns whether it wrote them (false: nothing to write, not the active GM, or claimed elsewhere)
 */
export async function joinKept(combat: LifecycleCombat, c: Combatant.Implementation):
  Promise<boolean> {
  const spec = keptSpecOf(combat);
  if (!game.user?.isActiveGM || !spec || !combat.id || !isKeptId(c.id)) return false;
  const entry = entriesOf(combat)[c.id];
  const has = (k: string) => typeof entry === "object" && entry !== null && Object.hasOwn(entry, k);
  const key = leftKeyOf(c);
  const left = key !== null && Object.hasOwn(frayRecord(combat, "keptLeft"), key)
    ? keptRecord(spec, frayRecord(combat, "keptLeft")[key]) : null;
  const patch = Object.fromEntries(
    Object.entries(left ?? combat.keptOnJoin?.(c) ?? {}).filter(([k]) => !has(k)),
  );
  if ((!Object.keys(patch).length && !left) || !combat.keep) return false;
  if (!(await claimOnce(`kept.join.${combat.id}.${c.id}`))) return false;
  // Through the class's own write (escalation's keeps the acting combatant current).
  if (Object.keys(patch).length) await combat.keep({ [c.id]: patch });
  if (left) await combat.update({ [`${LEFT}.-=${key}`]: null });
  return true;
}

/**
 * Active GM, once per combatant: deletes the kept entry and spend receipt of combatants no longer
 * in the combat, in one Combat update; in a started combat, the entry of one whose token (or
 * actor) `leftKeys` names is left behind for it (see above).
 * @param ids the combatants that left (each checked to be gone and to have an entry)
 * @param leftKeys by combatant id, its `leftKeyOf` (unknown for those gone while no GM was there)
 * @returns the ids pruned
 */
export async function pruneKept(
  combat: LifecycleCombat, ids: readonly string[],
  leftKeys: Readonly<Record<string, string | null>> = {},
): Promise<string[]> {
  if (!game.user?.isActiveGM || !combat.id) return [];
  const present = new Set(combat.combatants.contents.map((c) => c.id));
  const stored = new Set(keptIds(combat));
  const pruned: string[] = [];
  for (const id of ids) {
    if (!isKeptId(id) || present.has(id) || !stored.has(id)) continue;
    if (await claimOnce(`kept.prune.${combat.id}.${id}`)) pruned.push(id);
  }
  if (!pruned.length) return [];
  const entries = entriesOf(combat);
  const changes = Object.fromEntries(pruned.flatMap((id) => {
    const key = combat.started ? leftKeys[id] : null;
    return [
      [`${KEPT_ROOT}.-=${id}`, null], [`${RECEIPTS}.-=${id}`, null],
      ...key ? [[`${LEFT}.${key}`, structuredClone(entries[id])]] : [],
    ];
  }));
  await combat.update(changes);
  return pruned;
}

/**
 * Active GM, on a ready world after the migration (`kept-migration.ts`): prunes the entries of
 * combatants gone and joins those that joined while no GM was connected.
 */
export async function catchUpKept(combats: readonly LifecycleCombat[]): Promise<void> {
  for (const combat of combats) {
    if (!keptSpecOf(combat)) continue;
    await pruneKept(combat, keptIds(combat));
    for (const c of combat.combatants.contents) await joinKept(combat, c);
  }
}

/** Registers the hooks (from the shell's install, at `init`). */
export function registerKeptLifecycle(): void {
  const fail = (err: unknown) => console.error("Fray | keeping a combatant's entry failed", err);
  Hooks.on("createCombatant", (c: Combatant.Implementation) => {
    const combat = c.parent as unknown as LifecycleCombat | null;
    if (combat && game.user?.isActiveGM) void inTurn(() => joinKept(combat, c)).catch(fail);
  });
  // A Combat created with its combatants fires no createCombatant for them.
  Hooks.on("createCombat", (combat: Combat.Implementation) => {
    if (game.user?.isActiveGM)
      void inTurn(() => catchUpKept([combat as unknown as LifecycleCombat])).catch(fail);
  });
  Hooks.on("deleteCombatant", (c: Combatant.Implementation) => {
    const combat = c.parent as unknown as LifecycleCombat | null;
    if (!combat || !c.id || !game.user?.isActiveGM) return;
    const leftKeys = { [c.id]: leftKeyOf(c) };
    void inTurn(() => pruneKept(combat, [c.id!], leftKeys)).catch(fail);
  });
}
