import { sameCell, type Cell } from "./cell";
import type { Grid } from "./grid";
import { cubeToOffset, offsetToCube } from "./hex";
import { distance, line } from "./measure";

/**
 * Where a push moves its target: one space straight away from the pusher, the next cell after the
 * target on the line from the pusher through it (on hexes drawn in cube coordinates, on squares
 * in offsets). When that line's rounding misses the target, the neighbour of the target farthest
 * from the pusher (the first found). Cells are footprints' top-left spaces (a token's origin);
 * for tokens larger than a space the step is the same translation.
 * Source: `004_2cc57162401858c9.txt` §Shove (push back 1 hex).
 * @returns null on a gridless grid, or when pusher and target stand on the same cell
 */
export function pushAway(grid: Grid, pusher: Cell, target: Cell): Cell | null {
  if (grid.kind === "gridless" || sameCell(pusher, target)) return null;
  let beyond: Cell;
  if (grid.kind === "hex") {
    const a = offsetToCube(grid, pusher);
    const b = offsetToCube(grid, target);
    beyond = cubeToOffset(grid, { q: 2 * b.q - a.q, r: 2 * b.r - a.r, s: 2 * b.s - a.s });
  } else {
    beyond = { i: 2 * target.i - pusher.i, j: 2 * target.j - pusher.j };
  }
  const path = line(grid, pusher, beyond) ?? [];
  const at = path.findIndex((c) => sameCell(c, target));
  const next = at >= 0 ? path[at + 1] : undefined;
  if (next) return next;
  const from = distance(grid, pusher, target) ?? 0;
  const around = line(grid, target, beyond)?.[1];
  return around && (distance(grid, pusher, around) ?? 0) > from ? around : null;
}
