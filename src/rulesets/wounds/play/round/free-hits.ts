import type { Cell } from "../../../../engine/space/cell";
import type { Grid } from "../../../../engine/space/grid";
import {
  footprintDistance, movedTo, type Footprint,
} from "../../../../engine/space/footprint";
import {
  mayTakeFreeHit, moveProvokes, type FumbleFreeHit, type MoveTrigger,
} from "../../rules/free-hits";

/**
 * Free hits in Foundry, pure: who a mover's walk gives one (each enemy watching its melee zone
 * along the walk: the first step out of it, or the third within it, unless the mover
 * disengaged: `rules/free-hits.ts`), and which offer a natural 1 makes. Both are offered through
 * the shell's offer runtime; a move's and a plain natural 1's free hit is paid with a Free Hit
 * Slot, a tragedy's is an automatic critical taken with or without one.
 * Source: `001_dbc5fcc02a99a518.txt` §Free Hits/Free Hit Slots, §Disengage, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Free hit slots, Free hit.
 */

/** The offer kind of a free hit paid with a slot, and of a tragedy's critical one. */
export const FREE_HIT_KIND = "woundsFreeHit";
export const CRITICAL_FREE_HIT_KIND = "woundsCriticalFreeHit";

/** An enemy watching its melee zone as the mover walks. */
export interface Watcher {
  readonly id: string;
  readonly at: Footprint;
  /** Its melee zone in spaces (1; 2 with Reach). */
  readonly zone: number;
  /** Its Free Hit Slots left this round. */
  readonly slotsLeft: number;
  /** It may act: up, not a summon in its first round. */
  readonly mayAct: boolean;
}

export interface Provoked {
  readonly id: string;
  readonly trigger: MoveTrigger;
  readonly step: number;
}

/**
 * The watchers a walk gives a free hit to, in watcher order: those it provokes that may act and
 * have a slot left.
 * @param cells the mover's top-left cell at each position of its walk, start first.
 * @param mover the mover's footprint (its size; its origin is replaced by each cell).
 * @param disengaged the mover disengaged this turn: it provokes nothing.
 */
export function provokedBy(
  grid: Grid, cells: readonly Cell[], mover: Footprint, watchers: readonly Watcher[],
  disengaged: boolean,
): Provoked[] {
  if (disengaged || cells.length < 2) return [];
  return watchers.flatMap((w) => {
    if (!w.mayAct || !mayTakeFreeHit(w.slotsLeft, "move")) return [];
    const inside = cells.map((c) =>
      (footprintDistance(grid, movedTo(mover, c), w.at) ?? Infinity) <= w.zone);
    const p = moveProvokes(inside);
    return p ? [{ id: w.id, ...p }] : [];
  });
}

/**
 * The offer a settled natural 1 makes to its target, or null: none outside its melee zone; a
 * plain free hit only while it has a slot left and may act; a tragedy's critical one always.
 */
export function fumbleOfferKind(
  freeHit: FumbleFreeHit, slotsLeft: number, mayAct: boolean,
): string | null {
  if (freeHit === "none" || !mayAct) return null;
  if (freeHit === "criticalFreeHit") return CRITICAL_FREE_HIT_KIND;
  return mayTakeFreeHit(slotsLeft, "freeHit") ? FREE_HIT_KIND : null;
}
