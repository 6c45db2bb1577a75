import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import type { StatusEntry } from "../../../../shell/setup/status-effects";
import { UNSUSPECTING_STATUS } from "../../play/round/health";
import {
  unsuspectingHolds, type MarkEffect, type NoticeCause,
} from "../../play/round/unsuspecting";

/**
 * The Unsuspecting mark in Foundry (`002_5e27cdf788b28f5f.txt` §Execution Attacks): an
 * ActiveEffect with the status `shockUnsuspecting` (Foundry's token icon and `actor.statuses`), put
 * on by the GM only. The seal honours it only when a GM wrote it: its `_stats.lastModifiedBy`,
 * which Foundry's server stamps with the writing user and never takes from the client
 * (dist/database/backend/server-document.mjs `preprocessData` drops client `_stats`,
 * `_preCreate`/`_preUpdate` tag them). What the mark decides is `play/round/unsuspecting.ts`;
 * this reads the effects and writes the notice.
 */
export { UNSUSPECTING_STATUS };

/**
 * Its status effect: the GM toggles it from the token HUD and it shows on the token; the effect
 * carries the rule as its description; only a GM puts it on (`shell/setup/status-effects.ts`:
 * a player's client refuses it; the seal honours only a GM's mark anyway).
 */
export const UNSUSPECTING_EFFECT: StatusEntry = {
  id: UNSUSPECTING_STATUS, name: "FRAY.Shock.Unsuspecting.Name", img: "icons/svg/sleep.svg",
  descriptionKey: "FRAY.Shock.Unsuspecting.Description",
  gmOnlyWarning: "FRAY.Shock.Unsuspecting.GMOnly",
};

type Effect = { statuses: ReadonlySet<string>; disabled: boolean; _stats?: unknown };
type Effects = { contents: readonly Effect[] };

/** The actor's effects as the mark reads them. */
export function markEffectsOf(actor: Actor.Implementation): MarkEffect[] {
  const effects = (actor as { effects: Effects }).effects.contents;
  return effects.map((e) => {
    const by = (e._stats as { lastModifiedBy?: unknown } | undefined)?.lastModifiedBy;
    const lastModifiedBy = typeof by === "string" ? by : null;
    return { statuses: [...e.statuses], disabled: e.disabled, lastModifiedBy };
  });
}

/** Whether the GM marked this actor Unsuspecting (the mark an execution needs). */
export function isUnsuspecting(actor: Actor.Implementation): boolean {
  return unsuspectingHolds(markEffectsOf(actor), (id) => game.users?.get(id)?.isGM === true);
}

/**
 * GM: the creature noticed: its Unsuspecting effects are removed (Foundry's status toggle deletes
 * every single-status effect with the id, client/documents/actor.mjs `toggleStatusEffect`) and the
 * GMs are told why. Nothing happens when it carries no such status.
 */
export async function notice(actor: Actor.Implementation, cause: NoticeCause): Promise<void> {
  if (!game.user?.isGM || !actor.statuses.has(UNSUSPECTING_STATUS)) return;
  await actor.toggleStatusEffect(UNSUSPECTING_STATUS, { active: false });
  const line = t(`FRAY.Shock.Unsuspecting.Noticed.${cause}`, { name: actor.name ?? "" });
  await postNote({ content: noteHtml("shock", [line]), gmOnly: true });
}
