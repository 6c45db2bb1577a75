import { setStatuses } from "../documents/statuses";
import { foundryLocalize as t } from "../setup/localize";
import { keptOf, writeKept, type KeptCombat } from "./kept";
import { combatOfActor } from "./located";

/**
 * Statuses the GM keeps. A ruleset's Combat names, in its static `keptStatuses`, the kept fields
 * that hold a condition a player must not shed by hand (wounds' prone and disarmed: each costs
 * an action to end). A status is an ActiveEffect of its actor, which the actor's owner may
 * delete or edit (common/documents/active-effect.mjs: permission from the parent actor), so the
 * rules read the kept field, which only the GM writes (`kept.ts`), and the GM keeps it true to
 * the statuses:
 * - as a battle begins, every status present is kept (`keepStatusesOf`);
 * - after any change to an actor's effects while it fights in a started encounter (the hooks
 *   run on every client after the actor is prepared again, client/data/client-backend.mjs), the
 *   active GM keeps a status anyone added (a player may put its unit down) and one a GM took off;
 * - one a player took off while it is kept comes back.
 */

/** The kept field → status id pairs a combat's class declares (none: `{}`). */
const pairsOf = (combat: object): [string, string][] => Object.entries(
  (combat.constructor as { keptStatuses?: Readonly<Record<string, string>> }).keptStatuses ?? {},
);

/** GM: the statuses `combatant`'s actor shows now, kept (as a battle begins). */
export async function keepStatusesOf(
  combat: KeptCombat & { readonly combatants: Iterable<Combatant.Implementation> },
): Promise<void> {
  const pairs = pairsOf(combat);
  if (!pairs.length) return;
  const patches: Record<string, Record<string, boolean>> = {};
  for (const c of combat.combatants) {
    const present = pairs.filter(([, status]) => c.actor?.statuses.has(status));
    if (c.id && present.length) patches[c.id] = Object.fromEntries(present.map(([f]) => [f, true]));
  }
  if (Object.keys(patches).length) await writeKept(combat, patches);
}

/** The active GM's answer to a change of `actor`'s effects by `userId` (see the module). */
async function sync(actor: Actor.Implementation, userId: string): Promise<void> {
  const found = game.user?.isActiveGM ? combatOfActor(actor) : null;
  const pairs = found ? pairsOf(found.combat) : [];
  if (!found || !pairs.length || !found.combatant.id) return;
  const combat = found.combat as unknown as KeptCombat;
  const kept = keptOf(combat, found.combatant.id);
  const byGM = game.users?.get(userId)?.isGM ?? false;
  const patch: Record<string, boolean> = {};
  const restore: Record<string, boolean> = {};
  for (const [field, status] of pairs) {
    const has = actor.statuses.has(status);
    if (has && kept[field] !== true) patch[field] = true;
    else if (!has && kept[field] === true) {
      if (byGM) patch[field] = false;
      else restore[status] = true;
    }
  }
  if (Object.keys(patch).length) await writeKept(combat, { [found.combatant.id]: patch });
  if (!Object.keys(restore).length) return;
  await setStatuses(actor, restore);
  ui.notifications?.warn(t("FRAY.Tracker.StatusKept", { name: actor.name ?? "" }));
}

/** Registers the active GM's watch on effects (from the shell's install). */
export function registerKeptStatuses(): void {
  const watch = (effect: ActiveEffect.Implementation, userId: string) => {
    const actor = effect.parent;
    if (!(actor instanceof Actor)) return;
    void sync(actor as Actor.Implementation, userId).catch((err: unknown) =>
      console.error("Fray | keeping a status failed", err));
  };
  Hooks.on("createActiveEffect", (e: ActiveEffect.Implementation, _o: unknown, u: string) =>
    watch(e, u));
  Hooks.on("updateActiveEffect",
    (e: ActiveEffect.Implementation, _c: unknown, _o: unknown, u: string) => watch(e, u));
  Hooks.on("deleteActiveEffect", (e: ActiveEffect.Implementation, _o: unknown, u: string) =>
    watch(e, u));
}
