import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import { STEP_I, STEP_J } from "../encounter/board";
import { createContext, joinFight, leaveFight, placeUnit } from "../encounter/context";
import { blockedAmong, blockedAround } from "../encounter/field";
import { armsOf, createFighter } from "../encounter/fighter";
import { rosterOf } from "../encounter/roster";
import { npc } from "./runner-fixtures";

/**
 * The field's look at the units around a square (`encounter/field.ts` `blockedAround`, read
 * from the board of `encounter/board.ts` and from the units near the board's edge): over random
 * squares of units in and out of the fight, bit k is set exactly when a unit still in the fight
 * stands on the k-th neighbour, whoever stands on the square itself; and the board kept as units
 * step, fall and arrive answers as the units themselves do, inside its window and beyond it.
 */
const block = npc("goblin-cutter");
const arms = armsOf(block, () => false);
const unitAt = (k: number, party: boolean, i: number, j: number, out = false) => {
  const f = createFighter(block, `u${k}`, party ? "party" : "foes", arms);
  Object.assign(f.at, { i, j });
  f.out = out;
  return f;
};
const contextOf = (fighters: ReturnType<typeof unitAt>[]) =>
  createContext(false, new SeededRoller(1), () => undefined, fighters, rosterOf());

describe("the squares around a unit", () => {
  it("blocked exactly where a unit still in the fight stands (property)", () => {
    const unit = fc.record({
      i: fc.integer({ min: -2, max: 2 }), j: fc.integer({ min: -2, max: 2 }), out: fc.boolean(),
      party: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
      const ctx = contextOf(units.map((u, k) => unitAt(k, u.party, u.i, u.j, u.out)));
      const blocked = blockedAround(ctx, 0, 0);
      for (let k = 0; k < 8; k++) {
        const taken = units.some((u) => !u.out && u.i === STEP_I[k] && u.j === STEP_J[k]);
        expect((blocked & (1 << k)) !== 0, `step ${k}`).toBe(taken);
      }
    }));
  });

  it("the board kept as units step, fall and arrive answers as the units do (property)", () => {
    // Squares near and past the window's edges (rows and columns −24 … 39) and on the field.
    const coord = fc.oneof(fc.integer({ min: -3, max: 9 }), fc.integer({ min: -30, max: 45 }));
    const op = fc.record({
      kind: fc.constantFrom("step", "step", "place", "fall", "arrive"), who: fc.nat(20),
      i: coord, j: coord, step: fc.nat(7),
    });
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), fc.tuple(coord, coord), (ops, at) => {
      const fighters = [0, 1, 2, 3, 4, 5].map((k) => unitAt(k, k < 3, k, 2 * k));
      const ctx = contextOf(fighters);
      let made = fighters.length;
      for (const o of ops) {
        const up = [...ctx.partyUp, ...ctx.foesUp];
        const f = up[o.who % Math.max(1, up.length)];
        if (o.kind === "arrive") joinFight(ctx, unitAt(made++, o.who % 2 === 0, o.i, o.j));
        else if (!f) continue;
        else if (o.kind === "fall") {
          f.out = true;
          leaveFight(ctx, f);
        } else if (o.kind === "place") placeUnit(ctx, f, o.i, o.j);
        else placeUnit(ctx, f, f.at.i + STEP_I[o.step]!, f.at.j + STEP_J[o.step]!);
        for (const g of [...ctx.partyUp, ...ctx.foesUp]) {
          expect(blockedAround(ctx, g.at.i, g.at.j)).toBe(blockedAmong(ctx, g.at.i, g.at.j));
        }
      }
      expect(blockedAround(ctx, at[0], at[1])).toBe(blockedAmong(ctx, at[0], at[1]));
    }), { numRuns: 500 });
  });
});
