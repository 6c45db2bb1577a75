import { CellSet, type Cell } from "./cell";
import { footprintCells, type Footprint } from "./footprint";
import type { Grid } from "./grid";
import { adjacent, distance, neighbours } from "./measure";

/**
 * Reach and threat: which spaces a combatant can strike in melee. Every text puts reach 1 at the
 * spaces next to the combatant (004_2cc57162401858c9.txt §Reach: Small and Medium threaten all
 * adjacent hexes; 003_d18720f6cd315cc2.txt §Movement Phase Notes: each adjacent square;
 * 001_dbc5fcc02a99a518.txt §Melee Zone; 002_5e27cdf788b28f5f.txt §Run: usually 5′), and a longer
 * reach counts spaces outwards (004: Large reach 2 threatens 18 hexes; 001 §Feats Reach: 2 spaces
 * around you; 002: big foes and Long weapons).
 *
 * Reading chosen here for square grids, where the diagonal rule makes "within n" ambiguous: a
 * reach of 1 or more always covers every adjacent cell (corner neighbours too unless diagonals are
 * illegal), and beyond that a cell is in reach when the grid's `distance` to it is at most the
 * reach. So reach 2 covers a 5×5 block with equidistant diagonals but not its corners with
 * alternating or exact ones. A combatant does not threaten its own cells.
 */

/** Someone who threatens: an id the caller knows it by, its footprint and its reach in spaces. */
export interface Threatener {
  readonly id: string;
  readonly footprint: Footprint;
  readonly reach: number;
}

/** Floating sums (exact diagonals) may land a hair past a whole reach. */
const EPSILON = 1e-9;

function checkReach(reach: number): void {
  if (!(reach >= 0) || !Number.isFinite(reach)) {
    throw new RangeError(`reach must be a finite number of at least 0, got ${reach}`);
  }
}

/**
 * A combatant's reach from its size and what it wields: the largest of the size's reach and each
 * other reach it has (a weapon's, a feat's), since reaches do not stack (004 §Reach: "you take the
 * highest Reach value"). The ruleset passes its own numbers, e.g. action-points'
 * `{ Small: 1, Medium: 1, Large: 2, Huge: 3 }` with a two-handed polearm's 2.
 * @throws RangeError for a size the table lacks or a reach that is negative or not finite.
 */
export function effectiveReach(
  sizeName: string, reachBySize: Readonly<Record<string, number>>, others: readonly number[] = [],
): number {
  const base = Object.hasOwn(reachBySize, sizeName) ? reachBySize[sizeName] : undefined;
  if (base === undefined) throw new RangeError(`no reach for size "${sizeName}"`);
  [base, ...others].forEach(checkReach);
  return Math.max(base, ...others);
}

/** Whether `cell` is in reach of a token whose cells are `own`, on a grid. */
function inReach(
  grid: Grid, own: readonly Cell[], ownSet: CellSet, reach: number, cell: Cell,
): boolean {
  if (reach <= 0 || ownSet.has(cell)) return false;
  return own.some((a) => (reach >= 1 && adjacent(grid, a, cell) === true)
    || (distance(grid, a, cell) as number) <= reach + EPSILON);
}

/**
 * Whether `attacker` threatens a cell, or any cell of a token.
 * @returns `null` on a gridless grid.
 * @throws RangeError for a bad reach or footprint.
 */
export function threatens(
  grid: Grid, attacker: Omit<Threatener, "id">, target: Cell | Footprint,
): boolean | null {
  checkReach(attacker.reach);
  if (grid.kind === "gridless") return null;
  const own = footprintCells(grid, attacker.footprint) as Cell[];
  const ownSet = new CellSet(own);
  const cells = "origin" in target ? (footprintCells(grid, target) as Cell[]) : [target];
  return cells.some((c) => inReach(grid, own, ownSet, attacker.reach, c));
}

/**
 * Every cell `attacker` threatens (its threat range, melee zone), in no particular order. A
 * one-hex combatant with reach r threatens 3r(r + 1) hexes (18 for reach 2, 004 §Reach).
 */
export function threatenedCells(grid: Grid, attacker: Omit<Threatener, "id">): Cell[] | null {
  checkReach(attacker.reach);
  if (grid.kind === "gridless") return null;
  const own = footprintCells(grid, attacker.footprint) as Cell[];
  const ownSet = new CellSet(own);
  // Nothing in reach is more steps away than the reach (a step costs at least 1), so a
  // breadth-first ring of that many steps holds every candidate.
  const seen = new CellSet(own);
  let ring: Cell[] = own;
  const out: Cell[] = [];
  for (let step = 1; step <= Math.max(1, Math.floor(attacker.reach + EPSILON)); step++) {
    const next: Cell[] = [];
    for (const c of ring) {
      for (const n of neighbours(grid, c) as Cell[]) {
        if (seen.has(n)) continue;
        seen.add(n);
        next.push(n);
        if (inReach(grid, own, ownSet, attacker.reach, n)) out.push(n);
      }
    }
    ring = next;
  }
  return out;
}

/**
 * The ids of the threateners that threaten `target` (any of its cells), in the order given: two or
 * more allies there are ganging up on it (004 §Ganging up).
 */
export function threatenersOf(
  grid: Grid, target: Footprint, threateners: readonly Threatener[],
): string[] | null {
  if (grid.kind === "gridless") return null;
  return threateners.filter((t) => threatens(grid, t, target) === true).map((t) => t.id);
}
