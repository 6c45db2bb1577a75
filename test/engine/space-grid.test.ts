import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CellSet, cellKey, type Cell } from "../../src/engine/space/cell";
import { DIAGONAL_RULES, gridFromFoundry, hexGrid, squareGrid, type DiagonalRule, type HexGrid } from "../../src/engine/space/grid";
import { CUBE_DIRECTIONS, cubeToOffset, offsetToCube } from "../../src/engine/space/hex";
import { adjacent, checkWalk, distance, line, moves, neighbours, pathLength, walk } from "../../src/engine/space/measure";

/**
 * Grids, distances, neighbours and lines (src/engine/space/grid.ts, square.ts, hex.ts,
 * measure.ts). What a Foundry square grid measures under each diagonal rule comes from
 * common/grid/square.mjs `_measurePath` (the Foundry tier compares with it directly); the hex
 * layouts from common/grid/hexagonal.mjs.
 */
const cellArb = fc.record({ i: fc.integer({ min: -40, max: 40 }), j: fc.integer({ min: -40, max: 40 }) });
const ruleArb = fc.constantFrom(...DIAGONAL_RULES);
const HEXES: HexGrid[] = [hexGrid(false, false), hexGrid(false, true), hexGrid(true, false), hexGrid(true, true)];
const hexArb = fc.constantFrom(...HEXES);

/** Foundry's square ruler between two cells, written out from its doc comments in constants.mjs. */
function expectedSquare(rule: DiagonalRule, a: Cell, b: Cell): number {
  const di = Math.abs(a.i - b.i);
  const dj = Math.abs(a.j - b.j);
  const long = Math.max(di, dj);
  const short = Math.min(di, dj);
  return {
    equidistant: long,
    exact: long - short + short * Math.SQRT2,
    approximate: long - short + short * 1.5,
    rectilinear: long + short,
    alternating1: long + Math.floor(short / 2),
    alternating2: long + Math.ceil(short / 2),
    illegal: di + dj,
  }[rule];
}

describe("grids from Foundry's numbers (common/constants.mjs GRID_TYPES, GRID_DIAGONALS)", () => {
  it("maps every type and diagonal rule, and refuses unknown numbers", () => {
    expect(gridFromFoundry(0)).toEqual({ kind: "gridless" });
    expect(gridFromFoundry(1)).toEqual(squareGrid("equidistant"));
    expect(gridFromFoundry(1, 4)).toEqual(squareGrid("alternating1"));
    expect(gridFromFoundry(1, 6)).toEqual(squareGrid("illegal"));
    expect(gridFromFoundry(2)).toEqual(hexGrid(false, false));
    expect(gridFromFoundry(3)).toEqual(hexGrid(false, true));
    expect(gridFromFoundry(4)).toEqual(hexGrid(true, false));
    expect(gridFromFoundry(5, 3)).toEqual(hexGrid(true, true));
    expect(() => gridFromFoundry(6)).toThrow(RangeError);
    expect(() => gridFromFoundry(1, 7)).toThrow(RangeError);
    expect(() => gridFromFoundry(1, 1.5)).toThrow(RangeError);
  });
});

describe("square grids", () => {
  it("a 3-across, 2-down move under each diagonal rule (2 diagonals and 1 straight step)", () => {
    const a = { i: 0, j: 0 };
    const b = { i: 2, j: 3 };
    const got = Object.fromEntries(DIAGONAL_RULES.map((r) => [r, distance(squareGrid(r), a, b)]));
    expect(got).toEqual({
      equidistant: 3, exact: 1 + 2 * Math.SQRT2, approximate: 4, rectilinear: 5,
      alternating1: 4, alternating2: 4, illegal: 5,
    });
    expect(distance(squareGrid("alternating1"), a, { i: 1, j: 1 })).toBe(1);
    expect(distance(squareGrid("alternating2"), a, { i: 1, j: 1 })).toBe(2);
    expect(distance(squareGrid("alternating1"), a, { i: 3, j: 3 })).toBe(4);
    expect(distance(squareGrid("alternating2"), a, { i: 3, j: 3 })).toBe(5);
  });

  it("distance is Foundry's formula for every rule, symmetric, 0 only for the same cell", () => {
    fc.assert(fc.property(ruleArb, cellArb, cellArb, (rule, a, b) => {
      const g = squareGrid(rule);
      expect(distance(g, a, b)).toBeCloseTo(expectedSquare(rule, a, b), 12);
      expect(distance(g, a, b)).toBe(distance(g, b, a));
      expect(distance(g, a, b) === 0).toBe(a.i === b.i && a.j === b.j);
    }));
  });

  it("the alternating count runs along a path: two single diagonals cost 1 then 2, however cut", () => {
    const g = squareGrid("alternating1");
    expect(pathLength(g, [{ i: 0, j: 0 }, { i: 1, j: 1 }, { i: 2, j: 2 }])).toBe(3);
    expect(pathLength(g, [{ i: 0, j: 0 }, { i: 1, j: 1 }, { i: 1, j: 4 }, { i: 2, j: 5 }])).toBe(6);
    expect(pathLength(squareGrid("alternating2"), [{ i: 0, j: 0 }, { i: 1, j: 1 }, { i: 2, j: 2 }])).toBe(3);
    expect(pathLength(g, [{ i: 4, j: 4 }])).toBe(0);
    expect(() => pathLength(g, [])).toThrow(RangeError);
  });

  it("neighbours: 8 cells, or the 4 orthogonal ones when diagonals are illegal; adjacency agrees", () => {
    fc.assert(fc.property(ruleArb, cellArb, cellArb, (rule, c, other) => {
      const g = squareGrid(rule);
      const ns = neighbours(g, c) as Cell[];
      expect(ns).toHaveLength(rule === "illegal" ? 4 : 8);
      expect(new CellSet(ns).size).toBe(ns.length);
      for (const n of ns) expect(moves(g, c, n)).toBe(1);
      expect(adjacent(g, c, other)).toBe(new CellSet(ns).has(other));
      expect(adjacent(g, c, c)).toBe(false);
    }));
  });
});

describe("hex grids", () => {
  it("offset and cube coordinates convert both ways in all four layouts, negatives included", () => {
    fc.assert(fc.property(hexArb, cellArb, (g, c) => {
      const h = offsetToCube(g, c);
      expect(h.q + h.r + h.s).toBe(0);
      expect(cubeToOffset(g, h)).toEqual(c);
    }));
  });

  it("which rows or columns are pushed: odd or even rows (HEXODDR, HEXEVENR), columns (HEXODDQ, HEXEVENQ)", () => {
    // Odd-r: row 1 sits half a hex right of row 0, so (0, 0) touches (1, −1) and (1, 0) below it.
    const oddR = hexGrid(false, false);
    expect(adjacent(oddR, { i: 0, j: 0 }, { i: 1, j: 0 })).toBe(true);
    expect(adjacent(oddR, { i: 0, j: 0 }, { i: 1, j: -1 })).toBe(true);
    expect(adjacent(oddR, { i: 0, j: 0 }, { i: 1, j: 1 })).toBe(false);
    // Even-r: row 0 is the pushed one, so (0, 0) touches (1, 0) and (1, 1).
    expect(adjacent(hexGrid(false, true), { i: 0, j: 0 }, { i: 1, j: 1 })).toBe(true);
    expect(adjacent(hexGrid(false, true), { i: 0, j: 0 }, { i: 1, j: -1 })).toBe(false);
    // Even-q: column 0 is pushed down, so (0, 0) touches (0, 1) and (1, 1) to its right.
    expect(adjacent(hexGrid(true, true), { i: 0, j: 0 }, { i: 1, j: 1 })).toBe(true);
    expect(adjacent(hexGrid(true, true), { i: 0, j: 0 }, { i: -1, j: 1 })).toBe(false);
    expect(adjacent(hexGrid(true, false), { i: 0, j: 0 }, { i: -1, j: 1 })).toBe(true);
    expect(distance(hexGrid(false, false), { i: 0, j: 0 }, { i: 4, j: 0 })).toBe(4);
    expect(distance(hexGrid(false, false), { i: 0, j: 0 }, { i: 0, j: 5 })).toBe(5);
  });

  it("distance: 6 neighbours at 1, symmetric, triangle inequality, and equal to breadth-first steps", () => {
    fc.assert(fc.property(hexArb, cellArb, cellArb, cellArb, (g, a, b, c) => {
      const ns = neighbours(g, a) as Cell[];
      expect(new CellSet(ns).size).toBe(6);
      for (const n of ns) expect(distance(g, a, n)).toBe(1);
      expect(distance(g, a, b)).toBe(distance(g, b, a));
      expect(distance(g, a, c) as number).toBeLessThanOrEqual((distance(g, a, b) as number) + (distance(g, b, c) as number));
    }));
    // Breadth-first rings from one hex: ring r holds exactly the hexes at distance r, 6r of them.
    for (const g of HEXES) {
      const start = { i: 3, j: -2 };
      const seen = new CellSet([start]);
      let ring = [start];
      for (let r = 1; r <= 6; r++) {
        const next: Cell[] = [];
        for (const c of ring) for (const n of neighbours(g, c) as Cell[]) if (!seen.has(n)) { seen.add(n); next.push(n); }
        expect(next).toHaveLength(6 * r);
        for (const c of next) expect(distance(g, start, c)).toBe(r);
        ring = next;
      }
    }
  });

  it("the six cube directions are the six neighbours", () => {
    for (const g of HEXES) {
      const c = { i: 5, j: 7 };
      const h = offsetToCube(g, c);
      const viaCube = CUBE_DIRECTIONS.map((d) => cellKey(cubeToOffset(g, { q: h.q + d.q, r: h.r + d.r, s: h.s + d.s })));
      expect(viaCube.sort()).toEqual((neighbours(g, c) as Cell[]).map(cellKey).sort());
    }
  });
});

describe("lines and walks", () => {
  const gridArb = fc.oneof(ruleArb.map((r) => squareGrid(r)), hexArb);

  it("a line runs from a to b in single steps, moves + 1 cells, and measures as the ruler does", () => {
    fc.assert(fc.property(gridArb, cellArb, cellArb, (g, a, b) => {
      const cells = line(g, a, b) as Cell[];
      expect(cells[0]).toEqual(a);
      expect(cells.at(-1)).toEqual(b);
      expect(cells).toHaveLength((moves(g, a, b) as number) + 1);
      expect(new CellSet(cells).size).toBe(cells.length);
      if (cells.length > 1) checkWalk(g as Exclude<typeof g, { kind: "gridless" }>, cells);
      expect(pathLength(g, cells) as number).toBeCloseTo(distance(g, a, b) as number, 9);
    }));
  });

  it("a walk through waypoints keeps every waypoint and steps one cell at a time", () => {
    fc.assert(fc.property(gridArb, fc.array(cellArb, { minLength: 1, maxLength: 5 }), (g, points) => {
      const cells = walk(g, points) as Cell[];
      const keys = cells.map(cellKey);
      let from = 0;
      for (const p of points) {
        const at = keys.indexOf(cellKey(p), from);
        expect(at).toBeGreaterThanOrEqual(from);
        from = at;
      }
      // One cell at a time: each cell one step from the one before, never the same cell twice in a
      // row (a waypoint repeated adds no cell).
      cells.slice(1).forEach((c, k) => {
        expect(cellKey(c)).not.toBe(cellKey(cells[k] as Cell));
        expect(adjacent(g, cells[k] as Cell, c)).toBe(true);
      });
    }));
  });

  it("checkWalk refuses a jump, a repeated cell, a diagonal where diagonals are illegal, and an empty path", () => {
    expect(() => checkWalk(squareGrid(), [{ i: 0, j: 0 }, { i: 0, j: 2 }])).toThrow(/step 1/);
    expect(() => checkWalk(squareGrid(), [{ i: 0, j: 0 }, { i: 0, j: 0 }])).toThrow(RangeError);
    expect(() => checkWalk(squareGrid("illegal"), [{ i: 0, j: 0 }, { i: 1, j: 1 }])).toThrow(RangeError);
    expect(() => checkWalk(squareGrid(), [])).toThrow(RangeError);
    expect(() => checkWalk(hexGrid(false, false), [{ i: 0, j: 0 }, { i: 1, j: 0 }, { i: 2, j: 1 }])).not.toThrow();
  });

  it("cells must have integer coordinates", () => {
    expect(() => distance(squareGrid(), { i: 0.5, j: 0 }, { i: 0, j: 0 })).toThrow(RangeError);
    expect(() => neighbours(hexGrid(true, false), { i: 0, j: Number.NaN })).toThrow(RangeError);
  });
});
