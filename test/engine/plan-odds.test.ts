import { describe, expect, it } from "vitest";
import { opposedOdds, oneAgainstManyPlan, opposedPlan, type OpposedSide } from "../../src/engine/dice/opposed";
import { WOUNDS_CHAIN, chainOdds, chainPlan } from "../../src/engine/dice/chain";
import { sidesPlan, type SideEntry } from "../../src/engine/initiative/sides";
import { rankByScorePlan, rollInitiativePlan, roundOrderPlan, type RankedEntry } from "../../src/engine/initiative/ranked";
import { runSync } from "../../src/engine/dice/plan";
import {
  add, chance, cmp, explore, frac, geometric, mul, pow, scripted, show, sub, type Explored, type Frac,
} from "./plan-support";

/**
 * Exact distributions of the engine's roll plans, from every dice sequence they can ask for
 * (`explore`, cut after a number of requests when ties may re-roll without end: the cut mass is
 * then the chance of that many ties in a row, and what is left must match the closed form exactly).
 * Sources: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Grappling, §Screen an Ally;
 * `003_d18720f6cd315cc2.txt` §Initiative Phase; `004_2cc57162401858c9.txt` §Initiative;
 * `001_dbc5fcc02a99a518.txt` §Initiative, §Auto Fails/Criticals; RULINGS.md.
 */
const side = (id: string, dice: number, faces: number, modifier: number): OpposedSide => ({
  id, dice, faces, modifiers: [{ source: "test", value: modifier }],
});
const eq = (a: Frac, b: Frac) => expect(show(a)).toBe(show(b));
/** lower ≤ exact ≤ lower + open. */
function within(explored: Explored<unknown>, lower: Frac, exact: Frac): void {
  expect(cmp(lower, exact)).toBeLessThanOrEqual(0);
  expect(cmp(exact, add(lower, explored.open))).toBeLessThanOrEqual(0);
}
const order = (v: { order: readonly string[] } | readonly RankedEntry[]) =>
  ("order" in v ? v.order : v.map((e) => e.id)).join(">");

describe("opposed plans: exact odds with ties re-rolled (RULINGS.md §shock Opposed checks)", () => {
  it("shock's 2d6+1 against 2d6, two rounds: P(win) = wins/T·(1 + t), the rest two ties in a row", () => {
    const a = side("a", 2, 6, 1);
    const b = side("b", 2, 6, 0);
    const { wins, decisive } = opposedOdds(a, b);
    const T = 1296;
    const tie = frac(T - decisive, T);
    const e = explore(() => opposedPlan(a, b), 4, (r) => r.winner);
    eq(chance(e, (r) => r.winner === "a"), geometric(frac(wins, T), tie, 2));
    eq(chance(e, (r) => r.winner === "b"), geometric(frac(decisive - wins, T), tie, 2));
    eq(e.open, pow(tie, 2));
  });

  it("1d6 against 1d6, three rounds: each side wins 15/36·(1 + 1/6 + 1/36); the limit is 1/2", () => {
    const e = explore(() => opposedPlan(side("a", 1, 6, 0), side("b", 1, 6, 0)), 6, (r) => r.winner);
    const each = geometric(frac(15, 36), frac(1, 6), 3);
    eq(chance(e, (r) => r.winner === "a"), each);
    eq(chance(e, (r) => r.winner === "b"), each);
    eq(e.open, frac(1, 216));
    within(e, each, frac(1, 2));
  });

  it("one against two (1d6 each): the single roll is shared, a tie re-rolls its pair alone", () => {
    // Given the single side's first roll s, a pair is won with (s−1)/6 + 1/6·1/2 = (2s−1)/12, the
    // two pairs independently: P(both) = Σ((2s−1)/12)²/6 = 286/864; each pair alone 1/2.
    const make = () => oneAgainstManyPlan(side("s", 1, 6, 0), [side("x", 1, 6, 0), side("y", 1, 6, 0)]);
    const e = explore(make, 9, (r) => r.pairs.map((p) => `${p.id}:${p.singleWins}:${p.rolls.length}`).join(","));
    within(e, chance(e, (r) => r.pairs.every((p) => p.singleWins)), frac(286, 864));
    within(e, chance(e, (r) => r.pairs[0]!.singleWins), frac(1, 2));
    within(e, chance(e, (r) => !r.pairs.some((p) => p.singleWins)), frac(286, 864));
    // Exactly: without ties, the pairs are decided by the first three dice.
    eq(chance(e, (r) => r.pairs.every((p) => p.rolls.length === 1 && p.singleWins)),
      frac(0 + 1 + 4 + 9 + 16 + 25, 216));
    // The single side re-rolls for a tied pair only: the other pair keeps the first roll.
    const r = runSync(make(), scripted([4, 4, 2, 3, 5]));
    expect(r.pairs.map((p) => p.rolls.map((x) => [x.single.total, x.other.total]))).toEqual([[[4, 4], [2, 3]], [[4, 5]]]);
    expect(r.pairs.map((p) => p.singleWins)).toEqual([false, false]);
  });
});

describe("side initiative plans (002 §Combat Sequence; RULINGS.md §shock Side initiative, Sides)", () => {
  const party: SideEntry = { id: "party", bonus: 0, favoured: true };
  const goblins: SideEntry = { id: "goblins", bonus: 0 };
  const wolves: SideEntry = { id: "wolves", bonus: 0 };

  it("the favoured party wins its ties and never re-rolls: first in 10/16 on d4 against one side", () => {
    const e = explore(() => sidesPlan([party, goblins], 4), 2, order);
    eq(e.open, frac(0));
    eq(chance(e, (r) => r.order[0] === "party"), frac(10, 16));
    expect([...e.outcomes.values()].every(({ value }) => value.rolls.every((x) => !x.tieBreaks.length))).toBe(true);
  });

  it("party +1 against two sides on d4: first in 45/64; the others' tie is a fair coin, re-rolled among them", () => {
    const e = explore(() => sidesPlan([{ ...party, bonus: 1 }, wolves, goblins], 4), 7, order);
    // P(p+1 ≥ max(w, g)) = (4 + 9 + 16 + 16)/64, decided by the first three dice.
    within(e, chance(e, (r) => r.order[0] === "party"), frac(45, 64));
    const wg = chance(e, (r) => r.order.indexOf("wolves") < r.order.indexOf("goblins"));
    const gw = chance(e, (r) => r.order.indexOf("goblins") < r.order.indexOf("wolves"));
    eq(wg, gw);
    // Only the tied sides roll a tie-break, the party never.
    for (const { value } of e.outcomes.values()) {
      const [p, w, g] = value.rolls;
      expect(p!.tieBreaks).toEqual([]);
      expect(w!.tieBreaks.length).toBe(g!.tieBreaks.length);
      if (w!.result !== g!.result) expect(w!.tieBreaks).toEqual([]);
    }
  });

  it("three unfavoured sides on d3: the six orders are equally likely at every depth", () => {
    const e = explore(() => sidesPlan([goblins, wolves, { id: "bats", bonus: 0 }], 3), 6, order);
    const ps = [...e.outcomes.values()].map((o) => o.p);
    expect(ps).toHaveLength(6);
    for (const p of ps) eq(p, ps[0]!);
    eq(add(mul(ps[0]!, frac(6)), e.open), frac(1));
  });
});

describe("ranked initiative plans: roll-offs among the tied only", () => {
  it("action-points: 1d10+2 against 1d10, ties re-roll 1d10 + modifier: exactly the opposed odds", () => {
    const spec = { count: 1, faces: 10, tieDie: 10, tieAddsModifier: true };
    const entries = [{ id: "A", modifier: 2 }, { id: "B", modifier: 0 }];
    const e = explore(() => rollInitiativePlan(entries, spec), 4, order);
    const { wins, decisive } = opposedOdds(side("A", 1, 10, 2), side("B", 1, 10, 0));
    const tie = frac(100 - decisive, 100);
    // The initiative roll and two roll-offs: three rounds of the same contest.
    eq(chance(e, (v) => v[0]!.id === "A"), geometric(frac(wins, 100), tie, 3));
    eq(e.open, pow(tie, 3));
    within(e, chance(e, (v) => v[0]!.id === "A"), frac(wins, decisive));
  });

  it("a roll-off without the modifier is a fair d10 contest after the tie", () => {
    const spec = { count: 1, faces: 10, tieDie: 10 };
    const e = explore(() => rollInitiativePlan([{ id: "A", modifier: 2 }, { id: "B", modifier: 0 }], spec), 4, order);
    // P(d10+2 > d10) = 64/100 (b − a ≤ 1), P(tie) = 8/100; a roll-off is won 45/100, tied 10/100.
    eq(chance(e, (v) => v[0]!.id === "A"), add(frac(64, 100), mul(frac(8, 100), geometric(frac(45, 100), frac(1, 10), 2))));
  });

  it("phases: 2d6+1 against 2d6, ties rolling d6 until broken", () => {
    const spec = { count: 2, faces: 6, tieDie: 6 };
    const e = explore(() => rollInitiativePlan([{ id: "A", modifier: 1 }, { id: "B", modifier: 0 }], spec), 4, order);
    const { wins, decisive } = opposedOdds(side("A", 2, 6, 1), side("B", 2, 6, 0));
    const pTie = frac(1296 - decisive, 1296);
    const lower = add(frac(wins, 1296), mul(pTie, geometric(frac(15, 36), frac(1, 6), 2)));
    eq(chance(e, (v) => v[0]!.id === "A"), lower);
    eq(e.open, mul(pTie, frac(1, 36)));
    within(e, lower, add(frac(wins, 1296), mul(pTie, frac(1, 2))));
  });

  it("a three-way tie: every order equally likely, each roll-off asked only of those still tied", () => {
    // 1d1 + 0 ties everyone; the roll-offs on a d3 decide.
    const spec = { count: 1, faces: 1, tieDie: 3 };
    const entries = ["A", "B", "C"].map((id) => ({ id, modifier: 0 }));
    const e = explore(() => rollInitiativePlan(entries, spec), 6, order);
    const ps = [...e.outcomes.values()].map((o) => o.p);
    expect(ps).toHaveLength(6);
    for (const p of ps) eq(p, ps[0]!);
    // A [3], B and C tied on [1]: only B and C roll again (one request of 2 dice).
    const roller = scripted([1, 1, 1, 3, 1, 1, 2, 1]);
    const v = runSync(rollInitiativePlan(entries, spec), roller);
    expect(order(v)).toBe("A>B>C");
    expect(v.map((x) => x.tiebreaks)).toEqual([[3], [1, 2], [1, 1]]);
    expect(roller.asked).toEqual([1, 1, 1, 3, 3, 3, 3, 3]);
  });

  it("wounds: only the tied roll off on a d20, fairly; the untied never roll", () => {
    const e = explore(() => rankByScorePlan([{ id: "A", score: 1 }, { id: "B", score: 1 }, { id: "C", score: 0 }], 20), 2, order);
    eq(chance(e, (v) => order(v) === "A>B>C"), chance(e, (v) => order(v) === "B>A>C"));
    eq(add(chance(e, (v) => v[2]!.id === "C"), e.open), frac(1));
    eq(e.open, frac(1, 400));
    expect(explore(() => rankByScorePlan([{ id: "A", score: 2 }, { id: "B", score: 1 }], 20), 0, order).open).toEqual(frac(0));
  });

  it("a round's order: kept without a die under `never`, rolled afresh under `eachRound`", () => {
    const spec = { count: 2, faces: 6, tieDie: 6 };
    const entries = [{ id: "A", modifier: 0 }, { id: "B", modifier: 0 }];
    const first = runSync(roundOrderPlan("eachRound", null, entries, spec), scripted([6, 6, 1, 1]));
    expect(order(first)).toBe("A>B");
    const kept = explore(() => roundOrderPlan("never", first, entries, spec), 0, order);
    expect([...kept.outcomes.keys()]).toEqual(["A>B"]);
    const next = runSync(roundOrderPlan("eachRound", first, entries, spec), scripted([1, 1, 6, 6]));
    expect(order(next)).toBe("B>A");
  });
});

describe("die chain plans (001 §Auto Fails/Criticals; RULINGS.md §wounds Natural 20, Natural 1)", () => {
  it("the wounds chain: every number of links reached has exactly chainOdds' chance", () => {
    const e = explore(() => chainPlan(WOUNDS_CHAIN), WOUNDS_CHAIN.maxLinks, (r) => String(r.reached));
    eq(e.open, frac(0));
    for (let n = 0; n <= WOUNDS_CHAIN.maxLinks; n++) {
      const { num, den } = chainOdds(WOUNDS_CHAIN, n).exactly;
      eq(chance(e, (r) => r.reached === n), frac(num, den));
    }
    // Super critical 1/4, decisive 1/24 (at least).
    eq(sub(frac(1), chance(e, (r) => r.reached === 0)), frac(1, 4));
    eq(chance(e, (r) => r.reached >= 2), frac(1, 24));
  });

  it("a capped chain stops at maxLinks, marked capped", () => {
    const e = explore(() => chainPlan({ start: 2, step: 0, maxLinks: 3 }), 3, (r) => `${r.reached}:${r.capped}`);
    expect([...e.outcomes.keys()].sort()).toEqual(["0:false", "1:false", "2:false", "3:true"]);
    eq(chance(e, (r) => r.capped), frac(1, 8));
    expect(() => chainPlan({ start: 1, step: 0, maxLinks: 3 })).toThrow(RangeError);
  });
});
