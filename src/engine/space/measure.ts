import { checkCell, sameCell, type Cell } from "./cell";
import type { Grid } from "./grid";
import { cubeDistance, hexDistance, hexLine, hexNeighbours, offsetToCube } from "./hex";
import { squareAdjacent, squareLine, squareMoves, squareNeighbours, squareSegment } from "./square";

/**
 * Distances, neighbours and lines on any grid, in grid spaces. Each answers `null` on a gridless
 * grid: without spaces there is nothing to count, and position rules are the GM's call.
 * Cells are checked: a non-integer coordinate throws a RangeError.
 */

/**
 * Foundry's ruler between two cells, in spaces: on a square grid the diagonal rule applies (so
 * with `exact` diagonals one diagonal step is √2, with `alternating1` two are 3), on a hex grid it
 * is the number of hexes. 0 for the same cell.
 */
export function distance(grid: Grid, a: Cell, b: Cell): number | null {
  checkCell(a);
  checkCell(b);
  if (grid.kind === "gridless") return null;
  if (grid.kind === "hex") return hexDistance(grid, a, b);
  return squareSegment(a, b, grid.diagonals).cost;
}

/**
 * The number of single steps in the shortest walk between two cells, whatever a diagonal costs:
 * the larger of the row and column differences on a square grid (their sum when diagonals are
 * illegal), the number of hexes on a hex grid.
 */
export function moves(grid: Grid, a: Cell, b: Cell): number | null {
  checkCell(a);
  checkCell(b);
  if (grid.kind === "gridless") return null;
  if (grid.kind === "hex") return hexDistance(grid, a, b);
  return squareMoves(a, b, grid.diagonals);
}

/**
 * The length in spaces of a path through `waypoints` (each segment measured straight, as
 * Foundry's ruler measures a path with waypoints), with the alternating rules' diagonal count
 * carried from segment to segment. A path of one cell measures 0.
 * @throws RangeError for an empty path.
 */
export function pathLength(grid: Grid, waypoints: readonly Cell[]): number | null {
  if (waypoints.length === 0) throw new RangeError("a path needs at least one cell");
  waypoints.forEach(checkCell);
  if (grid.kind === "gridless") return null;
  let total = 0;
  let diagonals = 0;
  for (let k = 1; k < waypoints.length; k++) {
    const a = waypoints[k - 1] as Cell;
    const b = waypoints[k] as Cell;
    if (grid.kind === "hex") {
      total += hexDistance(grid, a, b);
    } else {
      const seg = squareSegment(a, b, grid.diagonals, diagonals);
      total += seg.cost;
      diagonals = seg.diagonals;
    }
  }
  return total;
}

/** The cells one step from `c`: 8 (4 with illegal diagonals) on a square grid, 6 on hexes. */
export function neighbours(grid: Grid, c: Cell): Cell[] | null {
  checkCell(c);
  if (grid.kind === "gridless") return null;
  return grid.kind === "hex" ? hexNeighbours(grid, c) : squareNeighbours(c, grid.diagonals);
}

/** Whether two cells are one step apart (a cell is not adjacent to itself). */
export function adjacent(grid: Grid, a: Cell, b: Cell): boolean | null {
  checkCell(a);
  checkCell(b);
  if (grid.kind === "gridless") return null;
  if (grid.kind === "hex") return cubeDistance(offsetToCube(grid, a), offsetToCube(grid, b)) === 1;
  return squareAdjacent(a, b, grid.diagonals);
}

/**
 * The cells of a straight line from `a` to `b`, both ends included, each one step from the last;
 * `moves(a, b) + 1` cells. Ties between equally near cells are broken one fixed way.
 */
export function line(grid: Grid, a: Cell, b: Cell): Cell[] | null {
  checkCell(a);
  checkCell(b);
  if (grid.kind === "gridless") return null;
  return grid.kind === "hex" ? hexLine(grid, a, b) : squareLine(a, b, grid.diagonals);
}

/**
 * A walk through `waypoints` cell by cell: each segment drawn with `line`, the shared waypoints
 * kept once. What the step-by-step parts (leaving threat, moving within a zone, terrain cost)
 * read when a mover's route was given as waypoints.
 * @throws RangeError for an empty list.
 */
export function walk(grid: Grid, waypoints: readonly Cell[]): Cell[] | null {
  if (waypoints.length === 0) throw new RangeError("a path needs at least one cell");
  waypoints.forEach(checkCell);
  if (grid.kind === "gridless") return null;
  const out: Cell[] = [{ ...(waypoints[0] as Cell) }];
  for (let k = 1; k < waypoints.length; k++) {
    const seg = line(grid, out[out.length - 1] as Cell, waypoints[k] as Cell) as Cell[];
    out.push(...seg.slice(1));
  }
  return out;
}

/**
 * Checks that `path` is a walk: at least one cell, each cell one step from the one before.
 * @throws RangeError naming the first step that is not a single step (a repeated cell included).
 */
export function checkWalk(grid: Exclude<Grid, { kind: "gridless" }>, path: readonly Cell[]): void {
  if (path.length === 0) throw new RangeError("a path needs at least one cell");
  path.forEach(checkCell);
  for (let k = 1; k < path.length; k++) {
    const a = path[k - 1] as Cell;
    const b = path[k] as Cell;
    if (sameCell(a, b) || !adjacent(grid, a, b)) {
      throw new RangeError(`step ${k} from (${a.i}, ${a.j}) to (${b.i}, ${b.j}) is not one step`);
    }
  }
}
