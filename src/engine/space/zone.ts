import { CellSet, type Cell } from "./cell";
import { footprintCells, type FootprintSize } from "./footprint";
import type { Grid } from "./grid";
import { checkWalk } from "./measure";
import { threatenedCells, type Threatener } from "./reach";

/**
 * Moving inside a zone: how many steps of a path stay inside a set of cells, for rules that
 * punish moving too far within a threatened area (001_dbc5fcc02a99a518.txt §Free Hits: an enemy
 * that moves more than 2 spaces within your melee zone; RULINGS.md §wounds Free hit slots).
 *
 * A step counts when the mover is inside the zone both before and after it: stepping into the
 * zone is entering it, stepping out is leaving it (see `threatLeft`), and only the steps between
 * are moving within it. A mover larger than one space is inside when any of its cells is.
 */
export interface WithinOptions {
  readonly mover?: FootprintSize;
  /** Step numbers that do not count (a Take a Step, a shift), 1-based as in `threatLeft`. */
  readonly exempt?: Iterable<number>;
}

/**
 * The steps of `path` taken inside `zone`, in order (step k moves from path[k − 1] to path[k]).
 * @returns `null` on a gridless grid.
 * @throws RangeError when the path is empty or not made of single steps.
 */
export function stepsWithin(
  grid: Grid, path: readonly Cell[], zone: Iterable<Cell>, options: WithinOptions = {},
): number[] | null {
  if (grid.kind === "gridless") return null;
  checkWalk(grid, path);
  const cells = zone instanceof CellSet ? zone : new CellSet(zone);
  const exempt = new Set(options.exempt ?? []);
  const inside = path.map((at) => cells.meets(footprintCells(grid, options.mover
    ? { origin: at, size: options.mover } : { origin: at }) as Cell[]));
  const out: number[] = [];
  for (let step = 1; step < path.length; step++) {
    if (!exempt.has(step) && inside[step - 1] && inside[step]) out.push(step);
  }
  return out;
}

/**
 * Whether the mover moves more than `limit` spaces within `threatener`'s reach along `path`, and
 * the step that does it: the (limit + 1)-th step within, or `null` when there is none. With
 * wounds' limit of 2, the third step inside a melee zone earns the free hit.
 * @returns `null` on a gridless grid.
 * @throws RangeError for a negative or non-integer limit, or a path as `stepsWithin` refuses.
 */
export function movedMoreThanWithin(
  grid: Grid, path: readonly Cell[], threatener: Threatener, limit: number,
  options: WithinOptions = {},
): { readonly within: number; readonly step: number | null } | null {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`the limit must be a whole number of spaces, got ${limit}`);
  }
  if (grid.kind === "gridless") return null;
  const zone = threatenedCells(grid, threatener) as Cell[];
  const steps = stepsWithin(grid, path, zone, options) as number[];
  return { within: steps.length, step: steps[limit] ?? null };
}
