import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runSync } from "../../../engine/dice/plan";
import { SeededRoller } from "../../../engine/dice/roller";
import { initiativePlan, rollInitiativeOrder } from "../rules/initiative";

/**
 * The runner's initiative (`rollInitiativeOrder`) is the rules' roll plan played without its
 * generators: on the same seed it gives the same entries, in the same order, and draws the same
 * dice. Source: `004_2cc57162401858c9.txt` §Initiative; RULINGS.md §action-points Initiative.
 */
describe("initiative without the plan's generators (004 §Initiative)", () => {
  it("equals runSync(initiativePlan) entry for entry and die for die", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: -3, max: 9 }), { minLength: 1, maxLength: 14 }),
      fc.integer(),
      (mods, seed) => {
        const entries = mods.map((m, i) => ({ id: `c${i}`, agilityModifier: m }));
        const a = new SeededRoller(seed);
        const b = new SeededRoller(seed);
        expect(rollInitiativeOrder(entries, a)).toEqual(runSync(initiativePlan(entries), b));
        // Both drew the same number of dice: the next die is the same.
        expect(a.die(1000)).toBe(b.die(1000));
      },
    ), { numRuns: 2000 });
  });

  it("ties re-roll 1d10 + modifier among the tied until broken", () => {
    // Everyone on +0: with ten combatants some tie, and those carry re-rolls.
    const entries = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, agilityModifier: 2 }));
    const order = rollInitiativeOrder(entries, new SeededRoller(7));
    const tied = order.filter((e) => e.tiebreaks.length > 0);
    expect(tied.length).toBeGreaterThan(1);
    for (const e of tied) for (const t of e.tiebreaks) expect(t).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < order.length; i++) {
      expect((order[i - 1] as (typeof order)[number]).score)
        .toBeGreaterThanOrEqual((order[i] as (typeof order)[number]).score);
    }
  });
});
