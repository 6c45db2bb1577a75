import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  PHASES_STEPPED_DIE, clampSteppedEdge, keepMixedDice, mixedPoolChanceAtLeast, mixedPoolDistribution,
  mixedPoolFormula, rollMixedPool, steppedDiePool, type MixedPoolSpec,
} from "../../src/engine/dice/mixed-pool";
import { SeededRoller } from "../../src/engine/dice/roller";
import { poolDistribution } from "../../src/engine/dice/distribution";

/** Brute force by nested loops over 2d6 and one extra die, independent of the enumerator. */
function bruteForce(extra: number, mode: "highest" | "lowest"): number[] {
  const counts = new Array<number>(25).fill(0);
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      for (let c = 1; c <= extra; c++) {
        const s = [a, b, c].sort((x, y) => x - y);
        const natural = mode === "highest" ? (s[1] as number) + (s[2] as number) : (s[0] as number) + (s[1] as number);
        counts[natural] = (counts[natural] ?? 0) + 1;
      }
    }
  }
  return counts;
}

const atLeast = (d: { counts: number[] }, t: number): number => d.counts.slice(t).reduce((s, c) => s + c, 0);

describe("stepped-die pools (003_d18720f6cd315cc2.txt §Advantage / Disadvantage; RULINGS.md §phases Edge)", () => {
  it("the text's ladders: Advantage 1..4 adds d6/d8/d10/d12, Disadvantage 1..4 adds d12/d10/d8/d6", () => {
    expect([1, 2, 3, 4].map((e) => steppedDiePool(PHASES_STEPPED_DIE, e).faces[2])).toEqual([6, 8, 10, 12]);
    expect([1, 2, 3, 4].map((e) => steppedDiePool(PHASES_STEPPED_DIE, -e).faces[2])).toEqual([12, 10, 8, 6]);
    expect(steppedDiePool(PHASES_STEPPED_DIE, 3)).toEqual({ faces: [6, 6, 10], keep: 2, mode: "highest" });
    expect(steppedDiePool(PHASES_STEPPED_DIE, -1)).toEqual({ faces: [6, 6, 12], keep: 2, mode: "lowest" });
    expect(steppedDiePool(PHASES_STEPPED_DIE, 0)).toEqual({ faces: [6, 6], keep: 2, mode: "highest" });
  });
  it("edge is capped at 4 either way (a fifth source adds nothing)", () => {
    expect(clampSteppedEdge(PHASES_STEPPED_DIE, 7)).toBe(4);
    expect(clampSteppedEdge(PHASES_STEPPED_DIE, -9)).toBe(-4);
    expect(steppedDiePool(PHASES_STEPPED_DIE, 6)).toEqual(steppedDiePool(PHASES_STEPPED_DIE, 4));
    expect(() => steppedDiePool(PHASES_STEPPED_DIE, 1.5)).toThrow(RangeError);
  });
  it("formulas Foundry's Roll accepts: one die per pool term, uniform pools as NdFkhK, sums as sums", () => {
    expect(mixedPoolFormula(steppedDiePool(PHASES_STEPPED_DIE, 0))).toBe("2d6");
    expect(mixedPoolFormula(steppedDiePool(PHASES_STEPPED_DIE, 1))).toBe("3d6kh2");
    expect(mixedPoolFormula(steppedDiePool(PHASES_STEPPED_DIE, 2))).toBe("{1d6,1d6,1d8}kh2");
    expect(mixedPoolFormula(steppedDiePool(PHASES_STEPPED_DIE, -1))).toBe("{1d6,1d6,1d12}kl2");
    expect(mixedPoolFormula(steppedDiePool(PHASES_STEPPED_DIE, -4))).toBe("3d6kl2");
    expect(mixedPoolFormula({ faces: [6, 8], keep: 2, mode: "highest" })).toBe("1d6 + 1d8");
  });
  it("keeps the two highest or lowest; ties keep the later die as Foundry does", () => {
    const adv = steppedDiePool(PHASES_STEPPED_DIE, 4);
    expect(keepMixedDice(adv, [2, 5, 11])).toEqual({ dice: [2, 5, 11], keptIndices: [1, 2], kept: [5, 11], natural: 16 });
    expect(keepMixedDice(adv, [4, 4, 4]).keptIndices).toEqual([1, 2]);
    const dis = steppedDiePool(PHASES_STEPPED_DIE, -2);
    expect(keepMixedDice(dis, [6, 3, 1]).natural).toBe(4);
    expect(() => keepMixedDice(adv, [1, 2])).toThrow(RangeError);
    expect(() => keepMixedDice(dis, [1, 2, 11])).toThrow(/d10/);
  });
  it("exact distributions match a brute force for every edge from -4 to 4", () => {
    for (let e = -4; e <= 4; e++) {
      const spec = steppedDiePool(PHASES_STEPPED_DIE, e);
      const d = mixedPoolDistribution(spec);
      if (e === 0) {
        expect(d.total).toBe(36);
        expect(d.counts[7]).toBe(6);
        continue;
      }
      const extra = spec.faces[2] as number;
      expect(d.total).toBe(36 * extra);
      const brute = bruteForce(extra, spec.mode);
      brute.forEach((c, n) => expect(d.counts[n] ?? 0).toBe(c));
    }
  });
  it("known values: Advantage 1 is 3d6 keep 2 (12 in 16/216), Advantage 4 reaches 18 (d12 on 12 and a d6 on 6: 11/432)", () => {
    const a1 = mixedPoolDistribution(steppedDiePool(PHASES_STEPPED_DIE, 1));
    expect(a1.counts[12]).toBe(16);
    expect(a1.counts).toEqual(poolDistribution({ count: 3, faces: 6, keep: 2, mode: "highest" }).counts);
    const a4 = mixedPoolDistribution(steppedDiePool(PHASES_STEPPED_DIE, 4));
    expect(a4.counts.length - 1).toBe(18);
    expect(a4.counts[18]).toBe(11);
    expect(a4.total).toBe(432);
  });
  it("Advantage 1 mirrors Disadvantage 4 (both 3d6): P(n) under one = P(14 - n) under the other", () => {
    const a1 = mixedPoolDistribution(steppedDiePool(PHASES_STEPPED_DIE, 1));
    const d4 = mixedPoolDistribution(steppedDiePool(PHASES_STEPPED_DIE, -4));
    for (let n = 2; n <= 12; n++) expect(a1.counts[n]).toBe(d4.counts[14 - n]);
  });
  it("each more Advantage step is never worse, each more Disadvantage step never better (dominance)", () => {
    const chance = (e: number, t: number): number => {
      const d = mixedPoolDistribution(steppedDiePool(PHASES_STEPPED_DIE, e));
      return atLeast(d, t) / d.total;
    };
    for (let t = 2; t <= 18; t++) {
      for (let e = -4; e < 4; e++) expect(chance(e + 1, t)).toBeGreaterThanOrEqual(chance(e, t));
    }
  });
  it("chance of 2d6 + ATK ≥ DEF: +2 vs 9 is 21/36 at edge 0", () => {
    expect(mixedPoolChanceAtLeast(steppedDiePool(PHASES_STEPPED_DIE, 0), 2, 9)).toEqual({ hits: 21, total: 36 });
  });
  it("property: the natural is the sum of `keep` dice, each the best (or worst) of the rest", () => {
    const spec = fc.record({
      faces: fc.array(fc.constantFrom(4, 6, 8, 10, 12, 20), { minLength: 1, maxLength: 6 }),
      keep: fc.integer({ min: 1, max: 6 }),
      mode: fc.constantFrom("highest" as const, "lowest" as const),
    });
    fc.assert(fc.property(spec, fc.integer(), (s: MixedPoolSpec, seed) => {
      const r = rollMixedPool(s, new SeededRoller(seed));
      const keep = Math.min(s.keep, s.faces.length);
      expect(r.kept).toHaveLength(keep);
      expect(r.natural).toBe(r.kept.reduce((a, b) => a + b, 0));
      const dropped = r.dice.filter((_, i) => !r.keptIndices.includes(i));
      for (const k of r.kept) {
        for (const d of dropped) expect(s.mode === "highest" ? k >= d : k <= d).toBe(true);
      }
    }));
  });
  it("property: every natural the roller produces has a non-zero count, and counts sum to the total", () => {
    fc.assert(fc.property(fc.integer({ min: -4, max: 4 }), fc.integer(), (e, seed) => {
      const spec = steppedDiePool(PHASES_STEPPED_DIE, e);
      const d = mixedPoolDistribution(spec);
      expect(d.counts.reduce((a, b) => a + b, 0)).toBe(d.total);
      expect(d.counts[rollMixedPool(spec, new SeededRoller(seed)).natural]).toBeGreaterThan(0);
    }));
  });
});
