import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Cell } from "../../../engine/space/cell";
import { footprintCells, footprintDistance } from "../../../engine/space/footprint";
import { interceptSpots } from "../../../engine/space/intercept";
import { threatLeft } from "../../../engine/space/leaving";
import { threatens, threatenedCells } from "../../../engine/space/reach";
import type { Size } from "../rules/constants";
import type { Hex } from "../encounter/events";
import {
  AP_GRID, cellOf, cellsAt, cellsDistance, cellsOverlap, DIRECTIONS, hexOf, leavesAlong, shapeOf,
  sizeOf, threatensCells,
} from "../encounter/field";
import { lineBetween, spotsFor } from "../encounter/intercept";

/**
 * The runner's hex geometry against the engine's `space/` on the same grid: token shapes by size,
 * distances, threat, leaving threatened hexes along a walk, and Intercept spots. The engine's
 * functions are the specification; the runner counts on axial integers for speed. Also the
 * text's own figure: reach 2 from one hex threatens 18 hexes. Source: `004_2cc57162401858c9.txt`
 * §Reach, §Threat Range, §Intercept.
 */
const SIZES: readonly Size[] = ["small", "medium", "large", "huge"];
const size = fc.constantFrom(...SIZES);
const hex = fc.record({ q: fc.integer({ min: -5, max: 5 }), r: fc.integer({ min: -5, max: 5 }) });
const token = fc.record({ size, at: hex });
const fp = (t: { size: Size; at: Hex }) => ({ origin: cellOf(t.at), size: sizeOf(t.size) });
const cells = (t: { size: Size; at: Hex }) => cellsAt(shapeOf(t.size), t.at);

describe("the runner's battlefield against the engine's space/ (004 §Reach)", () => {
  it("a token covers the hexes of Foundry's shape for its size: 1, 1, 3 and 7", () => {
    expect(SIZES.map((s) => cellsAt(shapeOf(s), { q: 0, r: 0 }).length)).toEqual([1, 1, 3, 7]);
    fc.assert(fc.property(token, (t) => {
      const engine = (footprintCells(AP_GRID, fp(t)) as Cell[]).map(hexOf);
      expect(cells(t)).toEqual(engine);
    }));
  });

  it("distances between tokens are the engine's footprintDistance", () => {
    fc.assert(fc.property(token, token, (a, b) => {
      expect(cellsDistance(cells(a), cells(b))).toBe(footprintDistance(AP_GRID, fp(a), fp(b)));
    }));
  });

  it("threat is the engine's `threatens` for every reach", () => {
    fc.assert(fc.property(token, token, fc.integer({ min: 0, max: 4 }), (a, b, reach) => {
      fc.pre(!cellsOverlap(cells(a), cells(b)));
      expect(threatensCells(cells(a), reach, cells(b)))
        .toBe(threatens(AP_GRID, { footprint: fp(a), reach }, fp(b)));
    }));
  });

  it("reach 2 from one hex threatens 18 hexes, reach 1 the 6 around it (004 §Reach)", () => {
    const one = { origin: { i: 0, j: 0 } };
    expect(threatenedCells(AP_GRID, { footprint: one, reach: 2 })).toHaveLength(18);
    expect(threatenedCells(AP_GRID, { footprint: one, reach: 1 })).toHaveLength(6);
    let n = 0;
    for (let q = -4; q <= 4; q++) {
      for (let r = -4; r <= 4; r++) if (threatensCells([{ q: 0, r: 0 }], 2, [{ q, r }])) n++;
    }
    expect(n).toBe(18);
  });

  it("leaving threatened hexes along a walk is the engine's threatLeft (space rule, first)", () => {
    const walk = fc.tuple(hex, fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 8 }))
      .map(([start, dirs]) => {
        const path: Hex[] = [start];
        for (const d of dirs) {
          const last = path[path.length - 1] as Hex;
          const step = DIRECTIONS[d] as Hex;
          path.push({ q: last.q + step.q, r: last.r + step.r });
        }
        return path;
      })
      // A walk never steps back onto the hex it just left (`checkWalk` needs single steps).
      .filter((p) => p.every((h, k) => k === 0 || h.q !== p[k - 1]!.q || h.r !== p[k - 1]!.r));
    const threat = fc.record({ t: token, reach: fc.integer({ min: 1, max: 3 }) });
    fc.assert(fc.property(size, walk, fc.array(threat, { maxLength: 4 }), (mover, path, ts) => {
      const mine = leavesAlong(shapeOf(mover), path, ts.map((x) => ({ cells: cells(x.t), reach: x.reach })));
      const engine = threatLeft(
        AP_GRID, path.map(cellOf),
        ts.map((x, k) => ({ id: String(k), footprint: fp(x.t), reach: x.reach })),
        { rule: "space", mover: sizeOf(mover) },
      ) as { id: string; step: number }[];
      expect(mine).toEqual(engine.map((l) => ({ index: Number(l.id), step: l.step })));
    }), { numRuns: 500 });
  });

  it("Intercept spots are the engine's interceptSpots, in the same order", () => {
    const field = fc.record({
      interceptor: token, ally: token, attacker: token,
      walls: fc.array(token, { maxLength: 3 }),
      ranged: fc.boolean(),
    });
    fc.assert(fc.property(field, ({ interceptor, ally, attacker, walls, ranged }) => {
      const all = [interceptor, ally, attacker, ...walls];
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) fc.pre(!cellsOverlap(cells(all[i]!), cells(all[j]!)));
      }
      const shape = shapeOf(interceptor.size);
      // The walls are foes (not passable); the ally and the attacker block only the end.
      const blocked = (h: Hex, also: readonly { size: Size; at: Hex }[]) =>
        also.some((t) => cellsOverlap(cells(t), cellsAt(shape, h)));
      const passable = (h: Hex) => !blocked(h, [attacker, ...walls]);
      const canEnd = (h: Hex) => !blocked(h, [ally, attacker, ...walls]);
      const between = ranged ? lineBetween(cells(attacker), cells(ally)) : null;
      const mine = spotsFor(shape, interceptor.at, cells(ally), cells(attacker), between, 3,
        { passable, canEnd }, false);
      const engine = (interceptSpots(AP_GRID, fp(interceptor), fp(ally), fp(attacker), {
        attack: ranged ? "ranged" : "melee", budget: 3,
        passable: (c) => passable(hexOf(c)), canEnd: (c) => canEnd(hexOf(c)),
      }) as Cell[]).map(hexOf);
      expect(mine).toEqual(engine);
    }), { numRuns: 400 });
  });
});
