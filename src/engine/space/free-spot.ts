import type { Cell } from "./cell";
import {
  footprintCells, footprintsAdjacent, footprintsOverlap, type Footprint, type FootprintSize,
} from "./footprint";
import type { Grid } from "./grid";

/**
 * A free place beside a token, where a new token can stand (a summon, a token a rule brings in):
 * the first space adjacent to it that no other token covers, inside the scene.
 */

/** The scene's spaces a token may stand on (inclusive), or null for no bound. */
export interface CellBounds {
  readonly iMin: number;
  readonly iMax: number;
  readonly jMin: number;
  readonly jMax: number;
}

/**
 * The top-left cell of the first free place beside `caster` for a token of `size`: adjacent to
 * the caster, overlapping no token in `taken`, inside `bounds`; candidates in row order (i, then
 * j). Null on a gridless scene or when every place beside it is taken. (wounds' summons appear
 * so: RULINGS.md §wounds Summons.)
 */
export function freeCellBeside(
  grid: Grid, caster: Footprint, taken: readonly Footprint[], size: FootprintSize,
  bounds: CellBounds | null,
): Cell | null {
  const around = footprintCells(grid, caster);
  if (!around) return null;
  const reach = Math.ceil(Math.max(size.width, size.height)) + 1;
  const is = around.map((c) => c.i);
  const js = around.map((c) => c.j);
  for (let i = Math.min(...is) - reach; i <= Math.max(...is) + reach; i++) {
    for (let j = Math.min(...js) - reach; j <= Math.max(...js) + reach; j++) {
      const fp: Footprint = { origin: { i, j }, size };
      if (!footprintsAdjacent(grid, caster, fp)) continue;
      const cells = footprintCells(grid, fp) ?? [];
      if (bounds && cells.some((c) => c.i < bounds.iMin || c.i > bounds.iMax
        || c.j < bounds.jMin || c.j > bounds.jMax)) continue;
      if (taken.some((t) => footprintsOverlap(grid, t, fp))) continue;
      return { i, j };
    }
  }
  return null;
}

/**
 * On a gridless scene, a place beside a token: one grid size to the right of its right edge
 * (pixels; `width` in grid spaces, as Foundry's token `width`).
 */
export function gridlessBeside(
  caster: { readonly x: number; readonly y: number; readonly width: number }, gridSize: number,
): { x: number; y: number } {
  return { x: caster.x + (caster.width + 1) * gridSize, y: caster.y };
}

