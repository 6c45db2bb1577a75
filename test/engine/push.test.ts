import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { GRIDLESS, hexGrid, squareGrid } from "../../src/engine/space/grid";
import { distance, neighbours } from "../../src/engine/space/measure";
import { pushAway } from "../../src/engine/space/push";

/**
 * A push one space straight away (engine/space/push.ts): on every hex layout and on squares, the
 * pushed target ends one space farther from its pusher, next to where it stood.
 * Source: `004_2cc57162401858c9.txt` §Shove (push back 1 hex).
 */
const HEXES = [hexGrid(false, false), hexGrid(false, true), hexGrid(true, false), hexGrid(true, true)];
const cell = fc.record({ i: fc.integer({ min: -20, max: 20 }), j: fc.integer({ min: -20, max: 20 }) });

describe("a push one space away", () => {
  it("goes straight on from the pusher through the target", () => {
    const rows = hexGrid(false, false);
    // On an odd-row layout, (0,0) and (0,1) share a row: the push goes on along it.
    expect(pushAway(rows, { i: 0, j: 0 }, { i: 0, j: 1 })).toEqual({ i: 0, j: 2 });
    const squares = squareGrid("equidistant");
    expect(pushAway(squares, { i: 0, j: 0 }, { i: 1, j: 1 })).toEqual({ i: 2, j: 2 });
    expect(pushAway(squares, { i: 3, j: 3 }, { i: 3, j: 2 })).toEqual({ i: 3, j: 1 });
    expect(pushAway(GRIDLESS, { i: 0, j: 0 }, { i: 0, j: 1 })).toBeNull();
    expect(pushAway(rows, { i: 2, j: 2 }, { i: 2, j: 2 })).toBeNull();
  });

  it("an adjacent target always ends next to where it stood, one space farther away", () => {
    for (const grid of [...HEXES, squareGrid("equidistant")]) {
      fc.assert(fc.property(cell, fc.nat(7), (pusher, k) => {
        const around = neighbours(grid, pusher)!;
        const target = around[k % around.length]!;
        const to = pushAway(grid, pusher, target);
        expect(to).not.toBeNull();
        expect(distance(grid, target, to!)).toBe(1);
        expect(distance(grid, pusher, to!)).toBe(2);
      }), { numRuns: 200 });
    }
  });
});
