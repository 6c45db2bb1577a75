import type { Cell } from "../../../engine/space/cell";
import {
  footprintCells, ONE_SPACE, type FootprintSize, type SizeTable,
} from "../../../engine/space/footprint";
import { hexGrid } from "../../../engine/space/grid";
import { cubeToOffset, offsetToCube } from "../../../engine/space/hex";
import type { Size } from "../rules/constants";
import type { Hex } from "./events";

/**
 * The battlefield of a headless `action-points` fight: a hex grid (Foundry's row layout with odd
 * rows pushed, engine `space/grid.ts`), positions in axial coordinates (q, r), and each size's
 * token shape (engine `space/footprint.ts`): Small and Medium one hex, Large a 2×2 token (3
 * hexes), Huge a 3×3 one (7 hexes), both in Foundry's `ellipse1` shape. The runner asks distances
 * and threat at every step, so it counts them here on integer coordinates; the engine's own
 * `footprintCells`, `footprintDistance`, `footprintsOverlap`, `threatens` and `threatLeft` are the
 * specification these are tested against on random fields (`test/runner-space.test.ts`).
 *
 * Reading chosen where the text speaks of one-hex creatures: its Large example threatens "a total
 * of 18 hexes", which is a one-hex token with reach 2 (a pike); a Large token covers more hexes
 * and threatens those within 2 of any of them.
 * Source: `004_2cc57162401858c9.txt` §Movement In Combat (hexes), §Reach, §Threat Range.
 */
export const AP_GRID = hexGrid(false, false);

/** Each size's token (Foundry's width and height in hexes, and its hex shape). */
export const AP_SIZES: SizeTable = {
  small: ONE_SPACE,
  medium: ONE_SPACE,
  large: { width: 2, height: 2, shape: "ellipse1" },
  huge: { width: 3, height: 3, shape: "ellipse1" },
};

/** The axial coordinates of a Foundry offset cell, and back. */
export const hexOf = (c: Cell): Hex => {
  const h = offsetToCube(AP_GRID, c);
  // As small integers (`| 0`, never −0): a hex holding a double, even a whole one, changed how
  // V8 stores every hex after it, and each read of one went slower.
  return { q: h.q | 0, r: h.r | 0 };
};
export const cellOf = (h: Hex): Cell => cubeToOffset(AP_GRID, { q: h.q, r: h.r, s: -h.q - h.r });

/**
 * Hexes between two hexes `dq` and `dr` apart on the axial axes. The sum of the three differences
 * is even, so halving it by a shift is exact and gives a small integer (every distance the runner
 * keeps and compares is one).
 */
export const axialSteps = (dq: number, dr: number): number =>
  (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) >> 1;

/** Hexes between two hexes. */
export function hexDistance(a: Hex, b: Hex): number {
  return axialSteps(a.q - b.q, a.r - b.r);
}

/** The six axial steps, in the order of the engine's `CUBE_DIRECTIONS`. */
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 }, { q: 1, r: -1 }, { q: 0, r: -1 }, { q: -1, r: 0 }, { q: -1, r: 1 }, { q: 0, r: 1 },
];

/**
 * A size's token as offsets from its top-left hex, for a top-left hex on an even row ([0]) and on
 * an odd one ([1]): the shape's hexes shift by half a hex from row to row, so its axial offsets
 * depend on the row it starts on.
 */
export type Shape = readonly [readonly Hex[], readonly Hex[]];

const shapes = new Map<Size, Shape>();

/** The token shape of a size (made once from the engine's `footprintCells`). */
export function shapeOf(size: Size): Shape {
  let s = shapes.get(size);
  if (!s) {
    const at = (row: number): Hex[] => {
      const origin = hexOf({ i: row, j: 0 });
      const cells = footprintCells(AP_GRID, { origin: { i: row, j: 0 }, size: sizeOf(size) });
      return (cells as Cell[]).map(hexOf)
        .map((h) => ({ q: (h.q - origin.q) | 0, r: (h.r - origin.r) | 0 }));
    };
    s = [at(0), at(1)];
    shapes.set(size, s);
  }
  return s;
}

/** The engine's footprint size of a size name. */
export function sizeOf(size: Size): FootprintSize {
  return AP_SIZES[size] as FootprintSize;
}

/** The hexes a token of `shape` covers with its top-left hex at `at`. */
export function cellsAt(shape: Shape, at: Hex): Hex[] {
  const offsets = shape[at.r & 1] as readonly Hex[];
  const out = new Array<Hex>(offsets.length);
  for (let k = 0; k < offsets.length; k++) {
    const o = offsets[k] as Hex;
    out[k] = { q: at.q + o.q, r: at.r + o.r };
  }
  return out;
}

/** The least distance between two sets of hexes (0 when they share one). */
export function cellsDistance(a: readonly Hex[], b: readonly Hex[]): number {
  if (a.length === 1 && b.length === 1) return hexDistance(a[0] as Hex, b[0] as Hex);
  let best = Infinity;
  for (const x of a) {
    for (const y of b) {
      const d = hexDistance(x, y);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Whether two sets of hexes share one. */
export function cellsOverlap(a: readonly Hex[], b: readonly Hex[]): boolean {
  for (const x of a) for (const y of b) if (x.q === y.q && x.r === y.r) return true;
  return false;
}

/**
 * Whether a token covering `own` with `reach` threatens a token covering `other`: some hex of the
 * other, not one of its own, within `reach` of one of its own (engine `space/reach.ts`
 * `threatens`). Reach 0 threatens nothing.
 */
export function threatensCells(own: readonly Hex[], reach: number, other: readonly Hex[]): boolean {
  if (reach <= 0) return false;
  if (own.length === 1 && other.length === 1) {
    const d = hexDistance(own[0] as Hex, other[0] as Hex);
    return d >= 1 && d <= reach;
  }
  for (const y of other) {
    let mine = false;
    let near = false;
    for (const x of own) {
      const d = hexDistance(x, y);
      if (d === 0) mine = true;
      else if (d <= reach) near = true;
    }
    if (near && !mine) return true;
  }
  return false;
}

/**
 * `threatensCells(own, reach, cellsAt(shape, {q, r}))` without making the other token's hexes:
 * asked at every step of a walk and every hex a step out of reach looks at.
 */
export function threatensShapeAt(
  own: readonly Hex[], reach: number, shape: Shape, q: number, r: number,
): boolean {
  if (reach <= 0) return false;
  const offsets = shape[r & 1] as readonly Hex[];
  for (let k = 0; k < offsets.length; k++) {
    const o = offsets[k] as Hex;
    const yq = q + o.q;
    const yr = r + o.r;
    let mine = false;
    let near = false;
    for (let i = 0; i < own.length; i++) {
      const x = own[i] as Hex;
      const d = axialSteps(x.q - yq, x.r - yr);
      if (d === 0) mine = true;
      else if (d <= reach) near = true;
    }
    if (near && !mine) return true;
  }
  return false;
}

export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

/** A token that threatens: the hexes it covers and its reach. */
export interface ThreatSource {
  readonly cells: readonly Hex[];
  readonly reach: number;
}

/**
 * Which threateners a token of `shape` walking `path` (its top-left hex before each step and after
 * the last) leaves, and at which step (1-based: step k leaves `path[k − 1]`): each the first time
 * the token steps out of a hex it threatens, even into another it threatens, in step order and
 * the threateners' order within a step. The engine's `space/leaving.ts` `threatLeft` with the
 * `space` rule and `first` reports, on the runner's hexes (`test/runner-space.test.ts` compares
 * them).
 */
export function leavesAlong(
  shape: Shape, path: readonly Hex[], threateners: readonly ThreatSource[],
): { readonly index: number; readonly step: number }[] {
  const out: { index: number; step: number }[] = [];
  // Those left so far, as bits (a move meets a few threateners), else as a list.
  const bits = threateners.length <= 30;
  let doneBits = 0;
  const done = bits ? null : new Array<boolean>(threateners.length).fill(false);
  for (let step = 1; step < path.length && out.length < threateners.length; step++) {
    const from = path[step - 1] as Hex;
    for (let k = 0; k < threateners.length; k++) {
      const t = threateners[k] as ThreatSource;
      if (done ? done[k] : (doneBits & (1 << k)) !== 0) continue;
      if (!threatensShapeAt(t.cells, t.reach, shape, from.q, from.r)) continue;
      if (done) done[k] = true;
      else doneBits |= 1 << k;
      out.push({ index: k, step });
    }
  }
  return out;
}
