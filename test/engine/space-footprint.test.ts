import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CellSet, cellKey, type Cell } from "../../src/engine/space/cell";
import {
  footprintCells, footprintDistance, footprintOf, footprintsAdjacent, footprintsOverlap, type Footprint, type SizeTable,
} from "../../src/engine/space/footprint";
import { hexGrid, squareGrid, type Grid, type HexGrid } from "../../src/engine/space/grid";
import { HEX_SHAPES, shapeRows } from "../../src/engine/space/hex-shapes";
import { distance, neighbours } from "../../src/engine/space/measure";

/**
 * Footprints (src/engine/space/footprint.ts, hex-shapes.ts). Foundry v13 itself is the oracle for
 * exact cells in the Foundry tier (test/foundry/space-grid.test.ts); here, sizes, shapes and
 * invariants. Size tables are the rulesets' own words: action-points' Small/Medium/Large/Huge
 * (004_2cc57162401858c9.txt §Reach), a 5-foot square per combatant in shock (002 §The Grid).
 */
const HEXES: HexGrid[] = [hexGrid(false, false), hexGrid(false, true), hexGrid(true, false), hexGrid(true, true)];
const cellArb = fc.record({ i: fc.integer({ min: -20, max: 20 }), j: fc.integer({ min: -20, max: 20 }) });

/** A hex table as a ruleset might pass it: Large covers 3 hexes, Huge 7 (Foundry's ellipses). */
const HEX_SIZES: SizeTable = {
  Small: { width: 1, height: 1 },
  Medium: { width: 1, height: 1 },
  Large: { width: 2, height: 2, shape: "ellipse1" },
  Huge: { width: 3, height: 3, shape: "ellipse1" },
};

function connected(grid: Grid, cells: readonly Cell[]): boolean {
  const all = new CellSet(cells);
  const seen = new CellSet([cells[0] as Cell]);
  const stack = [cells[0] as Cell];
  while (stack.length > 0) {
    const c = stack.pop() as Cell;
    for (const n of neighbours(grid, c) as Cell[]) if (all.has(n) && !seen.has(n)) { seen.add(n); stack.push(n); }
  }
  return seen.size === all.size;
}

describe("footprints by size", () => {
  it("a square token covers width × height cells from its top-left cell; half sizes round up to a cell", () => {
    const g = squareGrid();
    expect(footprintCells(g, { origin: { i: 2, j: 3 } })).toEqual([{ i: 2, j: 3 }]);
    expect(footprintCells(g, { origin: { i: 2, j: 3 }, size: { width: 2, height: 2 } })).toEqual([
      { i: 2, j: 3 }, { i: 2, j: 4 }, { i: 3, j: 3 }, { i: 3, j: 4 },
    ]);
    expect(footprintCells(g, { origin: { i: 0, j: 0 }, size: { width: 0.5, height: 0.5 } })).toHaveLength(1);
    expect(footprintCells(g, { origin: { i: 0, j: 0 }, size: { width: 3, height: 1 } })).toHaveLength(3);
    expect(footprintCells(g, { origin: { i: 0, j: 0 }, size: { width: 1.5, height: 2 } })).toHaveLength(4);
  });

  it("hex shapes: ellipses of 1, 3, 7, 12 hexes, trapezoids of 1, 3, 6, 10, rectangles alternating rows", () => {
    const count = (w: number, h: number, shape: (typeof HEX_SHAPES)[number]) =>
      shapeRows(w, h, shape).reduce((s, r) => s + r.count, 0);
    expect([1, 2, 3, 4].map((n) => count(n, n, "ellipse1"))).toEqual([1, 3, 7, 12]);
    expect([1, 2, 3, 4].map((n) => count(n, n, "ellipse2"))).toEqual([1, 3, 7, 12]);
    expect([1, 2, 3, 4].map((n) => count(n, n, "trapezoid1"))).toEqual([1, 3, 6, 10]);
    expect([1, 2, 3, 4].map((n) => count(n, n, "trapezoid2"))).toEqual([1, 3, 6, 10]);
    expect(shapeRows(3, 3, "rectangle1").map((r) => r.count)).toEqual([3, 2, 3]);
    expect(shapeRows(3, 3, "rectangle2").map((r) => r.count)).toEqual([2, 3, 2]);
    expect(shapeRows(3, 1, "rectangle2").map((r) => r.count)).toEqual([3]);
    // The 3×3 ellipse is one hex and its six neighbours.
    const g = hexGrid(false, false);
    const huge = footprintCells(g, footprintOf({ i: 4, j: 4 }, "Huge", HEX_SIZES)) as Cell[];
    const middle = huge.find((c) => (neighbours(g, c) as Cell[]).every((n) => new CellSet(huge).has(n)));
    expect(middle).toBeDefined();
  });

  it("shapes Foundry does not draw as hexes are refused, not guessed", () => {
    expect(() => shapeRows(2, 4, "ellipse1")).toThrow(RangeError);
    expect(() => shapeRows(2, 3, "trapezoid2")).toThrow(RangeError);
    expect(() => shapeRows(1, 2, "rectangle1")).toThrow(RangeError);
    expect(() => shapeRows(1.5, 1, "rectangle1")).toThrow(RangeError);
    expect(() => footprintCells(hexGrid(true, true), { origin: { i: 0, j: 0 }, size: { width: 0.5, height: 0.5 } })).toThrow(RangeError);
    expect(() => footprintCells(squareGrid(), { origin: { i: 0, j: 0 }, size: { width: 0, height: 1 } })).toThrow(RangeError);
    expect(() => footprintOf({ i: 0, j: 0 }, "Gargantuan", HEX_SIZES)).toThrow(/Gargantuan/);
    expect(() => footprintOf({ i: 0, j: 0 }, "toString", HEX_SIZES)).toThrow(RangeError);
  });

  it("every hex shape is connected, has distinct cells, and its row sizes add up, at any origin", () => {
    const shapeArb = fc.tuple(
      fc.constantFrom(...HEXES), fc.constantFrom(...HEX_SHAPES), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), cellArb,
    );
    fc.assert(fc.property(shapeArb, ([g, shape, w, h, origin]) => {
      let rows;
      try {
        rows = g.columns ? shapeRows(h, w, shape) : shapeRows(w, h, shape);
      } catch {
        return;
      }
      const cells = footprintCells(g, { origin, size: { width: w, height: h, shape } }) as Cell[];
      expect(cells).toHaveLength(rows.reduce((s, r) => s + r.count, 0));
      expect(new CellSet(cells).size).toBe(cells.length);
      expect(connected(g, cells)).toBe(true);
      // Rows (columns on a column grid) are the shape's lanes, starting at the origin's.
      const lanes = new Set(cells.map((c) => (g.columns ? c.j : c.i)));
      expect([...lanes].sort((a, b) => a - b)).toEqual(rows.map((_, k) => (g.columns ? origin.j : origin.i) + k));
    }));
  });

  it("moving a token two rows (columns) keeps its shape: the same cells, moved", () => {
    fc.assert(fc.property(fc.constantFrom(...HEXES), fc.constantFrom(...HEX_SHAPES), cellArb, fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (g, shape, origin, lanes, across) => {
      const size = { width: 3, height: 3, shape };
      const d = g.columns ? { i: across, j: 2 * lanes } : { i: 2 * lanes, j: across };
      const here = footprintCells(g, { origin, size }) as Cell[];
      const there = footprintCells(g, { origin: { i: origin.i + d.i, j: origin.j + d.j }, size }) as Cell[];
      expect(there.map(cellKey).sort()).toEqual(here.map((c) => cellKey({ i: c.i + d.i, j: c.j + d.j })).sort());
    }));
  });
});

describe("distance and adjacency between footprints", () => {
  const fpArb = (g: Grid) => fc.record({
    origin: cellArb,
    size: g.kind === "hex"
      ? fc.constantFrom(HEX_SIZES.Medium, HEX_SIZES.Large, HEX_SIZES.Huge) as fc.Arbitrary<Footprint["size"]>
      : fc.record({ width: fc.integer({ min: 1, max: 3 }), height: fc.integer({ min: 1, max: 3 }) }),
  }) as fc.Arbitrary<Footprint>;

  it("the closest cells decide: a 1×1 token one column past a 2×2 one is 2 spaces from it", () => {
    const g = squareGrid();
    expect(footprintDistance(g, { origin: { i: 0, j: 0 } }, { origin: { i: -1, j: 3 }, size: { width: 2, height: 2 } })).toBe(3);
    expect(footprintDistance(g, { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } }, { origin: { i: 0, j: 3 } })).toBe(2);
    expect(footprintsAdjacent(g, { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } }, { origin: { i: 2, j: 2 } })).toBe(true);
    expect(footprintsAdjacent(squareGrid("illegal"), { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } }, { origin: { i: 2, j: 2 } })).toBe(false);
    expect(footprintsAdjacent(g, { origin: { i: 0, j: 0 } }, { origin: { i: 0, j: 0 } })).toBe(false);
  });

  for (const g of [squareGrid(), hexGrid(false, false), hexGrid(true, true)] as Grid[]) {
    it(`${g.kind === "hex" ? `hex (columns ${g.columns})` : "square"}: distance is symmetric, the least cell distance, 0 exactly on overlap; adjacent exactly at 1`, () => {
      fc.assert(fc.property(fpArb(g), fpArb(g), (a, b) => {
        const d = footprintDistance(g, a, b) as number;
        expect(d).toBe(footprintDistance(g, b, a));
        const as = footprintCells(g, a) as Cell[];
        const bs = footprintCells(g, b) as Cell[];
        expect(d).toBe(Math.min(...as.flatMap((x) => bs.map((y) => distance(g, x, y) as number))));
        expect(d === 0).toBe(footprintsOverlap(g, a, b));
        expect(footprintsAdjacent(g, a, b)).toBe(d === 1);
      }));
    });
  }
});
