import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  compareTotals, oneAgainstManyPlan, opposedOdds, opposedPlan, rollOneAgainstMany, rollOpposed,
  worstWinner, type OpposedSide,
} from "../../src/engine/dice/opposed";
import { runSync, type DiceRequest, type RollPlan } from "../../src/engine/dice/plan";
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

  it("together: a round's two rolls asked as one request, the same dice in the same order", () => {
    // Every request a plan makes, as `count@label`, with the result from a seeded roller.
    const requests = <T>(plan: RollPlan<T>, seed: number) => {
      const asked: string[] = [];
      const roller = new SeededRoller(seed);
      const value = runSync((function* () {
        let step = plan.next();
        while (!step.done) {
          const r: DiceRequest = step.value;
          asked.push(`${r.count}@${r.label}`);
          step = plan.next(yield r);
        }
        return step.value;
      })(), roller);
      return { value, asked, next: roller.die(6) };
    };
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 0, max: 3 }), (seed, n) => {
      const others = ["x", "y", "z"].slice(0, n).map((id, i) => side(id, i - 1));
      const apart = requests(oneAgainstManyPlan(side("s", 0), others), seed);
      const together = requests(oneAgainstManyPlan(side("s", 0), others, true), seed);
      // The same result, and the roller left at the same die.
      expect(together.value).toEqual(apart.value);
      expect(together.next).toBe(apart.next);
      // The single side's roll always comes with the roll after it, as one request of both.
      const merged = apart.asked.flatMap((a, i) =>
        a.startsWith("2@s") ? [] : i > 0 && apart.asked[i - 1] === "2@s" ? [`4@${a.slice(2)}`] : [a]);
      expect(together.asked).toEqual(n ? merged : ["2@s"]);
      const pair = requests(opposedPlan(side("a", 0), side("b", 1), true), seed);
      expect(pair.value).toEqual(requests(opposedPlan(side("a", 0), side("b", 1)), seed).value);
      expect(new Set(pair.asked)).toEqual(new Set(["4@b"]));
    }));
  });

  it("together: a tie's two rolls split in order, the single side's first", () => {
    // s 3+3 = 6 vs x 2+4 = 6: a tie; then s 1+1 = 2 vs x 5+5 = 10; y 1+2 = 3 loses to s's 6.
    const dice = [3, 3, 2, 4, 1, 1, 5, 5, 1, 2];
    const r = rollOneAgainstMany(side("s", 0), [side("x", 0), side("y", 0)], scripted([...dice]));
    const plan = oneAgainstManyPlan(side("s", 0), [side("x", 0), side("y", 0)], true);
    expect(runSync(plan, scripted([...dice]))).toEqual(r);
    expect(r.pairs[0]?.rolls[1]).toEqual({
      single: { dice: [1, 1], natural: 2, total: 2 }, other: { dice: [5, 5], natural: 10, total: 10 },
    });
  });

  it("compareTotals", () => {
    expect(compareTotals(3, 2)).toBe("a");
    expect(compareTotals(2, 3)).toBe("b");
    expect(compareTotals(2, 2)).toBe("tie");
    expect(() => opposedOdds({ id: "a", dice: 1, faces: 1 as number, modifiers: [] }, { id: "b", dice: 1, faces: 1, modifiers: [] })).toThrow(RangeError);
  });
});
