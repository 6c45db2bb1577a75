import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CellSet, type Cell } from "../../src/engine/space/cell";
import { footprintCells, type Footprint } from "../../src/engine/space/footprint";
import { DIAGONAL_RULES, hexGrid, squareGrid, type Grid } from "../../src/engine/space/grid";
import { adjacent, distance, neighbours } from "../../src/engine/space/measure";
import { effectiveReach, threatenedCells, threatenersOf, threatens } from "../../src/engine/space/reach";

/**
 * Reach and threat (src/engine/space/reach.ts). The texts' numbers: 004_2cc57162401858c9.txt
 * §Reach (Small and Medium reach 1, +1 per size above Medium, a Large creature threatens 18 hexes,
 * two-handed polearms reach 2, reaches do not stack); 003_d18720f6cd315cc2.txt and
 * 001_dbc5fcc02a99a518.txt (each adjacent square; the Reach feat's 2 spaces).
 */
const AP_REACH = { Small: 1, Medium: 1, Large: 2, Huge: 3 };
const HEX = hexGrid(false, false);
const cellArb = fc.record({ i: fc.integer({ min: -15, max: 15 }), j: fc.integer({ min: -15, max: 15 }) });

describe("reach by size and weapon", () => {
  it("action-points: size gives the reach, a polearm's 2 does not add to a Large creature's 2", () => {
    expect(effectiveReach("Medium", AP_REACH)).toBe(1);
    expect(effectiveReach("Medium", AP_REACH, [2])).toBe(2);
    expect(effectiveReach("Large", AP_REACH, [2])).toBe(2);
    expect(effectiveReach("Huge", AP_REACH, [2, 1])).toBe(3);
  });
  it("refuses an unknown size and a negative or endless reach", () => {
    expect(() => effectiveReach("Colossal", AP_REACH)).toThrow(/Colossal/);
    expect(() => effectiveReach("Medium", AP_REACH, [-1])).toThrow(RangeError);
    expect(() => effectiveReach("Medium", { Medium: Infinity })).toThrow(RangeError);
    expect(() => threatens(HEX, { footprint: { origin: { i: 0, j: 0 } }, reach: Number.NaN }, { i: 0, j: 1 })).toThrow(RangeError);
  });
});

describe("threatened cells", () => {
  it("a Large creature (reach 2) on one hex threatens 18 hexes, reach r 3r(r + 1)", () => {
    for (const reach of [1, 2, 3, 4]) {
      expect(threatenedCells(HEX, { footprint: { origin: { i: 7, j: 3 } }, reach })).toHaveLength(3 * reach * (reach + 1));
    }
  });

  it("reach 1 is exactly the adjacent cells, under every grid and diagonal rule", () => {
    const grids: Grid[] = [...DIAGONAL_RULES.map((r) => squareGrid(r)), HEX, hexGrid(true, true)];
    for (const g of grids) {
      const c = { i: -3, j: 4 };
      const got = new CellSet(threatenedCells(g, { footprint: { origin: c }, reach: 1 }) as Cell[]);
      const ns = neighbours(g, c) as Cell[];
      expect(got.size).toBe(ns.length);
      expect(ns.every((n) => got.has(n))).toBe(true);
    }
  });

  it("square reach 2: a 5×5 block with equidistant diagonals, without the 2-diagonal corners otherwise", () => {
    const one = { footprint: { origin: { i: 0, j: 0 } }, reach: 2 };
    expect(threatenedCells(squareGrid("equidistant"), one)).toHaveLength(24);
    // Alternating 1-2-1: (2, 2) measures 3; (2, 1) measures 2.
    expect(threatenedCells(squareGrid("alternating1"), one)).toHaveLength(20);
    // 2-1-2: (1, 1) measures 2 and (2, 1) 3: the 3×3 block and the four straight 2s.
    expect(threatenedCells(squareGrid("alternating2"), one)).toHaveLength(12);
    // Exact: (2, 1) is 1 + √2 > 2.
    expect(threatenedCells(squareGrid("exact"), one)).toHaveLength(12);
    // No diagonals: a diamond.
    expect(threatenedCells(squareGrid("illegal"), one)).toHaveLength(12);
  });

  it("a 2×2 token with reach 1 threatens the 12 cells around it, never its own", () => {
    const big: Footprint = { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } };
    const cells = threatenedCells(squareGrid(), { footprint: big, reach: 1 }) as Cell[];
    expect(cells).toHaveLength(12);
    expect(threatens(squareGrid(), { footprint: big, reach: 1 }, { i: 1, j: 1 })).toBe(false);
    expect(threatens(squareGrid(), { footprint: big, reach: 0 }, { i: 2, j: 2 })).toBe(false);
  });

  it("a Large hex token (3 hexes) with reach 2 threatens the hexes within 2 of any of its hexes", () => {
    const large: Footprint = { origin: { i: 4, j: 4 }, size: { width: 2, height: 2, shape: "ellipse1" } };
    const own = footprintCells(HEX, large) as Cell[];
    const cells = threatenedCells(HEX, { footprint: large, reach: 2 }) as Cell[];
    for (const c of cells) expect(Math.min(...own.map((o) => distance(HEX, o, c) as number))).toBeLessThanOrEqual(2);
    // Around its 3 hexes: 9 hexes at distance 1, 15 at distance 2.
    expect(cells).toHaveLength(9 + 15);
  });

  it("threatens(cell) agrees with threatenedCells, and with adjacency or distance, on random tokens", () => {
    const gridArb = fc.constantFrom<Grid>(...DIAGONAL_RULES.map((r) => squareGrid(r)), HEX, hexGrid(true, false));
    fc.assert(fc.property(gridArb, cellArb, fc.integer({ min: 0, max: 3 }), cellArb, (g, origin, reach, c) => {
      const t = { footprint: { origin }, reach };
      const zone = new CellSet(threatenedCells(g, t) as Cell[]);
      const expected = reach > 0 && !(c.i === origin.i && c.j === origin.j)
        && (adjacent(g, origin, c) === true || (distance(g, origin, c) as number) <= reach + 1e-9);
      expect(threatens(g, t, c)).toBe(expected);
      expect(zone.has(c)).toBe(expected);
    }), { numRuns: 400 });
  });
});

describe("who threatens a target (ganging up, 004 §Ganging up)", () => {
  it("lists the threateners in reach of any of the target's cells, in the order given", () => {
    const target: Footprint = { origin: { i: 5, j: 5 } };
    const list = [
      { id: "pike", footprint: { origin: { i: 5, j: 7 } }, reach: 2 },
      { id: "far", footprint: { origin: { i: 5, j: 9 } }, reach: 1 },
      { id: "sword", footprint: { origin: { i: 4, j: 5 } }, reach: 1 },
    ];
    expect(threatenersOf(HEX, target, list)).toEqual(["pike", "sword"]);
    expect(threatenersOf(HEX, { origin: { i: 5, j: 8 } }, list)).toEqual(["pike", "far"]);
  });
});
