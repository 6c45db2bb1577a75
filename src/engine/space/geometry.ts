import type { Cell } from "./cell";
import { footprintCells, type Footprint } from "./footprint";
import type { Grid, HexGrid } from "./grid";
import { hexCentre, hexCorners } from "./hex";

/**
 * Cells as shapes in a plane, for the questions a grid's steps cannot answer alone (which side of
 * a token a line passes). The plane has x to the right and y down, as Foundry's canvas: a square
 * cell is the unit square [j, j + 1] × [i, i + 1]; a hex has circumradius 1 (see `hexCentre`).
 */
export interface Point {
  readonly x: number;
  readonly y: number;
}

type OnGrid = Exclude<Grid, { kind: "gridless" }>;

/** The centre of a cell in the plane described above. */
export function cellCentre(grid: OnGrid, c: Cell): Point {
  return grid.kind === "hex" ? hexCentre(grid, c) : { x: c.j + 0.5, y: c.i + 0.5 };
}

/** A cell's corners in order around it. */
export function cellCorners(grid: OnGrid, c: Cell): Point[] {
  if (grid.kind === "hex") return hexCorners(grid as HexGrid, c);
  return [
    { x: c.j, y: c.i }, { x: c.j + 1, y: c.i }, { x: c.j + 1, y: c.i + 1 }, { x: c.j, y: c.i + 1 },
  ];
}

/** The mean of a token's cell centres: the centre of its space. */
export function footprintCentre(grid: Grid, fp: Footprint): Point | null {
  if (grid.kind === "gridless") return null;
  const cells = footprintCells(grid, fp) as Cell[];
  const sum = cells.reduce((s, c) => {
    const p = cellCentre(grid, c);
    return { x: s.x + p.x, y: s.y + p.y };
  }, { x: 0, y: 0 });
  return { x: sum.x / cells.length, y: sum.y / cells.length };
}

const EPSILON = 1e-9;
/** How far around a point `insideUnion` looks: far below a cell, far above rounding. */
const PROBE = 1e-6;

/** A convex cell's edges with their outward unit normals. */
function edges(corners: readonly Point[]): { nx: number; ny: number; v: Point }[] {
  const cx = corners.reduce((s, p) => s + p.x, 0) / corners.length;
  const cy = corners.reduce((s, p) => s + p.y, 0) / corners.length;
  return corners.map((v, k) => {
    const w = corners[(k + 1) % corners.length] as Point;
    let nx = w.y - v.y;
    let ny = v.x - w.x;
    if (nx * (cx - v.x) + ny * (cy - v.y) > 0) {
      nx = -nx;
      ny = -ny;
    }
    const len = Math.hypot(nx, ny);
    return { nx: nx / len, ny: ny / len, v };
  });
}

type Edges = ReturnType<typeof edges>;

/** Whether a point is in a closed convex cell (its edges included). */
function inCell(cell: Edges, p: Point): boolean {
  return cell.every(({ nx, ny, v }) => nx * (p.x - v.x) + ny * (p.y - v.y) <= EPSILON);
}

/**
 * The parameters t of a + t(b − a) where the segment meets a closed convex cell, or null when it
 * misses it (Cyrus–Beck clipping).
 */
function clip(cell: Edges, a: Point, b: Point): [number, number] | null {
  let lo = 0;
  let hi = 1;
  for (const { nx, ny, v } of cell) {
    const num = nx * (a.x - v.x) + ny * (a.y - v.y);
    const den = nx * (b.x - a.x) + ny * (b.y - a.y);
    if (Math.abs(den) < EPSILON) {
      if (num > EPSILON) return null;
      continue;
    }
    const t = -num / den;
    if (den > 0) hi = Math.min(hi, t);
    else lo = Math.max(lo, t);
  }
  return hi < lo - EPSILON ? null : [lo, hi];
}

/**
 * Whether a point is inside the union of cells and not on its outer boundary: every point a hair
 * around it lies in some cell. A point on an edge two of the cells share is inside.
 */
function insideUnion(cells: readonly Edges[], p: Point): boolean {
  for (let k = 0; k < 12; k++) {
    const angle = (k * Math.PI) / 6 + 0.1;
    const q = { x: p.x + PROBE * Math.cos(angle), y: p.y + PROBE * Math.sin(angle) };
    if (!cells.some((c) => inCell(c, q))) return false;
  }
  return true;
}

/**
 * Where the segment from `a` to `b` first enters and last leaves the inside of a set of cells, or
 * null when it never passes through their inside (touching a corner of the set, or running along
 * its outer edge, is not passing through; running along an edge two of its cells share is).
 */
export function crossing(
  grid: OnGrid, cells: readonly Cell[], a: Point, b: Point,
): { readonly entry: Point; readonly exit: Point } | null {
  const shapes = cells.map((c) => edges(cellCorners(grid, c)));
  const cuts = [0, 1];
  for (const shape of shapes) {
    const part = clip(shape, a, b);
    if (part !== null) cuts.push(part[0], part[1]);
  }
  cuts.sort((x, y) => x - y);
  const at = (t: number): Point => ({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 1; k < cuts.length; k++) {
    const t0 = cuts[k - 1] as number;
    const t1 = cuts[k] as number;
    if (t1 - t0 <= EPSILON || !insideUnion(shapes, at((t0 + t1) / 2))) continue;
    lo = Math.min(lo, t0);
    hi = Math.max(hi, t1);
  }
  return lo === Infinity ? null : { entry: at(lo), exit: at(hi) };
}
