import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkOdds, resolveCheck } from "../../../engine/dice/check";
import { breaks, halfOf, moralePlan, moraleTriggers } from "../rules/morale";
import { afterDamage, canAct, firstAid, stateAt } from "../rules/health";
import { executionResult, executionSave, rangedExecutionBonus } from "../rules/execution";
import { defaultSave } from "../rules/statblock";

describe("morale (002 §Morale; RULINGS.md §shock Morale)", () => {
  it("2d6 above the score breaks: Morale 8 breaks on 9+ (10 of 36)", () => {
    expect(checkOdds(moralePlan(8))).toEqual({ successes: 10, total: 36 });
    expect(resolveCheck(moralePlan(8), [4, 4]).success).toBe(false);
    expect(resolveCheck(moralePlan(8), [5, 4]).success).toBe(true);
    expect(breaks(9, 8)).toBe(true);
    expect(breaks(8, 8)).toBe(false);
    // Morale 12 never breaks.
    expect(checkOdds(moralePlan(12)).successes).toBe(0);
  });

  it("checks at the first member down and again at half (rounded up)", () => {
    expect(moraleTriggers(5, 0, 1, false)).toEqual(["firstDown"]);
    expect(moraleTriggers(5, 1, 2, false)).toEqual([]);
    expect(moraleTriggers(5, 2, 3, false)).toEqual(["halfDown"]);
    expect(moraleTriggers(5, 3, 4, false)).toEqual([]);
    expect(moraleTriggers(2, 0, 1, false)).toEqual(["firstDown", "halfDown"]);
    expect(moraleTriggers(5, 0, 1, true)).toEqual([]);
    expect(moraleTriggers(1, 0, 1, false)).toEqual([]);
    expect(halfOf(5)).toBe(3);
  });

  it("property: over any run of losses a group checks at most twice, a fearless one never", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 12 }),
        fc.boolean(),
        (size, steps, fearless) => {
          let down = 0;
          let checks = 0;
          const seen = new Set<string>();
          for (const s of steps) {
            const next = Math.min(size, down + s);
            const t = moraleTriggers(size, down, next, fearless);
            for (const x of t) {
              expect(seen.has(x)).toBe(false);
              seen.add(x);
            }
            if (t.length) checks++;
            down = next;
          }
          expect(checks).toBeLessThanOrEqual(fearless ? 0 : 2);
        },
      ),
    );
  });
});

describe("health (RULINGS.md §shock Mortally Injured, NPCs defeated)", () => {
  it("a PC at 0 is Mortally Injured, an NPC defeated; first aid stabilises; "
    + "healing ends it", () => {
    expect(stateAt(0, true, "up")).toBe("mortallyInjured");
    expect(stateAt(0, false, "up")).toBe("defeated");
    expect(firstAid("mortallyInjured")).toBe("stabilised");
    expect(firstAid("up")).toBe("up");
    expect(stateAt(3, true, "stabilised")).toBe("up");
    expect(stateAt(0, true, "stabilised")).toBe("stabilised");
    expect(stateAt(5, false, "fled")).toBe("fled");
    expect(canAct("mortallyInjured")).toBe(false);
    expect(afterDamage(3, 7)).toBe(0);
    expect(() => afterDamage(3, -1)).toThrow(RangeError);
  });
});

describe("execution (002 §Execution Attacks; RULINGS.md §shock Execution, Saves)", () => {
  it("Physical save at − the assailant's combat skill; failure fells, "
    + "success takes maximum damage", () => {
    const plan = executionSave(13, 2);
    expect(plan.modifiers).toEqual([{ source: "execution", value: -2 }]);
    // d20 − 2 ≥ 13: 15..20, 6 of 20; no natural rule on saves.
    expect(checkOdds(plan)).toEqual({ successes: 6, total: 20 });
    expect(executionResult(false)).toBe("mortallyInjured");
    expect(executionResult(false, false)).toBe("unconscious");
    expect(executionResult(true)).toBe("maximumDamage");
    expect([5, 10, 30, 100].map((f) => rangedExecutionBonus(f, 50))).toEqual([4, 4, 2, 0]);
  });

  it("default save targets: 15 − level (PC), 15 − ½ HD (NPC), never below 2", () => {
    expect(defaultSave(true, 3)).toBe(12);
    expect(defaultSave(false, 5)).toBe(13);
    expect(defaultSave(false, 30)).toBe(2);
  });
});
