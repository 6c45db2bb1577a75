import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Cell } from "../../src/engine/space/cell";
import { hexGrid, squareGrid, type Grid } from "../../src/engine/space/grid";
import { neighbours, walk } from "../../src/engine/space/measure";
import { threatLeft } from "../../src/engine/space/leaving";
import { threatens, type Threatener } from "../../src/engine/space/reach";
import { movedMoreThanWithin, stepsWithin } from "../../src/engine/space/zone";

/**
 * Leaving threatened space and moving within it (src/engine/space/leaving.ts, zone.ts), on the
 * texts' own situations: 004_2cc57162401858c9.txt §Threat Range (moving between threatened hexes
 * provokes), §Take a Step, §Tumble Through; 003_d18720f6cd315cc2.txt §Movement Phase Notes and
 * Disengage (shift 2 without provoking); 002_5e27cdf788b28f5f.txt §Run (leaving a melee
 * combatant's range); 001_dbc5fcc02a99a518.txt §Free Hits (moving out of the melee zone, or more
 * than 2 spaces within it); 000_c2dc3d650823e22d.txt §Opportunity Attacks (moving while engaged).
 */
const HEX = hexGrid(false, false);
const SQUARE = squareGrid();
const foe = (id: string, i: number, j: number, reach = 1): Threatener => ({ id, footprint: { origin: { i, j } }, reach });
const row = (i: number, from: number, to: number): Cell[] =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => ({ i, j: from + Math.sign(to - from) * k }));

describe("leaving threat: action-points and phases (any move out of a threatened space)", () => {
  it("moving from one threatened hex to another provokes; a Take a Step first does not", () => {
    const ogre = foe("ogre", 4, 4, 2);
    // (4, 6) and (4, 5) are both within 2 of the ogre: the first step leaves a threatened hex.
    expect(threatLeft(HEX, row(4, 6, 5), [ogre], { rule: "space" })).toEqual([{ id: "ogre", step: 1 }]);
    expect(threatLeft(HEX, row(4, 6, 5), [ogre], { rule: "reach" })).toEqual([]);
    // Away from a Medium foe: one Take a Step out of its threat, then a free walk.
    const goblin = foe("goblin", 4, 4);
    const away = row(4, 5, 9);
    expect(threatLeft(HEX, away, [goblin], { rule: "space" })).toEqual([{ id: "goblin", step: 1 }]);
    expect(threatLeft(HEX, away, [goblin], { rule: "space", exempt: [1] })).toEqual([]);
  });

  it("Tumble Through: the steps into and out of the enemy's hex are exempt; moving on provokes again", () => {
    const a = foe("a", 4, 5);
    // Row 3 is pushed half a hex right, so b at (3, 6) touches (4, 6) and (4, 7).
    const b = foe("b", 3, 6);
    const path = row(4, 4, 7); // through a's hex at (4, 5)
    expect(threatLeft(HEX, path, [a, b], { rule: "space" })).toEqual([{ id: "a", step: 1 }, { id: "b", step: 3 }]);
    // Out of a's hex to the far side, then on out of a hex both threaten: both may react.
    expect(threatLeft(HEX, path, [a, b], { rule: "space", exempt: [1, 2] })).toEqual([
      { id: "a", step: 3 }, { id: "b", step: 3 },
    ]);
    expect(threatLeft(HEX, path.slice(0, 3), [a, b], { rule: "space", exempt: [1, 2] })).toEqual([]);
  });

  it("phases: Disengage shifts 2 squares without provoking; a Walk out of a threatened square provokes", () => {
    const orc = foe("orc", 0, 0);
    const path = row(0, 1, 4);
    expect(threatLeft(SQUARE, path, [orc], { rule: "space" })).toEqual([{ id: "orc", step: 1 }]);
    expect(threatLeft(SQUARE, path, [orc], { rule: "space", exempt: [1, 2] })).toEqual([]);
  });

  it("escalation: an engaged mover that moves at all offers each engaged foe its attack", () => {
    const path = [{ i: 1, j: 1 }, { i: 1, j: 2 }];
    const left = threatLeft(SQUARE, path, [foe("a", 0, 0), foe("b", 2, 2), foe("c", 5, 5)], { rule: "space" });
    expect(left).toEqual([{ id: "a", step: 1 }, { id: "b", step: 1 }]);
  });
});

describe("leaving threat: shock and wounds (leaving the reach or melee zone)", () => {
  it("moving inside the reach provokes nothing; the step that leaves it provokes", () => {
    const knight = foe("knight", 0, 0);
    const path = [{ i: 1, j: -1 }, { i: 1, j: 0 }, { i: 1, j: 1 }, { i: 1, j: 2 }, { i: 1, j: 3 }];
    expect(threatLeft(SQUARE, path, [knight], { rule: "reach" })).toEqual([{ id: "knight", step: 3 }]);
    // A long weapon (reach 2) lets the mover go one step further before it leaves.
    expect(threatLeft(SQUARE, path, [foe("pike", 0, 0, 2)], { rule: "reach" })).toEqual([{ id: "pike", step: 4 }]);
  });

  it("leaving, coming back and leaving again: once by default, every time on request", () => {
    const path = [{ i: 0, j: 1 }, { i: 0, j: 2 }, { i: 0, j: 1 }, { i: 0, j: 2 }];
    expect(threatLeft(SQUARE, path, [foe("x", 0, 0)], { rule: "reach" })).toEqual([{ id: "x", step: 1 }]);
    expect(threatLeft(SQUARE, path, [foe("x", 0, 0)], { rule: "reach", each: "every" })).toEqual([
      { id: "x", step: 1 }, { id: "x", step: 3 },
    ]);
  });

  it("a 2×2 mover stays in reach while any of its cells is", () => {
    const mover = { width: 2, height: 2 };
    // Top-left cells (0, 2) → (0, 1) → (0, 0): the 2×2 mover's right column starts next to x.
    const path = row(0, 2, 0);
    expect(threatLeft(SQUARE, path, [foe("x", 0, 4)], { rule: "reach", mover })).toEqual([{ id: "x", step: 1 }]);
    expect(threatLeft(SQUARE, path, [foe("x", 0, 4)], { rule: "reach" })).toEqual([]);
  });

  it("wounds: the third step within a melee zone earns the free hit", () => {
    const guard = foe("guard", 0, 0);
    // Round the guard: (−1,1) → (0,1) → (1,1) → (1,0) → (1,−1) are all in its zone.
    const path = [{ i: -1, j: 1 }, { i: 0, j: 1 }, { i: 1, j: 1 }, { i: 1, j: 0 }, { i: 1, j: -1 }, { i: 2, j: -1 }];
    expect(movedMoreThanWithin(SQUARE, path, guard, 2)).toEqual({ within: 4, step: 3 });
    expect(movedMoreThanWithin(SQUARE, path, guard, 4)).toEqual({ within: 4, step: null });
    expect(movedMoreThanWithin(SQUARE, path, guard, 2, { exempt: [1, 2] })).toEqual({ within: 2, step: null });
    // Entering the zone is not moving within it.
    expect(stepsWithin(SQUARE, [{ i: 0, j: 3 }, { i: 0, j: 2 }, { i: 0, j: 1 }], [{ i: 0, j: 1 }])).toEqual([]);
    expect(() => movedMoreThanWithin(SQUARE, path, guard, 1.5)).toThrow(RangeError);
  });

  it("a path that is not a walk is refused", () => {
    expect(() => threatLeft(SQUARE, [{ i: 0, j: 0 }, { i: 0, j: 2 }], [], { rule: "reach" })).toThrow(RangeError);
    expect(() => stepsWithin(HEX, [], [])).toThrow(RangeError);
  });
});

describe("leaving threat: invariants on random walks", () => {
  const gridArb = fc.constantFrom<Grid>(SQUARE, squareGrid("illegal"), HEX, hexGrid(true, true));
  const caseArb = gridArb.chain((g) => fc.record({
    g: fc.constant(g),
    start: fc.record({ i: fc.integer({ min: -3, max: 3 }), j: fc.integer({ min: -3, max: 3 }) }),
    turns: fc.array(fc.nat(7), { minLength: 1, maxLength: 10 }),
    foes: fc.array(fc.record({ i: fc.integer({ min: -4, max: 4 }), j: fc.integer({ min: -4, max: 4 }), reach: fc.integer({ min: 1, max: 2 }) }), { maxLength: 4 }),
    exempt: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 3 }),
  }));
  /** A random walk: each turn picks one of the current cell's neighbours. */
  const walkOf = (g: Grid, start: Cell, turns: number[]): Cell[] => {
    const out = [start];
    for (const t of turns) {
      const ns = neighbours(g, out[out.length - 1] as Cell) as Cell[];
      out.push(ns[t % ns.length] as Cell);
    }
    return out;
  };

  it("each leave is a step from a threatened point, never exempt; leaving the reach is also leaving a space", () => {
    fc.assert(fc.property(caseArb, ({ g, start, turns, foes, exempt }) => {
      const path = walkOf(g, start, turns);
      const list = foes.map((f, k) => foe(`f${k}`, f.i, f.j, f.reach));
      const every = threatLeft(g, path, list, { rule: "space", exempt, each: "every" }) as { id: string; step: number }[];
      const reach = threatLeft(g, path, list, { rule: "reach", exempt, each: "every" }) as { id: string; step: number }[];
      const inThreat = (id: string, at: number) => threatens(g, list.find((t) => t.id === id) as Threatener, path[at] as Cell);
      for (const l of every) {
        expect(exempt).not.toContain(l.step);
        expect(inThreat(l.id, l.step - 1)).toBe(true);
      }
      for (const l of reach) {
        expect(inThreat(l.id, l.step)).toBe(false);
        expect(every).toContainEqual(l);
      }
      // Steps in order; the first-only answer is the first of each id.
      const steps = every.map((l) => l.step);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
      const first = threatLeft(g, path, list, { rule: "space", exempt }) as { id: string; step: number }[];
      expect(first).toEqual(every.filter((l, k) => every.findIndex((m) => m.id === l.id) === k));
      // Exempting every step leaves no one.
      expect(threatLeft(g, path, list, { rule: "space", exempt: path.map((_, k) => k) })).toEqual([]);
    }), { numRuns: 300 });
  });

  it("a walk given as waypoints is expanded to single steps first", () => {
    const path = walk(SQUARE, [{ i: 0, j: 1 }, { i: 0, j: 5 }]) as Cell[];
    expect(threatLeft(SQUARE, path, [foe("x", 0, 0)], { rule: "reach" })).toEqual([{ id: "x", step: 1 }]);
  });
});
