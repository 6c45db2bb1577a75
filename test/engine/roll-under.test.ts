import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SUCCESS_LEVELS, interpretRollUnder, isSuccess, levelDistribution, levelRank, opposedByLevel, opposedOdds,
  parrySizeShift, rollUnder, rollUnderEdge, rollUnderFormula, successLevel, type RollUnderEdge, type SuccessLevel,
} from "../../src/engine/dice/roll-under";
import { SeededRoller } from "../../src/engine/dice/roller";

const SIZE = { small: 0, medium: 1, large: 2, huge: 3 } as const;
const edges = fc.constantFrom<RollUnderEdge>("none", "advantage", "disadvantage");

/** Brute force over every die pair, independent of the closed-form weights. */
function brute(skill: number, edge: RollUnderEdge): Record<SuccessLevel, number> {
  const counts = Object.fromEntries(SUCCESS_LEVELS.map((l) => [l, 0])) as Record<SuccessLevel, number>;
  for (let a = 1; a <= 100; a++) {
    if (edge === "none") {
      counts[successLevel(a, skill)]++;
      continue;
    }
    for (let b = 1; b <= 100; b++) counts[interpretRollUnder(skill, edge, [a, b]).level]++;
  }
  return counts;
}

describe("roll-under levels (RULINGS.md §action-points Checks)", () => {
  it("ranks by the levels' order, −1 for anything else; a success is Normal or better", () => {
    SUCCESS_LEVELS.forEach((l, i) => {
      expect(levelRank(l)).toBe(i);
      expect(isSuccess(l)).toBe(i >= SUCCESS_LEVELS.indexOf("normal"));
    });
    expect(levelRank("fine" as SuccessLevel)).toBe(-1);
    expect(isSuccess("fine" as SuccessLevel)).toBe(false);
  });
  it("interprets dice as every die's level read and the better (worse) one kept", () => {
    // The reading the engine had (each die's level asked, then Math.min/Math.max), errors included.
    const reference = (skill: number, edge: RollUnderEdge, dice: number[]) => {
      for (const d of dice) successLevel(d, skill);
      const roll = edge === "disadvantage" ? Math.max(...dice) : Math.min(...dice);
      return { dice, roll, level: successLevel(roll, skill) };
    };
    const outcome = (f: () => unknown) => {
      try {
        return f();
      } catch (err) {
        return String(err);
      }
    };
    const die = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 101, 2.5, 96, 100));
    const skill = fc.oneof(fc.integer({ min: -10, max: 200 }), fc.constantFrom(Number.NaN, Infinity));
    fc.assert(fc.property(skill, edges, die, die, (s, edge, a, b) => {
      const dice = edge === "none" ? [a] : [a, b];
      expect(outcome(() => interpretRollUnder(s, edge, dice)))
        .toEqual(outcome(() => reference(s, edge, dice)));
    }), { numRuns: 2000 });
  });
  it("skill 45: Critical ≤ 4, Major ≤ 9, Hard ≤ 22, Normal ≤ 45, then Failure", () => {
    const levels = [1, 4, 5, 9, 10, 22, 23, 45, 46, 95].map((r) => successLevel(r, 45));
    expect(levels).toEqual(["critical", "critical", "major", "major", "hard", "hard", "normal", "normal", "failure", "failure"]);
  });
  it("96+ always fails and 100 is a critical failure, even for a skill over 100", () => {
    expect(successLevel(75, 150)).toBe("hard");
    expect(successLevel(95, 150)).toBe("normal");
    expect(successLevel(96, 150)).toBe("failure");
    expect(successLevel(99, 150)).toBe("failure");
    expect(successLevel(100, 150)).toBe("criticalFailure");
  });
  it("the critical threshold is at least 01: a 01 is a Critical for a skill of 5 or 0", () => {
    expect(successLevel(1, 5)).toBe("critical");
    expect(successLevel(2, 5)).toBe("hard");
    expect(successLevel(1, 0)).toBe("critical");
    expect(successLevel(2, 0)).toBe("failure");
  });
  it("refuses impossible rolls", () => {
    expect(() => successLevel(0, 50)).toThrow(RangeError);
    expect(() => successLevel(101, 50)).toThrow(RangeError);
    expect(() => interpretRollUnder(50, "advantage", [10])).toThrow(RangeError);
  });
  it("Advantage keeps the lower (better) die, Disadvantage the higher; formulas for Foundry", () => {
    expect(interpretRollUnder(50, "advantage", [80, 12])).toEqual({ dice: [80, 12], roll: 12, level: "hard" });
    expect(interpretRollUnder(50, "disadvantage", [80, 12]).level).toBe("failure");
    expect(rollUnderEdge(3)).toBe("advantage");
    expect(rollUnderEdge(-1)).toBe("disadvantage");
    expect(rollUnderEdge(0)).toBe("none");
    expect(["none", "advantage", "disadvantage"].map((e) => rollUnderFormula(e as RollUnderEdge)))
      .toEqual(["1d100", "2d100kl", "2d100kh"]);
  });
  it("exact level odds equal a brute force over every die pair", () => {
    for (const skill of [0, 7, 45, 60, 99, 130]) {
      for (const edge of ["none", "advantage", "disadvantage"] as const) {
        expect(levelDistribution(skill, edge).counts).toEqual(brute(skill, edge));
      }
    }
  });
  it("known odds: skill 50 succeeds 50%; with Advantage 1 − 0.5² = 75%; Disadvantage 25%", () => {
    const success = (edge: RollUnderEdge): number => {
      const d = levelDistribution(50, edge);
      return SUCCESS_LEVELS.filter(isSuccess).reduce((s, l) => s + d.counts[l], 0) / d.total;
    };
    expect(success("none")).toBe(0.5);
    expect(success("advantage")).toBe(0.75);
    expect(success("disadvantage")).toBe(0.25);
  });
  it("property: a lower roll never has a worse level (so keeping the lower die keeps the better)", () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 250 }), fc.integer({ min: 1, max: 99 }), (skill, r) => {
      expect(levelRank(successLevel(r, skill))).toBeGreaterThanOrEqual(levelRank(successLevel(r + 1, skill)));
    }));
  });
  it("property: Advantage dominates no edge, which dominates Disadvantage, at every level", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200 }), (skill) => {
      const atLeast = (edge: RollUnderEdge, rank: number): number => {
        const d = levelDistribution(skill, edge);
        return SUCCESS_LEVELS.filter((l) => levelRank(l) >= rank).reduce((s, l) => s + d.counts[l], 0) / d.total;
      };
      for (let rank = 0; rank < SUCCESS_LEVELS.length; rank++) {
        expect(atLeast("advantage", rank)).toBeGreaterThanOrEqual(atLeast("none", rank) - 1e-12);
        expect(atLeast("none", rank)).toBeGreaterThanOrEqual(atLeast("disadvantage", rank) - 1e-12);
      }
    }));
  });
  it("property: a rolled check has the level of its kept die", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 120 }), edges, fc.integer(), (skill, edge, seed) => {
      const r = rollUnder(skill, edge, new SeededRoller(seed));
      expect(r.dice).toContain(r.roll);
      expect(r.level).toBe(successLevel(r.roll, skill));
    }));
  });
});

describe("opposed checks (004_2cc57162401858c9.txt §Dodge/Parry, §Parrying Large Creatures)", () => {
  it("the defender must win: a tie goes to the active side", () => {
    expect(opposedByLevel("normal", "normal").winner).toBe("active");
    expect(opposedByLevel("normal", "hard").winner).toBe("defender");
    expect(opposedByLevel("major", "hard").winner).toBe("active");
  });
  it("the text's example: Large Normal vs Medium Normal parry hits, dealing damage as a Normal Success", () => {
    const shift = parrySizeShift(SIZE.large, SIZE.medium);
    expect(shift).toBe(1);
    const o = opposedByLevel("normal", "normal", shift ?? 0);
    expect(o.winner).toBe("active");
    expect(o.activeRank).toBe(levelRank("hard"));
    expect(o.activeLevel).toBe("normal");
  });
  it("no parry against a creature more than one size larger; smaller or equal attackers get no shift", () => {
    expect(parrySizeShift(SIZE.huge, SIZE.medium)).toBeNull();
    expect(parrySizeShift(SIZE.medium, SIZE.medium)).toBe(0);
    expect(parrySizeShift(SIZE.small, SIZE.large)).toBe(0);
  });
  it("a shifted Critical beats a Critical parry (the shift is not capped at the top level)", () => {
    expect(opposedByLevel("critical", "critical", 1).winner).toBe("active");
  });
  it("exact odds: skill 50 dodge against any successful attack by skill 50, by enumeration", () => {
    const o = opposedOdds({ skill: 50, edge: "none" }, { skill: 50, edge: "none" });
    const a = levelDistribution(50, "none");
    let wins = 0;
    for (const la of SUCCESS_LEVELS) {
      for (const ld of SUCCESS_LEVELS) if (levelRank(ld) > levelRank(la)) wins += a.counts[la] * a.counts[ld];
    }
    expect(o).toEqual({ defender: wins, total: 10_000 });
    // Ties go to the attacker, so the symmetric contest favours it.
    expect(o.defender / o.total).toBeLessThan(0.5);
  });
  it("property: the size shift never helps the defender", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), edges, edges, (sa, sd, ea, ed) => {
      const plain = opposedOdds({ skill: sa, edge: ea }, { skill: sd, edge: ed });
      const shifted = opposedOdds({ skill: sa, edge: ea }, { skill: sd, edge: ed }, 1);
      expect(shifted.defender).toBeLessThanOrEqual(plain.defender);
    }), { numRuns: 40 });
  });
});
