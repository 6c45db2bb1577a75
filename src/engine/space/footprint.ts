import { CellSet, checkCell, type Cell } from "./cell";
import type { Grid } from "./grid";
import { hexPushed } from "./hex";
import { shapeRows, type HexShape } from "./hex-shapes";
import { adjacent, distance } from "./measure";

/**
 * Footprints: the cells a token covers, from its top-left cell and its size in cells, as Foundry
 * v13 counts them (common/documents/token.mjs `getOccupiedGridSpaceOffsets`: a square token covers
 * its width × height block, each rounded up to whole cells; a hex token covers its shape's hexes).
 * A ruleset names sizes in its own words (Medium, Large, Huge…) and passes a `SizeTable` from
 * those names to sizes.
 */

/**
 * A token's size in grid spaces (Foundry's token `width` and `height`) and, on hex grids, its
 * shape (default `rectangle1`, Foundry's default token shape). On a square grid the sizes are
 * rounded to the nearest half and then up, as Foundry does, so a 0.5 token covers one cell.
 */
export interface FootprintSize {
  readonly width: number;
  readonly height: number;
  readonly shape?: HexShape;
}

/** One cell, one hex: Small and Medium in every ruleset's text. */
export const ONE_SPACE: FootprintSize = { width: 1, height: 1 };

/**
 * A token on the grid: `origin` is the cell of its top-left corner (what Foundry's token
 * position snaps to), `size` its size (one space when absent).
 */
export interface Footprint {
  readonly origin: Cell;
  readonly size?: FootprintSize;
}

/** A ruleset's size names and the footprint each covers. */
export type SizeTable = Readonly<Record<string, FootprintSize>>;

/**
 * A token of the named size at `origin`.
 * @throws RangeError when the table has no such size.
 */
export function footprintOf(origin: Cell, sizeName: string, table: SizeTable): Footprint {
  const size = Object.hasOwn(table, sizeName) ? table[sizeName] : undefined;
  if (size === undefined) throw new RangeError(`no footprint for size "${sizeName}"`);
  checkCell(origin);
  return { origin, size };
}

/** The same token moved to another top-left cell. */
export function movedTo(fp: Footprint, origin: Cell): Footprint {
  return fp.size === undefined ? { origin } : { origin, size: fp.size };
}

function checkSize(size: FootprintSize): void {
  if (!(size.width > 0) || !(size.height > 0) || !Number.isFinite(size.width + size.height)) {
    throw new RangeError(`a token size must be positive, got ${size.width}×${size.height}`);
  }
}

/**
 * The cells a token covers, top row first. A one-space token covers its origin.
 * @throws RangeError for a non-integer origin, a size that is not positive, or (on hex grids) a
 * size and shape Foundry draws no hexagonal shape for (see `shapeRows`).
 */
export function footprintCells(grid: Grid, fp: Footprint): Cell[] | null {
  checkCell(fp.origin);
  const size = fp.size ?? ONE_SPACE;
  checkSize(size);
  if (grid.kind === "gridless") return null;
  const { i: i0, j: j0 } = fp.origin;
  if (grid.kind === "square") {
    const rows = Math.ceil(Math.round(size.height * 2) / 2);
    const cols = Math.ceil(Math.round(size.width * 2) / 2);
    const out: Cell[] = [];
    for (let i = i0; i < i0 + rows; i++) for (let j = j0; j < j0 + cols; j++) out.push({ i, j });
    return out;
  }
  const shape = size.shape ?? "rectangle1";
  // On a column grid the shape is laid along the columns, so its "rows" are columns.
  const rows = grid.columns
    ? shapeRows(size.height, size.width, shape)
    : shapeRows(size.width, size.height, shape);
  const lane0 = grid.columns ? j0 : i0;
  const across0 = grid.columns ? i0 : j0;
  // Positions across the lanes in half hexes: a pushed lane starts half a hex further.
  const base = 2 * across0 + hexPushed(lane0, grid.even);
  const out: Cell[] = [];
  rows.forEach((row, k) => {
    const lane = lane0 + k;
    for (let m = 0; m < row.count; m++) {
      const across = (base + row.start + 2 * m - hexPushed(lane, grid.even)) / 2;
      out.push(grid.columns ? { i: across, j: lane } : { i: lane, j: across });
    }
  });
  return out;
}

/** Cells of a footprint that is known to be on a grid. */
function cellsOn(grid: Exclude<Grid, { kind: "gridless" }>, fp: Footprint): Cell[] {
  return footprintCells(grid, fp) as Cell[];
}

/** Whether two tokens share a cell. */
export function footprintsOverlap(grid: Grid, a: Footprint, b: Footprint): boolean | null {
  if (grid.kind === "gridless") return null;
  return new CellSet(cellsOn(grid, a)).meets(cellsOn(grid, b));
}

/**
 * The distance between two tokens in spaces: from the nearest cell of one to the nearest cell of
 * the other, measured as `distance` measures (0 when they overlap, 1 for neighbours on a hex or
 * an equidistant square grid).
 */
export function footprintDistance(grid: Grid, a: Footprint, b: Footprint): number | null {
  if (grid.kind === "gridless") return null;
  const bs = cellsOn(grid, b);
  let best = Infinity;
  for (const ca of cellsOn(grid, a)) {
    for (const cb of bs) best = Math.min(best, distance(grid, ca, cb) as number);
  }
  return best;
}

/**
 * Whether two tokens are adjacent: they share no cell and some cell of one is a neighbour of some
 * cell of the other (on a square grid a corner touch counts unless diagonals are illegal). What
 * escalation's engagement (by adjacency on a gridded scene, RULINGS.md §escalation Engagement),
 * shock's "adjacent foes" and the melee zones of wounds and phases read.
 */
export function footprintsAdjacent(grid: Grid, a: Footprint, b: Footprint): boolean | null {
  if (grid.kind === "gridless") return null;
  const as = cellsOn(grid, a);
  const bs = cellsOn(grid, b);
  if (new CellSet(as).meets(bs)) return false;
  return as.some((ca) => bs.some((cb) => adjacent(grid, ca, cb) === true));
}
