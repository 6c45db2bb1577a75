import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool } from "../../../engine/dice/plan";
import { delayedOrder, initiativePlan, joinPlan, rollInitiative } from "../rules/initiative";
import { chance, cmp, explore, frac, show } from "../../../../test/engine/plan-support";
import { scripted } from "../../../../test/engine/plan-support";

/**
 * wounds' initiative: Agility order, highest first; ties rolled off on a d20; the initiator last;
 * Delay for the round only. Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating; RULINGS.md
 * §wounds Initiative.
 */
const ids = (r: readonly { id: string }[]) => r.map((e) => e.id);

describe("the order (§Initiative/Initiating)", () => {
  it("highest Agility first, with no dice when nothing ties", () => {
    const roller = scripted([]);
    expect(ids(rollInitiative([
      { id: "a", agility: 1 }, { id: "b", agility: 3 }, { id: "c", agility: -1 },
    ], roller))).toEqual(["b", "a", "c"]);
    expect(roller.asked).toEqual([]);
  });
  it("the one who attacked before the battle goes last, whatever its Agility", () => {
    expect(ids(rollInitiative([
      { id: "a", agility: 1 }, { id: "fast", agility: 9, initiator: true }, { id: "c", agility: -4 },
    ], scripted([])))).toEqual(["a", "c", "fast"]);
  });
  it("a tie rolls d20s; a second tie rolls again among the tied", () => {
    const roller = scripted([7, 7, 3, 12]);
    const order = rollInitiative([
      { id: "a", agility: 2 }, { id: "b", agility: 2 }, { id: "c", agility: 5 },
    ], roller);
    expect(roller.asked).toEqual([20, 20, 20, 20]);
    expect(ids(order)).toEqual(["c", "b", "a"]);
  });
  it("two tied units each go first half of the time, exactly (cut after 2 roll-offs)", () => {
    const e = explore(() => initiativePlan([{ id: "a", agility: 1 }, { id: "b", agility: 1 }]), 2);
    const aFirst = chance(e, (o) => o[0]?.id === "a");
    const bFirst = chance(e, (o) => o[0]?.id === "b");
    expect(show(aFirst)).toBe(show(bFirst));
    // What is not finished is two ties in a row: (1/20)^2; the rest splits evenly.
    expect(show(e.open)).toBe(show(frac(1, 400)));
    expect(show(aFirst)).toBe(show(frac(399, 800)));
    expect(cmp(aFirst, frac(1, 2))).toBeLessThan(0);
  });
  it("never puts a lower Agility before a higher one among the unflagged (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 6 }),
      fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 60, maxLength: 60 }),
      (agilities, pool) => {
        const entries = agilities.map((agility, i) => ({ id: `u${i}`, agility }));
        const run = runFromPool(initiativePlan(entries), pool);
        if (run === null) return;
        const scores = run.value.map((e) => e.score);
        expect(scores).toEqual([...scores].sort((x, y) => y - x));
      },
    ));
  });
  it("a newcomer joins after those it does not beat; the order set is not rolled again", () => {
    const order = rollInitiative([{ id: "a", agility: 3 }, { id: "b", agility: 0 }], scripted([]));
    const joined = runFromPool(joinPlan(order, [{ id: "s", agility: 0 }]), [])!.value;
    expect(ids(joined)).toEqual(["a", "b", "s"]);
  });
});

describe("Delay, for the round only", () => {
  it("moves the delayer after another, or to the end; the battle's order is untouched", () => {
    const order = ["a", "b", "c", "d"];
    expect(delayedOrder(order, [{ id: "a", after: "c" }])).toEqual(["b", "c", "a", "d"]);
    expect(delayedOrder(order, [{ id: "b", after: null }])).toEqual(["a", "c", "d", "b"]);
    expect(order).toEqual(["a", "b", "c", "d"]);
    expect(() => delayedOrder(order, [{ id: "a", after: "a" }])).toThrow(RangeError);
    expect(() => delayedOrder(order, [{ id: "x", after: null }])).toThrow(RangeError);
  });
});
