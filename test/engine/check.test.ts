import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkFormula, checkOdds, checkSucceeds, checkSucceedsAgainst, planCheck, resolveCheck, rollCheck,
  sumDistribution,
} from "../../src/engine/dice/check";
import { SeededRoller } from "../../src/engine/dice/roller";

const d20 = (modifier: number, target: number, naturals = false) =>
  planCheck({ dice: 1, faces: 20, modifiers: [{ source: "bonus", value: modifier }], target, naturals });

describe("target-number checks (002 §Attack Rolls; RULINGS.md §shock Attack)", () => {
  it("total ≥ target succeeds, total < target fails", () => {
    const plan = d20(3, 15);
    expect(resolveCheck(plan, [12]).success).toBe(true);
    expect(resolveCheck(plan, [11]).success).toBe(false);
    expect(resolveCheck(plan, [12]).total).toBe(15);
  });

  it("the natural rule: a natural 20 hits anything, a natural 1 misses anything", () => {
    expect(resolveCheck(d20(0, 40, true), [20])).toMatchObject({ success: true, decidedBy: "natural" });
    expect(resolveCheck(d20(30, 5, true), [1])).toMatchObject({ success: false, decidedBy: "natural" });
    // Without the rule the totals decide.
    expect(resolveCheck(d20(0, 40), [20]).success).toBe(false);
    expect(resolveCheck(d20(30, 5), [1]).success).toBe(true);
  });

  it("exact d20 odds, enumerated face by face", () => {
    for (const naturals of [false, true]) {
      for (let modifier = -5; modifier <= 12; modifier++) {
        for (let target = 0; target <= 30; target++) {
          const plan = d20(modifier, target, naturals);
          let hits = 0;
          for (let face = 1; face <= 20; face++) {
            const need = face + modifier >= target;
            hits += (naturals ? face === 20 || (face !== 1 && need) : need) ? 1 : 0;
          }
          expect(checkOdds(plan)).toEqual({ successes: hits, total: 20 });
        }
      }
    }
  });

  it("the closed form: with naturals, 1 ≤ hits ≤ 19 of 20", () => {
    fc.assert(fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -10, max: 40 }), (m, t) => {
      const { successes } = checkOdds(d20(m, t, true));
      const plain = Math.min(20, Math.max(0, 21 - (t - m)));
      expect(successes).toBe(Math.min(19, Math.max(1, plain)));
    }));
  });

  it("2d6: the sum distribution and its natural rule (12 always, 2 never)", () => {
    const { counts, total } = sumDistribution(2, 6);
    expect(total).toBe(36);
    expect(counts.slice(2)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    // 2d6 + 0 ≥ 8: 15 of 36.
    expect(checkOdds(planCheck({ dice: 2, faces: 6, modifiers: [], target: 8 }))).toEqual({ successes: 15, total: 36 });
    const naturals = planCheck({ dice: 2, faces: 6, modifiers: [], target: 13, naturals: true });
    expect(naturals.autoSuccess).toBe(12);
    expect(naturals.autoFailure).toBe(2);
    expect(checkOdds(naturals)).toEqual({ successes: 1, total: 36 });
  });

  it("seeded rolls agree with the odds within a few standard errors", () => {
    const plan = d20(4, 15, true);
    const roller = new SeededRoller(7);
    let hits = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) if (rollCheck(plan, roller).success) hits++;
    const { successes, total } = checkOdds(plan);
    const p = successes / total;
    expect(Math.abs(hits / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it("formula and errors", () => {
    const plan = planCheck({ dice: 1, faces: 20, modifiers: [{ source: "a", value: 3 }, { source: "b", value: 0 }, { source: "c", value: -4 }], target: 10 });
    expect(checkFormula(plan)).toBe("1d20 + 3 - 4");
    expect(plan.modifier).toBe(-1);
    expect(() => resolveCheck(plan, [21])).toThrow(RangeError);
    expect(() => resolveCheck(plan, [3, 4])).toThrow(RangeError);
    expect(() => planCheck({ dice: 0, faces: 20, modifiers: [], target: 1 })).toThrow(RangeError);
    expect(() => planCheck({ dice: 1, faces: 20, modifiers: [{ source: "x", value: 0.5 }], target: 1 })).toThrow(RangeError);
  });
});

describe("one roll against several targets", () => {
  it("reads as the plan of that modifier and target would", () => {
    const base = (naturals: boolean) => planCheck({ dice: 1, faces: 20, modifiers: [], target: 0, naturals });
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: -6, max: 12 }), fc.integer({ min: 5, max: 25 }),
      fc.boolean(),
      (natural, modifier, target, naturals) => {
        expect(checkSucceedsAgainst(base(naturals), natural, modifier, target))
          .toEqual(checkSucceeds(d20(modifier, target, naturals), natural));
      },
    ));
  });
});
