import { CellSet, type Cell } from "./cell";
import { footprintCells, footprintsAdjacent, movedTo, type Footprint } from "./footprint";
import type { Grid } from "./grid";
import { distance, line } from "./measure";
import { reachable, type ReachableOptions } from "./reachable";

/**
 * Where an interceptor can stand to take an attack meant for an ally, within a movement budget
 * (004_2cc57162401858c9.txt §Intercept: for a melee attack, a spot adjacent to both the ally and
 * the attacker within 3 hexes of movement; for a ranged attack, a spot directly between them
 * within 3 hexes).
 *
 * Reading chosen for "directly between": the interceptor covers a cell of the straight `line`
 * from the attacker's cell nearest the ally to the ally's cell nearest the attacker, other than
 * those two tokens' own cells.
 */
export const INTERCEPT_ATTACKS = ["melee", "ranged"] as const;
export type InterceptAttack = (typeof INTERCEPT_ATTACKS)[number];

/** The attack to intercept, the movement budget, and where the interceptor may pass and stop. */
export interface InterceptOptions extends ReachableOptions {
  readonly attack: InterceptAttack;
  /** The movement budget in spaces (004: 3). */
  readonly budget: number;
  /** Whether the interceptor may end its move at this top-left cell; every cell when absent. */
  readonly canEnd?: (cell: Cell) => boolean;
}

/** The pair of cells, one of each token, nearest each other (the first such pair in cell order). */
function nearestPair(grid: Exclude<Grid, { kind: "gridless" }>, a: Cell[], b: Cell[]): [Cell, Cell] {
  let best: [Cell, Cell] = [a[0] as Cell, b[0] as Cell];
  let d = Infinity;
  for (const ca of a) {
    for (const cb of b) {
      const here = distance(grid, ca, cb) as number;
      if (here < d) {
        d = here;
        best = [ca, cb];
      }
    }
  }
  return best;
}

/**
 * The top-left cells the interceptor can reach within the budget and end on, from which it
 * intercepts, cheapest first; empty when there are none (then it may not Intercept).
 * @returns `null` on a gridless grid.
 * @throws RangeError for a bad budget or footprint.
 */
export function interceptSpots(
  grid: Grid, interceptor: Footprint, ally: Footprint, attacker: Footprint,
  options: InterceptOptions,
): Cell[] | null {
  if (grid.kind === "gridless") return null;
  const spots = reachable(grid, interceptor.origin, options.budget, options) ?? [];
  const canEnd = options.canEnd ?? (() => true);
  let between: CellSet | null = null;
  if (options.attack === "ranged") {
    const allyCells = footprintCells(grid, ally) as Cell[];
    const foeCells = footprintCells(grid, attacker) as Cell[];
    const [from, to] = nearestPair(grid, foeCells, allyCells);
    const taken = new CellSet([...allyCells, ...foeCells]);
    between = new CellSet((line(grid, from, to) as Cell[]).filter((c) => !taken.has(c)));
  }
  return spots
    .filter(({ cell }) => canEnd(cell))
    .filter(({ cell }) => {
      const there = movedTo(interceptor, cell);
      if (between !== null) return between.meets(footprintCells(grid, there) as Cell[]);
      return footprintsAdjacent(grid, there, ally) === true
        && footprintsAdjacent(grid, there, attacker) === true;
    })
    .map(({ cell }) => cell);
}
