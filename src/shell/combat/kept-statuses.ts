import { queued } from "../relay/gm-relay";
import { setStatuses } from "../documents/statuses";
import { foundryLocalize as t } from "../setup/localize";
import { keptOf, writeKept, type KeptCombat } from "./kept";
import { combatantsOfActor } from "./located";

/**
 * Statuses the GM keeps. A ruleset's Combat names, in its static `keptStatuses`, the kept fields
 * that hold a condition a player must not shed by hand (wounds: prone, disarmed, snuck up on,
 * tied up, frozen, paralysed). A status is an ActiveEffect of its actor, which the actor's owner
 * may delete, disable or edit (common/documents/active-effect.mjs: permission from the parent
 * actor), so the rules read the kept field, which only the GM writes (`kept.ts`), and the active
 * GM keeps it true to the statuses:
 * - as a battle begins and as a combatant joins one, every status present is kept;
 * - after a change to an actor's effects while it fights in a started encounter (the hooks run
 *   on every client once the actor is prepared again, client/data/client-backend.mjs): a status
 *   anyone added is kept; one a GM took off with the effect it changed is no longer kept; one a
 *   player took off while kept comes back (its effect enabled again, or made anew), and the GM
 *   is told. Each change is ruled in the relay's one queue, after the requests before it.
 */

/** The kept field → status id pairs a combat's class declares (none: `[]`). */
export const keptStatusPairs = (combat: object): [string, string][] => Object.entries(
  (combat.constructor as { keptStatuses?: Readonly<Record<string, string>> }).keptStatuses ?? {},
);

/** The kept fields of the statuses `actor` shows now (each true), for a join or a start. */
export const statusesKept = (
  pairs: readonly [string, string][], actor: Actor.Implementation | null,
): Record<string, boolean> => Object.fromEntries(
  pairs.filter(([, status]) => actor?.statuses.has(status)).map(([field]) => [field, true]),
);

/**
 * The statuses a written spend ends: those whose kept field `patch` sets false (wounds' stand-up
 * ends prone), for the shell to take off once the spend's work is done (`kept-spend.ts`).
 */
export const statusesEndedBy = (
  pairs: readonly [string, string][], patch: Readonly<Record<string, unknown>>,
): Record<string, boolean> => Object.fromEntries(
  pairs.filter(([field]) => patch[field] === false).map(([, status]) => [status, false]),
);

/** What a change of an actor's effects means for the statuses kept: fields to write, to restore. */
export interface StatusVerdict {
  readonly patch: Readonly<Record<string, boolean>>;
  /** Status ids to put back. */
  readonly restore: readonly string[];
}

/**
 * The verdict on a change, pure.
 * @param shown the statuses the actor shows now; `kept` its kept fields.
 * @param carried the statuses the changed effect carries (before or after the change): a GM's
 *   change ends only those.
 */
export function statusVerdict(
  pairs: readonly [string, string][], kept: Readonly<Record<string, unknown>>,
  shown: ReadonlySet<string>, byGM: boolean, carried: ReadonlySet<string>,
): StatusVerdict {
  const patch: Record<string, boolean> = {};
  const restore: string[] = [];
  for (const [field, status] of pairs) {
    const has = shown.has(status);
    if (has && kept[field] !== true) patch[field] = true;
    else if (!has && kept[field] === true) {
      if (!byGM) restore.push(status);
      else if (carried.has(status)) patch[field] = false;
    }
  }
  return { patch, restore };
}

/** GM: the statuses each combatant shows as the battle begins, kept. */
export async function keepStatusesOf(
  combat: KeptCombat & { readonly combatants: Iterable<Combatant.Implementation> },
): Promise<void> {
  const pairs = keptStatusPairs(combat);
  if (!pairs.length) return;
  const patches: Record<string, Record<string, boolean>> = {};
  for (const c of combat.combatants) {
    const kept = statusesKept(pairs, c.actor);
    if (c.id && Object.keys(kept).length) patches[c.id] = kept;
  }
  if (Object.keys(patches).length) await writeKept(combat, patches);
}

/** Puts `status` back on `actor`: its disabled effect enabled, else made anew. */
async function putBack(actor: Actor.Implementation, status: string): Promise<void> {
  const off = actor.effects.find((e) => e.disabled && e.statuses.has(status));
  if (off) await off.update({ disabled: false } as ActiveEffect.UpdateData);
  if (!actor.statuses.has(status)) await setStatuses(actor, { [status]: true });
}

/** The active GM's answer to a change of `actor`'s effects by `userId` (see the module). */
async function sync(actor: Actor.Implementation, userId: string, carried: Set<string>):
  Promise<void> {
  const byGM = game.users?.get(userId)?.isGM ?? false;
  const restored = new Set<string>();
  for (const { combat, combatant } of combatantsOfActor(actor)) {
    const pairs = keptStatusPairs(combat);
    if (!pairs.length || !combatant.id) continue;
    const kept = keptOf(combat as unknown as KeptCombat, combatant.id);
    const verdict = statusVerdict(pairs, kept, actor.statuses, byGM, carried);
    if (Object.keys(verdict.patch).length) {
      await writeKept(combat as unknown as KeptCombat, { [combatant.id]: verdict.patch });
    }
    for (const status of verdict.restore) restored.add(status);
  }
  for (const status of restored) await putBack(actor, status);
  if ([...restored].some((s) => actor.statuses.has(s))) {
    ui.notifications?.warn(t("FRAY.Tracker.StatusKept", { name: actor.name ?? "" }));
  }
}

/** Registers the active GM's watch on effects (from the shell's install). */
export function registerKeptStatuses(): void {
  const watch = (effect: ActiveEffect.Implementation, userId: string, changed?: object) => {
    const actor = effect.parent;
    if (!game.user?.isActiveGM || !(actor instanceof Actor)) return;
    const listed = (changed as { statuses?: unknown } | undefined)?.statuses;
    const carried = new Set([...effect.statuses, ...Array.isArray(listed) ? listed : []]);
    void queued(() => sync(actor as Actor.Implementation, userId, carried))
      .catch((err: unknown) => console.error("Fray | keeping a status failed", err));
  };
  Hooks.on("createActiveEffect", (e: ActiveEffect.Implementation, _o: unknown, u: string) =>
    watch(e, u));
  Hooks.on("updateActiveEffect",
    (e: ActiveEffect.Implementation, c: object, _o: unknown, u: string) => watch(e, u, c));
  Hooks.on("deleteActiveEffect", (e: ActiveEffect.Implementation, _o: unknown, u: string) =>
    watch(e, u));
}
