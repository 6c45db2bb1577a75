import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  compareTotals, opposedOdds, rollOneAgainstMany, rollOpposed, worstWinner, type OpposedSide,
} from "../../src/engine/dice/opposed";
import { SeededRoller, type DiceRoller } from "../../src/engine/dice/roller";

const side = (id: string, modifier: number): OpposedSide => ({ id, dice: 2, faces: 6, modifiers: [{ source: "skill", value: modifier }] });
const scripted = (values: number[]): DiceRoller => ({
  die: () => {
    const v = values.shift();
    if (v === undefined) throw new Error("out of dice");
    return v;
  },
});

describe("opposed checks (002 §Screen an Ally, §Grappling; RULINGS.md §shock Opposed checks)", () => {
  it("ties re-roll both sides until one wins", () => {
    // 3+4+1 = 8 vs 5+2+1 = 8 (tie), then 6+6+1 = 13 vs 1+1+1 = 3.
    const r = rollOpposed(side("a", 1), side("b", 1), scripted([3, 4, 5, 2, 6, 6, 1, 1]));
    expect(r.rolls).toHaveLength(2);
    expect(r.rolls[0]?.a.total).toBe(8);
    expect(r.rolls[0]?.b.total).toBe(8);
    expect(r.winner).toBe("a");
  });

  it("exact odds: equal sides win half the decisive outcomes; ties leave the fraction", () => {
    const even = opposedOdds(side("a", 0), side("b", 0));
    // P(tie) on 2d6 vs 2d6 = 146/1296, so 1150 decisive outcomes, half each.
    expect(even).toEqual({ wins: 575, decisive: 1150 });
    const better = opposedOdds(side("a", 2), side("b", 0));
    const worse = opposedOdds(side("b", 0), side("a", 2));
    expect(better.decisive).toBe(worse.decisive);
    expect(better.wins + worse.wins).toBe(better.decisive);
    expect(better.wins / better.decisive).toBeGreaterThan(0.5);
  });

  it("property: odds are symmetric and a larger modifier never lowers them", () => {
    fc.assert(fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), (ma, mb) => {
      const ab = opposedOdds(side("a", ma), side("b", mb));
      const ba = opposedOdds(side("b", mb), side("a", ma));
      expect(ab.wins + ba.wins).toBe(ab.decisive);
      const up = opposedOdds(side("a", ma + 1), side("b", mb));
      expect(up.wins * ab.decisive).toBeGreaterThanOrEqual(ab.wins * up.decisive);
    }));
  });

  it("seeded opposed rolls match the exact odds", () => {
    const a = side("a", 1);
    const b = side("b", 0);
    const roller = new SeededRoller(11);
    let wins = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) if (rollOpposed(a, b, roller).winner === "a") wins++;
    const { wins: w, decisive } = opposedOdds(a, b);
    const p = w / decisive;
    expect(Math.abs(wins / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it("one against many: one roll decides every pair; a tied pair re-rolls alone", () => {
    // single 4+4 = 8; x: 3+3 = 6 (single wins); y: 4+4 = 8 (tie) → single 1+1 = 2 vs y 2+2 = 4 (y wins).
    const r = rollOneAgainstMany(side("s", 0), [side("x", 0), side("y", 0)], scripted([4, 4, 3, 3, 4, 4, 1, 1, 2, 2]));
    expect(r.single.total).toBe(8);
    expect(r.pairs[0]).toMatchObject({ id: "x", singleWins: true, otherTotal: 6 });
    expect(r.pairs[1]).toMatchObject({ id: "y", singleWins: false, otherTotal: 4 });
    expect(r.pairs[1]?.rolls).toHaveLength(2);
    expect(worstWinner(r)?.id).toBe("y");
  });

  it("worstWinner: the lowest total among those who beat the single side; null when none did", () => {
    // single 2+2 = 4; a 5+5 = 10; b 3+3 = 6; c 1+1 = 2.
    const r = rollOneAgainstMany(side("s", 0), [side("a", 0), side("b", 0), side("c", 0)], scripted([2, 2, 5, 5, 3, 3, 1, 1]));
    expect(r.pairs.map((p) => p.singleWins)).toEqual([false, false, true]);
    expect(worstWinner(r)?.id).toBe("b");
    const none = rollOneAgainstMany(side("s", 0), [side("a", 0)], scripted([6, 6, 1, 1]));
    expect(worstWinner(none)).toBeNull();
  });

  it("compareTotals", () => {
    expect(compareTotals(3, 2)).toBe("a");
    expect(compareTotals(2, 3)).toBe("b");
    expect(compareTotals(2, 2)).toBe("tie");
    expect(() => opposedOdds({ id: "a", dice: 1, faces: 1 as number, modifiers: [] }, { id: "b", dice: 1, faces: 1, modifiers: [] })).toThrow(RangeError);
  });
});
