import { CellSet, type Cell } from "./cell";
import { footprintCells, type FootprintSize } from "./footprint";
import type { Grid } from "./grid";
import { checkWalk } from "./measure";
import { squareSegment } from "./square";

/**
 * What a walk costs in movement, in spaces: each step as the grid measures it (a diagonal under
 * the square grid's rule, the alternating count carried along the walk), times a factor when it
 * enters difficult terrain (003_d18720f6cd315cc2.txt §Movement Phase Notes: two squares of
 * movement for each square moved through). A mover larger than one space is in difficult terrain
 * after a step when any of its cells is.
 */
export interface TerrainOptions {
  /** The difficult cells. None when absent. */
  readonly difficult?: Iterable<Cell>;
  /** What a step into difficult terrain costs, as a multiple (default 2). */
  readonly factor?: number;
  readonly mover?: FootprintSize;
}

/**
 * The movement a walk costs, in spaces.
 * @returns `null` on a gridless grid.
 * @throws RangeError when the path is empty or not made of single steps, or the factor is below 1
 *   or not finite.
 */
export function movementCost(
  grid: Grid, path: readonly Cell[], options: TerrainOptions = {},
): number | null {
  const factor = options.factor ?? 2;
  if (!(factor >= 1) || !Number.isFinite(factor)) {
    throw new RangeError(`the terrain factor must be at least 1, got ${factor}`);
  }
  if (grid.kind === "gridless") return null;
  checkWalk(grid, path);
  const difficult = new CellSet(options.difficult ?? []);
  let total = 0;
  let diagonals = 0;
  for (let step = 1; step < path.length; step++) {
    const from = path[step - 1] as Cell;
    const to = path[step] as Cell;
    let cost = 1;
    if (grid.kind === "square") {
      const seg = squareSegment(from, to, grid.diagonals, diagonals);
      cost = seg.cost;
      diagonals = seg.diagonals;
    }
    const cells = footprintCells(grid, options.mover
      ? { origin: to, size: options.mover } : { origin: to }) as Cell[];
    total += difficult.meets(cells) ? cost * factor : cost;
  }
  return total;
}

/**
 * How many moves of `speed` spaces a movement cost needs: action-points' 1 AP per Move Speed of
 * 6 hexes (004_2cc57162401858c9.txt §Movement In Combat), so 7 hexes take 2 AP. 0 for no movement.
 * @throws RangeError for a negative cost or a speed that is not positive.
 */
export function movesNeeded(cost: number, speed: number): number {
  if (!(cost >= 0) || !Number.isFinite(cost)) throw new RangeError(`bad movement cost ${cost}`);
  if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`bad speed ${speed}`);
  // A hair of floating error (exact diagonals) must not cost a whole extra move.
  return Math.max(0, Math.ceil(cost / speed - 1e-9));
}
