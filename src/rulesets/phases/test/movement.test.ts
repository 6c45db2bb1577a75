import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Cell } from "../../../engine/space/cell";
import { GRIDLESS, hexGrid, squareGrid } from "../../../engine/space/grid";
import { line, walk } from "../../../engine/space/measure";
import { CONDITION_IDS, type ConditionId } from "../rules/constants";
import { mayStartMoving } from "../rules/conditions";
import {
  checkMove, mayAttackAfter, movementAllowance, moveEdgeOf, pathCost, provokedBy, squaresOf,
  stopWhereSlowed, threatenerOf,
} from "../rules/movement";
import { movementPowersOf, statblockFromActor, type MovementPower } from "../rules/statblock";
import { goblin } from "./fixtures";

/**
 * phases' movement: the six powers' squares from Speed, difficult terrain at double cost, Slowed
 * and Immobilised, a Charge's straight line, opportunity attacks on leaving threatened squares
 * (none for Shift and Disengage). Source: `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement
 * Phase Notes, §Battle Actions (Disengage); RULINGS.md §phases Movement powers, Movement power
 * defaults, Opportunity attack, Conditions.
 */
const grid = squareGrid();
const powers = movementPowersOf(statblockFromActor(goblin()));
const p = (kind: string): MovementPower => powers.find((m) => m.kind === kind)!;
const c = (i: number, j: number): Cell => ({ i, j });
const row = (from: number, to: number, i = 0): Cell[] =>
  Array.from({ length: to - from + 1 }, (_, k) => c(i, from + k));

describe("squares (RULINGS.md §phases Movement power defaults)", () => {
  it("at Speed 6: Shift 1, Walk 6, Hustle 8, Run 12, Charge 6, Disengage 2", () => {
    const got = ["shift", "walk", "hustle", "run", "charge", "disengage"].map((k) => squaresOf(p(k), 6));
    expect(got).toEqual([1, 6, 8, 12, 6, 2]);
  });
  it("property: Speed-based powers grow with Speed, fixed ones do not; never below 0", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), (speed) => {
      expect(squaresOf(p("walk"), speed)).toBe(speed);
      expect(squaresOf(p("hustle"), speed)).toBe(speed + 2);
      expect(squaresOf(p("run"), speed)).toBe(2 * speed);
      expect(squaresOf(p("shift"), speed)).toBe(1);
      expect(squaresOf(p("disengage"), speed)).toBe(2);
      expect(squaresOf({ squares: { base: "speed", times: 1, plus: -3 } }, speed))
        .toBe(Math.max(0, speed - 3));
    }));
  });
  it("Immobilised or Slowed: no squares; Dazed and Exposed change nothing", () => {
    expect(movementAllowance(p("run"), 6, ["immobilised"])).toBe(0);
    expect(movementAllowance(p("walk"), 6, ["slowed"])).toBe(0);
    expect(movementAllowance(p("walk"), 6, ["dazed", "exposed"])).toBe(6);
    for (const id of CONDITION_IDS) {
      expect(mayStartMoving([id])).toBe(id === "dazed" || id === "exposed");
    }
  });
});

describe("difficult terrain (003 §Movement Phase Notes: two squares for each)", () => {
  it("costs two a square moved into", () => {
    expect(pathCost(grid, row(0, 4))).toBe(4);
    expect(pathCost(grid, row(0, 4), [c(0, 2), c(0, 3)])).toBe(6);
    // Leaving difficult terrain costs nothing extra: the start square is not entered.
    expect(pathCost(grid, row(0, 2), [c(0, 0)])).toBe(2);
    expect(pathCost(GRIDLESS, [c(0, 0)])).toBeNull();
  });
  it("a Walk of 6 crosses 4 squares when two are difficult, not 5", () => {
    const difficult = [c(0, 1), c(0, 2)];
    expect(checkMove(grid, { power: p("walk"), speed: 6, conditions: [], path: row(0, 4), difficult }))
      .toEqual({ ok: true, cost: 6, allowance: 6 });
    expect(checkMove(grid, { power: p("walk"), speed: 6, conditions: [], path: row(0, 5), difficult }))
      .toEqual({ ok: false, reason: "tooFar" });
  });
  it("property: on a square grid a walk wholly in difficult terrain costs twice its plain cost", () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })), { maxLength: 12 }),
      (steps) => {
        const path: Cell[] = [c(0, 0)];
        for (const [di, dj] of steps) {
          if (di === 0 && dj === 0) continue;
          const last = path[path.length - 1]!;
          path.push(c(last.i + di, last.j + dj));
        }
        const plain = pathCost(grid, path)!;
        expect(plain).toBe(path.length - 1);
        expect(pathCost(grid, path, path)).toBe(2 * plain);
      },
    ));
  });
});

describe("checking a move", () => {
  it("refuses a mover that is Immobilised or Slowed, and a walk that is not one", () => {
    const move = { power: p("walk"), speed: 6, path: row(0, 2) };
    expect(checkMove(grid, { ...move, conditions: ["immobilised"] })).toEqual({ ok: false, reason: "cannotMove" });
    expect(checkMove(grid, { ...move, conditions: ["slowed"] })).toEqual({ ok: false, reason: "cannotMove" });
    expect(() => checkMove(grid, { ...move, conditions: [], path: [c(0, 0), c(0, 2)] })).toThrow(RangeError);
    expect(checkMove(GRIDLESS, { ...move, conditions: [] })).toBeNull();
  });
  it("a Charge goes in a straight line and ends next to its enemy", () => {
    const enemy = { origin: c(0, 6) };
    const charge = { power: p("charge"), speed: 6, conditions: [] as ConditionId[], enemy };
    expect(checkMove(grid, { ...charge, path: row(0, 5) })).toMatchObject({ ok: true, cost: 5 });
    expect(checkMove(grid, { ...charge, path: row(0, 4) })).toEqual({ ok: false, reason: "notAtEnemy" });
    const bent = [c(0, 0), c(1, 1), c(1, 2), c(0, 3), c(0, 4), c(0, 5)];
    expect(checkMove(grid, { ...charge, path: bent })).toEqual({ ok: false, reason: "notStraight" });
    expect(checkMove(grid, { ...charge, enemy: undefined, path: row(0, 5) }))
      .toEqual({ ok: false, reason: "noEnemy" });
    // A diagonal line is straight too; seven squares is beyond Speed 6.
    const diagonal = line(grid, c(0, 0), c(4, 4))!;
    expect(checkMove(grid, { ...charge, enemy: { origin: c(5, 5) }, path: diagonal }))
      .toMatchObject({ ok: true });
    expect(checkMove(grid, { ...charge, enemy: { origin: c(0, 8) }, path: row(0, 7) }))
      .toEqual({ ok: false, reason: "tooFar" });
  });
  it("hex grids measure hexes", () => {
    const hex = hexGrid(false, false);
    const path = walk(hex, [c(0, 0), c(0, 3)])!;
    expect(checkMove(hex, { power: p("shift"), speed: 6, conditions: [], path }))
      .toEqual({ ok: false, reason: "tooFar" });
    expect(checkMove(hex, { power: p("walk"), speed: 6, conditions: [], path }))
      .toEqual({ ok: true, cost: 3, allowance: 6 });
  });
});

describe("opportunity attacks (003 §Movement Phase Notes; RULINGS.md §phases Opportunity attack)", () => {
  const orc = threatenerOf("orc", { origin: c(1, 1) });
  const troll = threatenerOf("troll", { origin: c(1, 3) });
  it("leaving a square an enemy threatens provokes it, once, at the step that leaves", () => {
    expect(provokedBy(grid, row(0, 5), p("walk"), [orc])).toEqual([{ id: "orc", step: 1 }]);
    // From (0,2), threatened by both, to (0,3), still threatened by the troll: both are provoked.
    expect(provokedBy(grid, row(2, 6), p("walk"), [orc, troll]))
      .toEqual([{ id: "orc", step: 1 }, { id: "troll", step: 1 }]);
    // Walking away from no threatened square provokes nothing.
    expect(provokedBy(grid, row(5, 8), p("walk"), [orc, troll])).toEqual([]);
  });
  it("Shift and Disengage provoke nothing; every other default does", () => {
    for (const power of powers) {
      const got = provokedBy(grid, row(0, 1), power, [orc]);
      expect(got?.length).toBe(power.kind === "shift" || power.kind === "disengage" ? 0 : 1);
    }
    expect(() => provokedBy(grid, [c(0, 0), c(0, 5)], p("shift"), [orc])).toThrow(RangeError);
    expect(provokedBy(GRIDLESS, row(0, 1), p("walk"), [orc])).toBeNull();
  });
  it("a mover Slowed by an opportunity attack stays in the square it was leaving", () => {
    const path = row(0, 5);
    const [leave] = provokedBy(grid, path, p("run"), [threatenerOf("orc", { origin: c(1, 3) })])!;
    expect(leave).toEqual({ id: "orc", step: 3 });
    expect(stopWhereSlowed(path, leave!.step)).toEqual(row(0, 2));
    expect(() => stopWhereSlowed(path, 0)).toThrow(RangeError);
    expect(() => stopWhereSlowed(path, 6)).toThrow(RangeError);
  });
});

describe("what a movement power leaves for the Battle phase", () => {
  it("Hustle and Disengage give Disadvantage, Charge Advantage at its enemy; Run forbids the Attack", () => {
    expect(moveEdgeOf(p("hustle"))).toMatchObject({ kind: "hustle", amount: -1, scope: "all", enemy: null });
    expect(moveEdgeOf(p("charge"), "orc")).toMatchObject({ amount: 1, scope: "meleeAtEnemy", enemy: "orc" });
    expect(moveEdgeOf(p("disengage"), "orc")).toMatchObject({ amount: -1, enemy: null });
    expect(moveEdgeOf(p("walk"))).toBeNull();
    expect(mayAttackAfter(p("run"))).toBe(false);
    expect(mayAttackAfter(p("walk"))).toBe(true);
    expect(mayAttackAfter(null)).toBe(true);
  });
});
