import type { Budget } from "../../rules/actions";
import { budgetLeft } from "./sheet-view";

/**
 * The pure part of shock's combat tracker: per combatant, what it has left this round and its
 * marks, and whether it may be picked to act next (view/tracker-rows.ts builds the rows).
 * `rows` are the tracker's combatants in turn order. Source: `002_5e27cdf788b28f5f.txt` §Combat
 * Sequence, §Surprise, §Combat Action Types; RULINGS.md §shock.
 */
export interface TrackerRow {
  readonly id: string;
  readonly side: string;
  readonly budget: Budget;
  readonly totalDefense: boolean;
  readonly fellRound: number;
}

/** What a row shows: what is left, and how many rounds a fallen PC has been down. */
export function rowBadges(
  row: TrackerRow, round: number,
): { left: { key: string; left: boolean }[]; downFor: number | null } {
  return {
    left: budgetLeft({ ...row.budget, totalDefense: row.totalDefense }),
    downFor: row.fellRound > 0 ? Math.max(0, round - row.fellRound) : null,
  };
}

/**
 * Whether an owner may pick this combatant to act next: the combat has started, it is on the side
 * acting now, and its turn is still to come this round.
 */
export function mayActNext(
  rows: readonly TrackerRow[], index: number, turn: number | null, started: boolean,
): boolean {
  const current = turn === null ? undefined : rows[turn];
  const row = rows[index];
  if (!started || current === undefined || row === undefined) return false;
  return row.side === current.side && index > (turn ?? -1);
}
