import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { HAVE_FOUNDRY, loadFoundry } from "./harness";
import { cellKey, type Cell } from "../../src/engine/space/cell";
import { footprintCells } from "../../src/engine/space/footprint";
import { DIAGONAL_RULES, gridFromFoundry, hexGrid, squareGrid, type HexGrid } from "../../src/engine/space/grid";
import { HEX_SHAPES } from "../../src/engine/space/hex-shapes";
import { offsetToCube } from "../../src/engine/space/hex";
import { adjacent, line, neighbours, pathLength } from "../../src/engine/space/measure";

/**
 * The engine's grid measures (src/engine/space) against Foundry v13's own grid classes and token
 * footprints, imported from FOUNDRY_V13: common/grid/square.mjs and hexagonal.mjs (`measurePath`,
 * `getAdjacentOffsets`, `testAdjacency`, `offsetToCube`, `getDirectPath`) and
 * common/documents/token.mjs (`getOccupiedGridSpaceOffsets`, `_positionToGridOffset`, called on a
 * plain object standing for a token on a scene with the given grid). Nothing of Foundry's is copied.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const keys = (cells: readonly { i: number; j: number }[]): string[] =>
  cells.map((c) => cellKey({ i: c.i, j: c.j })).sort();

const cellArb = fc.record({ i: fc.integer({ min: -30, max: 30 }), j: fc.integer({ min: -30, max: 30 }) });
const HEX_LAYOUTS: HexGrid[] = [hexGrid(false, false), hexGrid(false, true), hexGrid(true, false), hexGrid(true, true)];

describe.skipIf(!HAVE_FOUNDRY)("space/ against Foundry v13's grids", () => {
  let f: any;
  beforeAll(async () => {
    f = await loadFoundry();
  });

  it("GRID_TYPES and GRID_DIAGONALS map to the engine's grids by Foundry's own numbers", () => {
    expect(gridFromFoundry(f.CONST.GRID_TYPES.GRIDLESS)).toEqual({ kind: "gridless" });
    expect(gridFromFoundry(f.CONST.GRID_TYPES.HEXEVENQ)).toEqual(hexGrid(true, true));
    expect(gridFromFoundry(f.CONST.GRID_TYPES.HEXODDR)).toEqual(hexGrid(false, false));
    const names = ["EQUIDISTANT", "EXACT", "APPROXIMATE", "RECTILINEAR", "ALTERNATING_1", "ALTERNATING_2", "ILLEGAL"];
    names.forEach((name, k) => {
      expect(gridFromFoundry(f.CONST.GRID_TYPES.SQUARE, f.CONST.GRID_DIAGONALS[name])).toEqual(squareGrid(DIAGONAL_RULES[k]));
    });
  });

  it("square grids: path lengths, neighbours and adjacency as Foundry's ruler, for every diagonal rule", () => {
    DIAGONAL_RULES.forEach((rule, diagonals) => {
      const theirs = new f.grid.SquareGrid({ size: 100, distance: 5, diagonals });
      const ours = squareGrid(rule);
      fc.assert(fc.property(fc.array(cellArb, { minLength: 1, maxLength: 6 }), (path) => {
        expect(pathLength(ours, path)).toBeCloseTo(theirs.measurePath(path).cost / 5, 9);
      }), { numRuns: 300 });
      fc.assert(fc.property(cellArb, cellArb, (a, b) => {
        expect(keys(neighbours(ours, a) as Cell[])).toEqual(keys(theirs.getAdjacentOffsets(a)));
        expect(adjacent(ours, a, b)).toBe(theirs.testAdjacency(a, b));
        const path = line(ours, a, b) as Cell[];
        const direct = theirs.getDirectPath([a, b]);
        expect(path.length).toBe(direct.length);
        expect(path.at(-1)).toEqual(direct.at(-1));
      }), { numRuns: 200 });
    });
  });

  it("hex grids: cube coordinates, neighbours, adjacency and distances as Foundry's, in all four layouts", () => {
    for (const ours of HEX_LAYOUTS) {
      const theirs = new f.grid.HexagonalGrid({ size: 100, distance: 5, columns: ours.columns, even: ours.even });
      fc.assert(fc.property(cellArb, cellArb, fc.array(cellArb, { maxLength: 4 }), (a, b, rest) => {
        const cube = offsetToCube(ours, a);
        const their = theirs.offsetToCube(a);
        expect([cube.q, cube.r, cube.s]).toEqual([their.q, their.r, their.s]);
        expect(keys(neighbours(ours, a) as Cell[])).toEqual(keys(theirs.getAdjacentOffsets(a)));
        expect(adjacent(ours, a, b)).toBe(theirs.testAdjacency(a, b));
        const path = [a, b, ...rest];
        expect(pathLength(ours, path)).toBe(theirs.measurePath(path).cost / 5);
        const direct = theirs.getDirectPath([a, b]);
        const mine = line(ours, a, b) as Cell[];
        expect(mine.length).toBe(direct.length);
        expect(mine.at(-1)).toEqual(direct.at(-1));
      }), { numRuns: 300 });
    }
  });

  /** The spaces Foundry says a token at pixel (x, y) covers, and the top-left cell it snaps to. */
  function occupied(grid: any, x: number, y: number, width: number, height: number, shape: number) {
    const proto = f.documents.BaseToken.prototype;
    const token: any = { parent: { grid }, x, y, elevation: 0, width, height, shape };
    token._positionToGridOffset = (d: object) => proto._positionToGridOffset.call(token, d);
    const { i, j } = proto._positionToGridOffset.call(token, {});
    return { origin: { i, j }, cells: proto.getOccupiedGridSpaceOffsets.call(token, {}) };
  }

  it("square footprints: width × height cells from the top-left cell, half sizes rounded up", () => {
    const grid = new f.grid.SquareGrid({ size: 100, distance: 5, diagonals: 0 });
    for (const w of [0.5, 1, 1.5, 2, 3, 4]) {
      for (const h of [0.5, 1, 2, 3]) {
        for (const [x, y] of [[0, 0], [300, 700], [-200, 100]] as const) {
          const { origin, cells } = occupied(grid, x, y, w, h, 4);
          const mine = footprintCells(squareGrid(), { origin, size: { width: w, height: h } }) as Cell[];
          expect(keys(mine)).toEqual(keys(cells));
        }
      }
    }
  });

  it("hex footprints: every Foundry hexagonal token shape up to 5 × 5, at both row/column parities", () => {
    let compared = 0;
    for (const ours of HEX_LAYOUTS) {
      const grid = new f.grid.HexagonalGrid({ size: 100, distance: 5, columns: ours.columns, even: ours.even });
      HEX_SHAPES.forEach((shapeName, shape) => {
        for (let w = 1; w <= 5; w++) {
          for (let h = 1; h <= 5; h++) {
            const size = { width: w, height: h, shape: shapeName };
            let valid = true;
            try {
              footprintCells(ours, { origin: { i: 0, j: 0 }, size });
            } catch {
              valid = false;
            }
            if (!valid) continue;
            // Top-left corners on rows and columns of both parities, and negative ones.
            for (const [x, y] of [[0, 0], [100, 90], [250, 170], [430, 260], [-340, -260]] as const) {
              const { origin, cells } = occupied(grid, x, y, w, h, shape);
              const mine = footprintCells(ours, { origin, size }) as Cell[];
              expect(keys(mine), `${shapeName} ${w}×${h} at ${x},${y}`).toEqual(keys(cells));
              compared++;
            }
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(400);
  });
});
