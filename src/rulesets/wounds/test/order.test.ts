import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runSync } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import type { RankedEntry } from "../../../engine/initiative/ranked";
import { initiativePlan, joinPlan } from "../rules/initiative";
import { joinAt, rankQuick } from "../encounter/order";
import { scripted } from "../../../../test/engine/plan-support";

/**
 * The unrecorded runner's order (`encounter/order.ts`) against the rules' plans: `rankQuick`
 * draws the same d20s as `initiativePlan` and gives the same order with the same roll-offs, over
 * random Agilities, starters and dice (few faces used, so ties last several roll-offs); `joinAt`
 * puts a summon where `joinPlan` does, rolling nothing.
 */

/** A d20 roller cycling through `values` (each 1..20), counting its dice. */
function cycling(values: readonly number[]): DiceRoller & { drawn: number } {
  let k = 0;
  return {
    drawn: 0,
    die(faces: number): number {
      expect(faces).toBe(20);
      this.drawn++;
      return values[k++ % values.length] as number;
    },
  };
}

const shape = (order: readonly RankedEntry[]) =>
  order.map((e) => ({ id: e.id, score: e.score, last: e.last, tiebreaks: [...e.tiebreaks] }));

const entries = fc.array(fc.record({
  agility: fc.integer({ min: -1, max: 2 }), initiator: fc.boolean(),
}), { minLength: 1, maxLength: 10 }).map((xs) =>
  xs.map((x, i) => ({ id: `u${i}`, agility: x.agility, initiator: x.initiator })));

describe("the runner's order is the rules' initiative", () => {
  it("rankQuick: the same dice, order and roll-offs as initiativePlan (property)", () => {
    fc.assert(fc.property(entries, fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1 }),
      fc.integer({ min: 2, max: 20 }), (es, values, top) => {
        const dice = values.map((v) => 1 + (v % top));
        const byPlan = cycling(dice);
        const planned = runSync(initiativePlan(es), byPlan);
        const quick = cycling(dice);
        expect(shape(rankQuick(es, quick))).toEqual(shape(planned));
        expect(quick.drawn).toBe(byPlan.drawn);
      }), { numRuns: 2000 });
  });

  it("joinAt: a summon goes where joinPlan puts it, with no dice (property)", () => {
    fc.assert(fc.property(entries, fc.integer({ min: -2, max: 3 }), fc.boolean(),
      (es, agility, initiator) => {
        const order = rankQuick(es, cycling([1, 2, 3, 5, 8, 13]));
        const newcomer = { id: "new", agility, initiator };
        const joined = runSync(joinPlan(order, [newcomer]), scripted([]));
        expect(joined.findIndex((e) => e.id === "new")).toBe(joinAt(order, newcomer));
      }), { numRuns: 1000 });
  });
});
