import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postMessage } from "../../../../shell/chat/post";
import { UNSUSPECTING_STATUS } from "./health";

/**
 * The Unsuspecting mark (`002_5e27cdf788b28f5f.txt` §Execution Attacks: "A target that is entirely
 * unsuspecting of danger is subject to execution attacks. A subject that is expecting danger or
 * alert to potential harm cannot be targeted by an execution attack."). It is an ActiveEffect with
 * the status `shockUnsuspecting` (Foundry's token icon and `actor.statuses`), put on by the GM
 * only: the GM's seal honours it only when a GM wrote it (its `_stats.lastModifiedBy`, which
 * Foundry's server stamps with the writing user and never takes from the client:
 * dist/database/backend/ server-document.mjs `preprocessData` drops client `_stats`,
 * `_preCreate`/`_preUpdate` tag them). The creature notices, and the mark ends, when it is attacked
 * (any attack card naming it, the execution itself included) and, in combat, when a turn of its
 * side starts (its side acts).
 */
export { UNSUSPECTING_STATUS };

/** One ActiveEffect as the mark reads it. */
export interface MarkEffect {
  readonly statuses: readonly string[];
  readonly disabled: boolean;
  /** The user who last wrote it, as the server stamped it (null: unknown). */
  readonly lastModifiedBy: string | null;
}

/** Whether the effects make their bearer Unsuspecting: an enabled one with the status, a GM's. */
export function unsuspectingHolds(
  effects: readonly MarkEffect[], isGM: (userId: string) => boolean,
): boolean {
  return effects.some((e) => !e.disabled && e.statuses.includes(UNSUSPECTING_STATUS)
    && e.lastModifiedBy !== null && isGM(e.lastModifiedBy));
}

/** Why a creature noticed (each a key of `FRAY.Shock.Unsuspecting.Noticed`). */
export type NoticeCause = "attacked" | "sideActs";

/** A combatant as the side-acts trigger reads it. */
export interface MarkedMember {
  readonly id: string;
  readonly side: string;
  readonly marked: boolean;
}

/** A turn of `actingSide` starts: every marked member of that side notices (its side acts). */
export function noticingWhenSideActs(
  actingSide: string,
  members: readonly MarkedMember[],
): string[] {
  return members.filter((m) => m.marked && m.side === actingSide).map((m) => m.id);
}

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
  const whisper = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id);
  await postMessage({
    content: `<div class="fray shock"><p>${foundry.utils.escapeHTML(line)}</p></div>`,
    speaker: { alias: "Fray" }, whisper,
  });
}
