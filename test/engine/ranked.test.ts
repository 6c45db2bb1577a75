import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MAX_ROLL_OFFS, compareRanked, joinOrder, orderForRound, rankByScore, rollInitiative, type RankedEntry,
} from "../../src/engine/initiative/ranked";
import { SeededRoller, type DiceRoller } from "../../src/engine/dice/roller";

/** Plays back fixed values, and fails the test if asked for more. */
function scripted(values: number[]): DiceRoller & { left: () => number } {
  const queue = values.slice();
  return {
    die: (faces) => {
      const v = queue.shift();
      if (v === undefined) throw new Error("roller ran out of scripted values");
      if (v > faces) throw new Error(`scripted ${v} on a d${faces}`);
      return v;
    },
    left: () => queue.length,
  };
}

const ids = (order: readonly RankedEntry[]): string[] => order.map((e) => e.id);
const AP = { count: 1, faces: 10, tieDie: 10 } as const;
const PHASES = { count: 2, faces: 6, tieDie: 6 } as const;

describe("ranked initiative (001 §Initiative/Initiating; 004 §Initiative; RULINGS.md §wounds, §action-points)", () => {
  it("wounds: Agility modifier descending, ties rolled off on a d20, the initiator last", () => {
    const roller = scripted([7, 15]);
    const order = rankByScore([
      { id: "A", score: 3 }, { id: "B", score: 1 }, { id: "C", score: 3 }, { id: "D", score: 5, last: true },
    ], 20, roller);
    expect(ids(order)).toEqual(["C", "A", "B", "D"]);
    expect(order[0]?.tiebreaks).toEqual([15]);
    expect(order[2]?.tiebreaks).toEqual([]);
    expect(roller.left()).toBe(0);
  });
  it("a roll-off that ties again rolls again among those still tied", () => {
    const roller = scripted([5, 5, 2, 3, 4]);
    const order = rankByScore([{ id: "A", score: 0 }, { id: "B", score: 0 }, { id: "C", score: 0 }], 20, roller);
    expect(ids(order)).toEqual(["B", "A", "C"]);
    expect(order.map((e) => e.tiebreaks)).toEqual([[5, 4], [5, 3], [2]]);
  });
  it("action-points: 1d10 + Agility, highest first, ties re-roll among the tied", () => {
    const roller = scripted([4, 6, 2, 1, 8]);
    const order = rollInitiative([{ id: "A", modifier: 3 }, { id: "B", modifier: 1 }, { id: "C", modifier: -2 }], AP, roller);
    // A 4 + 3 = 7 and B 6 + 1 = 7 tie and roll off (1 against 8); C 2 - 2 = 0 acts last.
    expect(order.map((e) => [e.id, e.score, e.tiebreaks])).toEqual([["B", 7, [8]], ["A", 7, [1]], ["C", 0, []]]);
    expect(roller.left()).toBe(0);
  });
  it("action-points read as re-rolling 1d10 + Agility among the tied: the roll-off adds the modifier", () => {
    const spec = { ...AP, tieAddsModifier: true };
    const order = rollInitiative([{ id: "A", modifier: 3 }, { id: "B", modifier: 1 }], spec, scripted([4, 6, 2, 3]));
    // A 7 and B 7 tie; the re-roll is A 2 + 3 = 5 against B 3 + 1 = 4.
    expect(order.map((e) => [e.id, e.tiebreaks])).toEqual([["A", [5]], ["B", [4]]]);
    const plain = rollInitiative([{ id: "A", modifier: 3 }, { id: "B", modifier: 1 }], AP, scripted([4, 6, 2, 3]));
    expect(plain.map((e) => e.id)).toEqual(["B", "A"]);
  });
  it("exact odds by enumeration: 1d10 + 2 against 1d10 acts first 68% (64 wins, 8 ties halved)", () => {
    let first = 0;
    let outcomes = 0;
    for (let a = 1; a <= 10; a++) {
      for (let b = 1; b <= 10; b++) {
        if (a + 2 !== b) {
          outcomes += 100;
          if (ids(rollInitiative([{ id: "A", modifier: 2 }, { id: "B", modifier: 0 }], AP, scripted([a, b])))[0] === "A") first += 100;
          continue;
        }
        // A tie: enumerate the first roll-off; a tied roll-off is symmetric, so it counts half.
        for (let ta = 1; ta <= 10; ta++) {
          for (let tb = 1; tb <= 10; tb++) {
            outcomes++;
            if (ta === tb) { first += 0.5; continue; }
            const order = rollInitiative([{ id: "A", modifier: 2 }, { id: "B", modifier: 0 }], AP, scripted([a, b, ta, tb]));
            if (ids(order)[0] === "A") first++;
          }
        }
      }
    }
    expect(first / outcomes).toBeCloseTo(0.68, 12);
  });
  it("phases: 2d6 + INT + AGI re-rolled every round; a `never` policy keeps the first order", () => {
    const entries = [{ id: "A", modifier: 2 }, { id: "B", modifier: 2 }];
    const round1 = orderForRound("eachRound", null, entries, PHASES, scripted([6, 6, 1, 1]));
    expect(ids(round1)).toEqual(["A", "B"]);
    expect(round1[0]?.dice).toEqual([6, 6]);
    const round2 = orderForRound("eachRound", round1, entries, PHASES, scripted([1, 2, 5, 5]));
    expect(ids(round2)).toEqual(["B", "A"]);
    const kept = orderForRound("never", round1, entries, PHASES, scripted([]));
    expect(kept).toEqual(round1);
  });
  it("a rigged roller that always ties stops after the roll-off limit and falls back to id order", () => {
    let rolls = 0;
    const order = rankByScore([{ id: "B", score: 1 }, { id: "A", score: 1 }], 6, { die: () => { rolls++; return 3; } });
    expect(ids(order)).toEqual(["A", "B"]);
    expect(rolls).toBe(2 * MAX_ROLL_OFFS);
  });
  it("newcomers join an order already set after those they tie with, before those they beat", () => {
    const order = rankByScore([{ id: "A", score: 3 }, { id: "B", score: 1 }, { id: "Z", score: 4, last: true }], 20, scripted([]));
    const summon = rankByScore([{ id: "S", score: 1 }], 20, scripted([]));
    expect(ids(joinOrder(order, summon))).toEqual(["A", "B", "S", "Z"]);
    const quick = rankByScore([{ id: "Q", score: 2 }], 20, scripted([]));
    expect(ids(joinOrder(order, quick))).toEqual(["A", "Q", "B", "Z"]);
    expect(() => joinOrder(order, summon.map((e) => ({ ...e, id: "A" })))).toThrow(/already/);
  });
  it("refuses duplicate ids and roll-off dice without faces", () => {
    expect(() => rankByScore([{ id: "A", score: 1 }, { id: "A", score: 2 }], 20, scripted([]))).toThrow(/distinct/);
    expect(() => rankByScore([{ id: "A", score: 1 }], 1, scripted([]))).toThrow(RangeError);
  });
  it("property: a permutation, sorted by flag then score, ties all broken by roll-offs", () => {
    const entry = fc.record({ score: fc.integer({ min: -2, max: 4 }), last: fc.boolean() });
    fc.assert(fc.property(fc.array(entry, { maxLength: 12 }), fc.integer(), (raw, seed) => {
      const entries = raw.map((e, i) => ({ id: `c${i}`, ...e }));
      const order = rankByScore(entries, 20, new SeededRoller(seed));
      expect(ids(order).slice().sort()).toEqual(entries.map((e) => e.id).sort());
      for (let i = 1; i < order.length; i++) {
        const [a, b] = [order[i - 1] as RankedEntry, order[i] as RankedEntry];
        expect(compareRanked(a, b)).toBeLessThan(0);
        if (a.last === b.last && a.score === b.score) expect(a.tiebreaks).not.toEqual(b.tiebreaks);
        if (!a.last && b.last) continue;
        if (a.last === b.last) expect(a.score).toBeGreaterThanOrEqual(b.score);
      }
      for (const e of order) {
        const tied = order.filter((o) => o.last === e.last && o.score === e.score).length > 1;
        expect(e.tiebreaks.length > 0).toBe(tied);
      }
    }));
  });
});
