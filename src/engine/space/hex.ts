import type { Cell } from "./cell";
import type { HexGrid } from "./grid";

/**
 * Hex-grid measures in cube coordinates (q + r + s = 0), the usual way to count on hexes, with
 * Foundry v13's offset layouts on the outside (common/grid/hexagonal.mjs names them: `i` row,
 * `j` column; row grids stagger rows, column grids stagger columns, `even` picks which). The
 * conversions are the standard offset↔cube ones for odd/even rows (r) and columns (q).
 * Lengths are in hexes.
 */
export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

/**
 * 1 when this row (of a row grid) or column (of a column grid) is pushed half a hex right or down,
 * else 0; correct for negative indices too.
 */
export function hexPushed(index: number, even: boolean): number {
  return even ? 1 - (index & 1) : index & 1;
}

/** A Foundry offset cell as cube coordinates. */
export function offsetToCube(grid: HexGrid, c: Cell): Cube {
  if (grid.columns) {
    const q = c.j;
    const r = c.i - (c.j + (grid.even ? 1 : -1) * (c.j & 1)) / 2;
    return { q, r, s: 0 - q - r };
  }
  const r = c.i;
  const q = c.j - (c.i + (grid.even ? 1 : -1) * (c.i & 1)) / 2;
  return { q, r, s: 0 - q - r };
}

/** Cube coordinates (integers) as a Foundry offset cell; the inverse of `offsetToCube`. */
export function cubeToOffset(grid: HexGrid, h: Cube): Cell {
  if (grid.columns) {
    return { i: h.r + (h.q + (grid.even ? 1 : -1) * (h.q & 1)) / 2, j: h.q };
  }
  return { i: h.r, j: h.q + (h.r + (grid.even ? 1 : -1) * (h.r & 1)) / 2 };
}

/** Hexes between two cube positions: the largest of the three coordinate differences. */
export function cubeDistance(a: Cube, b: Cube): number {
  return Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.s - b.s));
}

/** The six unit steps of the cube lattice. */
export const CUBE_DIRECTIONS: readonly Cube[] = [
  { q: 1, r: 0, s: -1 }, { q: 1, r: -1, s: 0 }, { q: 0, r: -1, s: 1 },
  { q: -1, r: 0, s: 1 }, { q: -1, r: 1, s: 0 }, { q: 0, r: 1, s: -1 },
];

/** Hexes between two cells: 0 for the same cell, 1 for neighbours. */
export function hexDistance(grid: HexGrid, a: Cell, b: Cell): number {
  return cubeDistance(offsetToCube(grid, a), offsetToCube(grid, b));
}

/** The six hexes around `c`, in the order of `CUBE_DIRECTIONS`. */
export function hexNeighbours(grid: HexGrid, c: Cell): Cell[] {
  const h = offsetToCube(grid, c);
  return CUBE_DIRECTIONS.map((d) => cubeToOffset(grid, { q: h.q + d.q, r: h.r + d.r, s: h.s + d.s }));
}

/** Rounds fractional cube coordinates to the hex that holds them. */
export function cubeRound(q: number, r: number, s: number): Cube {
  let rq = Math.round(q);
  let rr = Math.round(r);
  let rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  else rs = -rq - rr;
  return { q: rq + 0, r: rr + 0, s: rs + 0 };
}

/**
 * The hexes of a straight line from `a` to `b`, both included, each a neighbour of the last: the
 * line between the two centres sampled once per hex of distance. Where the line runs exactly
 * along an edge between two hexes, a fixed tiny nudge picks one side, the same side every time;
 * Foundry's ruler may pick the other.
 */
export function hexLine(grid: HexGrid, a: Cell, b: Cell): Cell[] {
  const h0 = offsetToCube(grid, a);
  const h1 = offsetToCube(grid, b);
  const n = cubeDistance(h0, h1);
  const out: Cell[] = [{ i: a.i, j: a.j }];
  const eq = 1e-6;
  const er = 2e-6;
  for (let k = 1; k <= n; k++) {
    const t = k / n;
    const q = h0.q + eq + (h1.q - h0.q) * t;
    const r = h0.r + er + (h1.r - h0.r) * t;
    out.push(cubeToOffset(grid, cubeRound(q, r, -q - r)));
  }
  return out;
}

/**
 * The centre of a hex in a plane where each hex has circumradius 1, x to the right and y down
 * as on Foundry's canvas (the same shape as Foundry's hexes, whose size makes them regular).
 */
export function hexCentre(grid: HexGrid, c: Cell): { x: number; y: number } {
  const h = offsetToCube(grid, c);
  return grid.columns
    ? { x: 1.5 * h.q, y: Math.sqrt(3) * (h.r + h.q / 2) }
    : { x: Math.sqrt(3) * (h.q + h.r / 2), y: 1.5 * h.r };
}

/** The six corners of a hex around `hexCentre`, in order around it. */
export function hexCorners(grid: HexGrid, c: Cell): { x: number; y: number }[] {
  const { x, y } = hexCentre(grid, c);
  // Flat-topped hexes have corners at 0°, 60° …; pointy-topped ones at 30°, 90° ….
  const start = grid.columns ? 0 : Math.PI / 6;
  return Array.from({ length: 6 }, (_, k) => ({
    x: x + Math.cos(start + (k * Math.PI) / 3),
    y: y + Math.sin(start + (k * Math.PI) / 3),
  }));
}
