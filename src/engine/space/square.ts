import type { Cell } from "./cell";
import type { DiagonalRule } from "./grid";

/**
 * Square-grid measures: Foundry v13's ruler on a square scene (common/grid/square.mjs
 * `_measurePath`, `getAdjacentOffsets`, `testAdjacency`), re-derived here for whole cells in the
 * plane. All lengths are in grid spaces (Foundry's cost divided by the scene's grid distance).
 */

/** The eight (or, with `illegal` diagonals, four) cells around `c`, row by row. */
export function squareNeighbours(c: Cell, rule: DiagonalRule): Cell[] {
  const out: Cell[] = [];
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      if (di === 0 && dj === 0) continue;
      if (rule === "illegal" && di !== 0 && dj !== 0) continue;
      out.push({ i: c.i + di, j: c.j + dj });
    }
  }
  return out;
}

/** Whether two cells touch: by a side, or also by a corner unless diagonals are illegal. */
export function squareAdjacent(a: Cell, b: Cell, rule: DiagonalRule): boolean {
  const di = Math.abs(a.i - b.i);
  const dj = Math.abs(a.j - b.j);
  return rule === "illegal" ? di + dj === 1 : Math.max(di, dj) === 1;
}

/** How many single steps the shortest walk between two cells takes (its number of moves). */
export function squareMoves(a: Cell, b: Cell, rule: DiagonalRule): number {
  const di = Math.abs(a.i - b.i);
  const dj = Math.abs(a.j - b.j);
  return rule === "illegal" ? di + dj : Math.max(di, dj);
}

/** The extra cost the alternating rules have charged after `n` diagonals in all. */
function alternatingExtra(rule: "alternating1" | "alternating2", n: number): number {
  return rule === "alternating1" ? Math.floor(n / 2) : Math.ceil(n / 2);
}

/**
 * One straight segment of a measured path: its cost in spaces and the diagonal count after it.
 * `diagonalsBefore` carries the alternating rules' count along a path of several segments, as
 * Foundry's ruler does across waypoints: the second diagonal of a path costs 2 under
 * `alternating1` however the path was cut into segments.
 */
export function squareSegment(
  a: Cell, b: Cell, rule: DiagonalRule, diagonalsBefore = 0,
): { cost: number; diagonals: number } {
  const di = Math.abs(a.i - b.i);
  const dj = Math.abs(a.j - b.j);
  const long = Math.max(di, dj);
  const short = Math.min(di, dj);
  const after = diagonalsBefore + short;
  switch (rule) {
    case "equidistant":
      return { cost: long, diagonals: after };
    case "exact":
      return { cost: long + (Math.SQRT2 - 1) * short, diagonals: after };
    case "approximate":
      return { cost: long + 0.5 * short, diagonals: after };
    case "rectilinear":
      return { cost: long + short, diagonals: after };
    case "alternating1":
    case "alternating2":
      return {
        cost: long + alternatingExtra(rule, after) - alternatingExtra(rule, diagonalsBefore),
        diagonals: after,
      };
    case "illegal":
      return { cost: di + dj, diagonals: diagonalsBefore };
  }
}

/**
 * The cells of a straight line from `a` to `b`, both included, each one step from the last
 * (a diagonal step where diagonals are allowed, only orthogonal steps where they are illegal):
 * Bresenham's walk. Its length is `squareMoves(a, b) + 1`. Ties between two equally near cells
 * may fall differently from Foundry's ruler, which draws its own line.
 */
export function squareLine(a: Cell, b: Cell, rule: DiagonalRule): Cell[] {
  const di = Math.abs(b.i - a.i);
  const dj = Math.abs(b.j - a.j);
  const si = Math.sign(b.i - a.i);
  const sj = Math.sign(b.j - a.j);
  const out: Cell[] = [{ i: a.i, j: a.j }];
  let { i, j } = a;
  if (rule === "illegal") {
    // One orthogonal step at a time: along whichever axis the ideal line crosses into a new cell
    // first (ties go along the rows).
    let ni = 0;
    let nj = 0;
    while (ni < di || nj < dj) {
      if (nj >= dj || (ni < di && (2 * ni + 1) * dj <= (2 * nj + 1) * di)) {
        ni++;
        i += si;
      } else {
        nj++;
        j += sj;
      }
      out.push({ i, j });
    }
    return out;
  }
  let err = di - dj;
  while (i !== b.i || j !== b.j) {
    const e2 = 2 * err;
    if (e2 > -dj) {
      err -= dj;
      i += si;
    }
    if (e2 < di) {
      err += di;
      j += sj;
    }
    out.push({ i, j });
  }
  return out;
}
