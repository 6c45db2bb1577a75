import { UNSUSPECTING_STATUS } from "./health";

/**
 * The Unsuspecting mark as the GM's seal and the Combat read it (`002_5e27cdf788b28f5f.txt`
 * §Execution Attacks: only a target entirely unsuspecting of danger may be executed; one expecting
 * danger may not). The mark is an ActiveEffect with the status `shockUnsuspecting`, honoured only
 * when a GM wrote it (its server-stamped `_stats.lastModifiedBy`;
 * `foundry/documents/unsuspecting.ts` reads the effects and writes the notice). The creature
 * notices, and the mark ends, when it is attacked and, in combat, when a turn of its side
 * starts (its side acts).
 */

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
