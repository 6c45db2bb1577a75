import { describe, expect, it } from "vitest";
import { attackPlan, defenseOf, planAttack, type AttackRoll } from "../rules/attack";
import { chainOutcome, chainOutcomePlan, chainStepOdds } from "../rules/chains";
import { chance, explore, frac, show, type Frac } from "../../../../test/engine/plan-support";

/**
 * The critical and tragedy chains, exactly: every dice sequence the attack plan can ask for is
 * enumerated with its probability (`explore`: each request's faces equally likely), so the chances
 * are exact fractions. Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Natural 20, Natural 1.
 */
const eq = (a: Frac, b: Frac) => expect(show(a)).toBe(show(b));
// The engine's chain stops after 12 links; 1 d20 + 12 links is every request the plan makes.
const MAX_REQUESTS = 13;

describe("the chains' meaning (§Combat specific Fails/Criticals)", () => {
  it("critical: ×2; a d4 of 4 super critical ×4; then a d6 of 6 a decisive blow", () => {
    expect(chainOutcome("critical", [3])).toMatchObject({ superCritical: false, multiplier: 2 });
    expect(chainOutcome("critical", [4, 5])).toMatchObject({
      superCritical: true, decisive: false, multiplier: 4,
    });
    expect(chainOutcome("critical", [4, 6, 1])).toMatchObject({ decisive: true, multiplier: 4 });
  });
  it("tragedy: a d4 of 4 a tragedy; then a d6 of 6 a fatal blow; links past it are reported", () => {
    expect(chainOutcome("tragedy", [2])).toMatchObject({ tragedy: false, fatalBlow: false });
    expect(chainOutcome("tragedy", [4, 6, 8, 3])).toMatchObject({ tragedy: true, fatalBlow: true });
    expect(chainOutcome("tragedy", [4, 6, 8, 3]).chain.reached).toBe(3);
  });
  it("rolls that the chain would not have asked for are refused", () => {
    expect(() => chainOutcome("critical", [3, 2])).toThrow(RangeError);
    expect(() => chainOutcome("critical", [5])).toThrow(RangeError);
  });
});

describe("exact odds of each step", () => {
  it("given the chain: super critical (tragedy) 1/4, decisive (fatal) blow 1/24", () => {
    const e = explore(() => chainOutcomePlan("critical"), 12);
    eq(e.open, frac(0));
    eq(chance(e, (c) => c.kind === "critical" && c.superCritical), frac(1, 4));
    eq(chance(e, (c) => c.kind === "critical" && c.decisive), frac(1, 24));
    eq(chance(e, (c) => c.kind === "critical" && c.superCritical && !c.decisive), frac(5, 24));
    const t = explore(() => chainOutcomePlan("tragedy"), 12);
    eq(chance(t, (c) => c.kind === "tragedy" && c.tragedy), frac(1, 4));
    eq(chance(t, (c) => c.kind === "tragedy" && c.fatalBlow), frac(1, 24));
    expect(chainStepOdds()).toEqual({ super: { num: 1, den: 4 }, blow: { num: 1, den: 24 } });
  });
  it("per attack: critical 1/20, super critical 1/80, decisive 1/480; the same for fumbles", () => {
    const plan = planAttack(
      { accuracy: 2, woundAccuracy: 0, aim: "centerMass", flanking: false, toHitPurchases: 0 },
      defenseOf({ agility: 1, state: "dodging", dodgePurchases: 0 }),
    );
    const e = explore(() => attackPlan(plan), MAX_REQUESTS);
    eq(e.open, frac(0));
    const crit = (r: AttackRoll) => (r.chain?.kind === "critical" ? r.chain : null);
    const trag = (r: AttackRoll) => (r.chain?.kind === "tragedy" ? r.chain : null);
    eq(chance(e, (r) => crit(r) !== null), frac(1, 20));
    eq(chance(e, (r) => crit(r)?.superCritical === true), frac(1, 80));
    eq(chance(e, (r) => crit(r)?.decisive === true), frac(1, 480));
    eq(chance(e, (r) => trag(r)?.tragedy === true), frac(1, 80));
    eq(chance(e, (r) => trag(r)?.fatalBlow === true), frac(1, 480));
    // Target 11 with +3: naturals 8..19 hit by total, 20 by the natural: 13/20.
    eq(chance(e, (r) => r.hit), frac(13, 20));
    eq(chance(e, () => true), frac(1));
  });
});
