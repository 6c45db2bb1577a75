import { claimOnce } from "../gm/claim";
import { keptSpecOf } from "./kept";
import { isKeptId, KEPT_ROOT } from "./kept-record";

/**
 * A combatant's kept entry (`kept.ts`) follows the combatant: when one joins a combat, the
 * active GM writes what its class reads from the documents then (`FrayTurnCombat#keptOnJoin`:
 * shock's side); when one leaves, its entry and spend receipt are deleted, so nothing of it
 * lingers for a combatant created later under its id (a player may choose the id of a Combatant
 * it creates). Each write is claimed once on the GM's User (`gm/claim.ts`), whichever tab of the
 * active GM sees the hook. What happened while no GM was connected is caught up when the world
 * is ready, after the migration: entries of combatants gone are deleted, newcomers joined.
 */
export interface LifecycleCombat {
  readonly id: string | null;
  readonly flags?: unknown;
  readonly combatants: { readonly contents: readonly Combatant.Implementation[] };
  keptOnJoin?(combatant: Combatant.Implementation): Record<string, unknown> | null;
  keep?(patches: Record<string, Record<string, unknown>>): Promise<void>;
  update(changes: object): Promise<unknown>;
}

const RECEIPTS = "flags.fray.keptReceipts";

/** The kept entries stored on a combat, by combatant id (untrusted shapes). */
function entriesOf(combat: LifecycleCombat): Record<string, unknown> {
  const kept = (combat.flags as { fray?: { kept?: unknown } } | undefined)?.fray?.kept;
  return kept && typeof kept === "object" && !Array.isArray(kept)
    ? kept as Record<string, unknown> : {};
}

const keptIds = (combat: LifecycleCombat): string[] =>
  Object.keys(entriesOf(combat)).filter(isKeptId);

/**
 * Active GM, once per combatant: writes the kept fields its combat's class gives a newcomer,
 * those its entry lacks (a GM may have written one since).
 * @returns whether it wrote them (false: nothing to write, not the active GM, or claimed elsewhere)
 */
export async function joinKept(combat: LifecycleCombat, c: Combatant.Implementation):
  Promise<boolean> {
  if (!game.user?.isActiveGM || !keptSpecOf(combat) || !combat.id || !isKeptId(c.id)) return false;
  const entry = entriesOf(combat)[c.id];
  const has = (k: string) => typeof entry === "object" && entry !== null && Object.hasOwn(entry, k);
  const patch = Object.fromEntries(
    Object.entries(combat.keptOnJoin?.(c) ?? {}).filter(([k]) => !has(k)),
  );
  if (!Object.keys(patch).length || !combat.keep) return false;
  if (!(await claimOnce(`kept.join.${combat.id}.${c.id}`))) return false;
  await combat.keep({ [c.id]: patch });
  return true;
}

/**
 * Active GM, once per combatant: deletes the kept entry and spend receipt of combatants no longer
 * in the combat, in one Combat update.
 * @param ids the combatants that left (each checked to be gone and to have an entry)
 * @returns the ids pruned
 */
export async function pruneKept(combat: LifecycleCombat, ids: readonly string[]):
  Promise<string[]> {
  if (!game.user?.isActiveGM || !combat.id) return [];
  const present = new Set(combat.combatants.contents.map((c) => c.id));
  const stored = new Set(keptIds(combat));
  const pruned: string[] = [];
  for (const id of ids) {
    if (!isKeptId(id) || present.has(id) || !stored.has(id)) continue;
    if (await claimOnce(`kept.prune.${combat.id}.${id}`)) pruned.push(id);
  }
  if (!pruned.length) return [];
  const changes = Object.fromEntries(pruned.flatMap((id) => [
    [`${KEPT_ROOT}.-=${id}`, null], [`${RECEIPTS}.-=${id}`, null],
  ]));
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
    if (combat && game.user?.isActiveGM) void joinKept(combat, c).catch(fail);
  });
  // A Combat created with its combatants fires no createCombatant for them.
  Hooks.on("createCombat", (combat: Combat.Implementation) => {
    if (game.user?.isActiveGM)
      void catchUpKept([combat as unknown as LifecycleCombat]).catch(fail);
  });
  Hooks.on("deleteCombatant", (c: Combatant.Implementation) => {
    const combat = c.parent as unknown as LifecycleCombat | null;
    if (combat && c.id && game.user?.isActiveGM) void pruneKept(combat, [c.id]).catch(fail);
  });
}
