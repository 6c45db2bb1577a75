import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRIDLESS, hexGrid, squareGrid } from "../../src/engine/space/grid";
import {
  footprintsAdjacent, footprintsOverlap, type Footprint,
} from "../../src/engine/space/footprint";
import { freeCellBeside, gridlessBeside } from "../../src/engine/space/free-spot";

/**
 * `engine/space/free-spot.ts`: the first free place beside a token for another (wounds' summons),
 * on square and hex grids, inside the scene, and beside it on a gridless one.
 */
describe("a free place beside a token (a summon's)", () => {
  const grid = squareGrid();
  const caster: Footprint = { origin: { i: 5, j: 5 } };
  const one = { width: 1, height: 1 };

  it("the first free space beside the caster, row by row", () => {
    expect(freeCellBeside(grid, caster, [], one, null)).toEqual({ i: 4, j: 4 });
    const taken = [{ origin: { i: 4, j: 4 } }, { origin: { i: 4, j: 5 } }];
    expect(freeCellBeside(grid, caster, taken, one, null)).toEqual({ i: 4, j: 6 });
    // The scene's top rows cut off: the first row beside it inside the scene.
    expect(freeCellBeside(grid, caster, [], one, { iMin: 5, iMax: 20, jMin: 0, jMax: 20 }))
      .toEqual({ i: 5, j: 4 });
  });

  it("nowhere when every space beside it is taken or off the scene", () => {
    const ring: Footprint[] = [];
    for (let i = 4; i <= 6; i++) {
      for (let j = 4; j <= 6; j++) if (i !== 5 || j !== 5) ring.push({ origin: { i, j } });
    }
    expect(freeCellBeside(grid, caster, ring, one, null)).toBeNull();
    expect(freeCellBeside(grid, caster, [], one, { iMin: 5, iMax: 5, jMin: 5, jMax: 5 })).toBeNull();
    expect(freeCellBeside(GRIDLESS, caster, [], one, null)).toBeNull();
  });

  it("property: on squares and hexes, beside the caster and on no other token", () => {
    const grids = [squareGrid(), squareGrid("exact"), hexGrid(false, false), hexGrid(true, true)];
    const cell = fc.record({
      i: fc.integer({ min: 0, max: 12 }), j: fc.integer({ min: 0, max: 12 }),
    });
    fc.assert(fc.property(
      fc.constantFrom(...grids), cell, fc.array(cell, { maxLength: 10 }),
      fc.constantFrom(1, 2),
      (g, at, others, big) => {
        const from: Footprint = { origin: at };
        const size = g.kind === "hex" ? { width: 1, height: 1 } : { width: big, height: big };
        const taken = others.map((o) => ({ origin: o }))
          .filter((t) => !footprintsOverlap(g, t, from));
        const found = freeCellBeside(g, from, taken, size, null);
        if (!found) return;
        const fp = { origin: found, size };
        expect(footprintsAdjacent(g, from, fp)).toBe(true);
        for (const t of taken) expect(footprintsOverlap(g, t, fp)).toBe(false);
      },
    ));
  });

  it("gridless: one grid size beyond the caster's right edge", () => {
    expect(gridlessBeside({ x: 100, y: 40, width: 2 }, 50)).toEqual({ x: 250, y: 40 });
  });
});

