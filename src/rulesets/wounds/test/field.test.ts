import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import { createContext } from "../encounter/context";
import { blockedAround, STEP_I, STEP_J } from "../encounter/field";
import { armsOf, createFighter } from "../encounter/fighter";
import { rosterOf } from "../encounter/roster";
import { npc } from "./runner-fixtures";

/**
 * The field's one look at the units around a square (`encounter/field.ts` `blockedAround`): over
 * random squares of units in and out of the fight, bit k is set exactly when a unit still in the
 * fight stands on the k-th neighbour, whoever stands on the square itself.
 */
describe("the squares around a unit", () => {
  it("blocked exactly where a unit still in the fight stands (property)", () => {
    const block = npc("goblin-cutter");
    const unit = fc.record({
      i: fc.integer({ min: -2, max: 2 }), j: fc.integer({ min: -2, max: 2 }), out: fc.boolean(),
      party: fc.boolean(),
    });
    const arms = armsOf(block, () => false);
    fc.assert(fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
      const fighters = units.map((u, k) => {
        const f = createFighter(block, `u${k}`, u.party ? "party" : "foes", arms);
        Object.assign(f.at, { i: u.i, j: u.j });
        f.out = u.out;
        return f;
      });
      const ctx = createContext(false, new SeededRoller(1), () => undefined, fighters, rosterOf());
      const blocked = blockedAround(ctx, 0, 0);
      for (let k = 0; k < 8; k++) {
        const taken = units.some((u) => !u.out && u.i === STEP_I[k] && u.j === STEP_J[k]);
        expect((blocked & (1 << k)) !== 0, `step ${k}`).toBe(taken);
      }
    }));
  });
});
