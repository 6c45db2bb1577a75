import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool } from "../../../engine/dice/plan";
import { defenseOf, planAttack } from "../rules/attack";
import type { Aim } from "../rules/constants";
import {
  rollStrike, strikeEffects, strikePlan, tragedyFreeHitPlan, type HitTerms, type Strike,
} from "../rules/strike";
import { chance, explore, frac, show, scripted } from "../../../../test/engine/plan-support";

/**
 * A strike from roll to consequences, with exact odds over every dice sequence: the chain's
 * multiplier on the damage, wounds at 6+ dealt, the fatal aim's +16 on a quarter of its wounds, a
 * decisive blow's defeat, a fatal blow's death, a natural 1's free hit. Source:
 * `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Combat specific Fails/Criticals;
 * RULINGS.md §wounds Natural 20, Natural 1, Wound, Crit arithmetic, Free hit.
 */
const dagger = {
  id: "d", name: "Dagger", kind: "melee" as const, damage: { dice: 1, die: 4, bonus: 0 },
};
const hit = (aim: Aim): HitTerms => ({
  weapon: dagger, strength: 2, feats: [], extraAttack: false, meleeDamagePurchases: 0,
  sneak: false, reductions: [], aim,
});
const check = (aim: Aim) => planAttack(
  { accuracy: 2, woundAccuracy: 0, aim, flanking: false, toHitPurchases: 0 },
  defenseOf({ agility: 1, state: "dodging", dodgePurchases: 0 }),
);
const target = { hp: 30, isPC: true, wounds: [] };
const ctx = (aim: Aim) => ({ aim, woundId: "w1", round: 2, inTargetZone: true });
// 1 d20, at most 12 chain links, the damage die and the fatal d4.
const MAX_REQUESTS = 15;

describe("exact odds of a whole strike", () => {
  it("center mass, 1d4 + 2 against 11: a wound on a plain hit's 4 or on any critical, 1/5", () => {
    const e = explore(() => strikePlan(check("centerMass"), hit("centerMass")), MAX_REQUESTS);
    expect(show(e.open)).toBe("0/1");
    const wounded = (s: Strike) => s.damage?.wound === true;
    // Naturals 8–19 hit plainly (1d4 + 2 ≥ 6 on a 4); a 20 doubles 3..6 to 6..12.
    expect(show(chance(e, wounded))).toBe(show(frac(1, 5)));
    expect(show(chance(e, (s) => s.damage !== null))).toBe(show(frac(13, 20)));
    expect(show(chance(e, (s) => s.damage?.multiplier === 4))).toBe(show(frac(1, 80)));
  });
  it("fatal aim: no +1, so 9–19 and 20 hit; wounds 3/16; +16 on a quarter of them, 3/64", () => {
    const e = explore(() => strikePlan(check("fatal"), hit("fatal")), MAX_REQUESTS);
    expect(show(chance(e, (s) => s.damage?.wound === true))).toBe(show(frac(3, 16)));
    expect(show(chance(e, (s) => s.damage?.fatalBonus === 16))).toBe(show(frac(3, 64)));
  });
});

describe("what a strike does", () => {
  it("a plain hit for 6 wounds with its aim and takes the HP", () => {
    const s = rollStrike(check("slowing"), hit("slowing"), scripted([15, 4]));
    const fx = strikeEffects(s, target, ctx("slowing"));
    expect(fx).toMatchObject({
      hp: 24, wound: { id: "w1", aim: "slowing", round: 2 }, state: "up", decisive: false,
      attackerDies: false, freeHit: "none",
    });
  });
  it("a decisive blow defeats a target at full HP; further links are rolled and reported", () => {
    const roller = scripted([20, 4, 6, 1, 1]);
    const s = rollStrike(check("centerMass"), hit("centerMass"), roller);
    expect(roller.asked).toEqual([20, 4, 6, 8, 4]);
    expect(s.damage).toMatchObject({ multiplier: 4, dealt: 12 });
    const fx = strikeEffects(s, { ...target, hp: 100 }, ctx("centerMass"));
    expect(fx).toMatchObject({ hp: 88, state: "defeated", decisive: true });
  });
  it("a natural 1 in the target's zone gives it a free hit; a tragedy a critical one", () => {
    const fumble = rollStrike(check("fatal"), hit("fatal"), scripted([1, 2]));
    const plain = strikeEffects(fumble, target, ctx("fatal"));
    expect(plain).toMatchObject({ freeHit: "freeHit", attackerDies: false, hp: 30, wound: null });
    const far = strikeEffects(rollStrike(check("fatal"), hit("fatal"), scripted([1, 2])), target,
      { ...ctx("fatal"), inTargetZone: false });
    expect(far.freeHit).toBe("none");
    const fatal = strikeEffects(rollStrike(check("fatal"), hit("fatal"), scripted([1, 4, 6, 1])),
      target, ctx("fatal"));
    expect(fatal).toMatchObject({ freeHit: "criticalFreeHit", attackerDies: true });
  });
  it("a tragedy's free hit rolls only damage, doubled", () => {
    const r = runFromPool(tragedyFreeHitPlan(hit("centerMass")), [3])!;
    expect(r).toMatchObject({ used: 1, value: { multiplier: 2, dealt: 10, wound: true } });
  });
  it("HP never below 0, at most one wound a strike, a miss changes nothing (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 16, maxLength: 16 }),
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 40 }),
      fc.constantFrom<Aim>("centerMass", "fatal", "slowing", "weakening", "disrupting"),
      (dice, natural, hp, aim) => {
        const s = runFromPool(strikePlan(check(aim), hit(aim)), [natural, ...dice])!.value;
        const fx = strikeEffects(s, { hp, isPC: false, wounds: [] }, ctx(aim));
        expect(fx.hp).toBeGreaterThanOrEqual(0);
        expect(fx.wounds.length).toBeLessThanOrEqual(1);
        if (!s.roll.hit) expect(fx).toMatchObject({ hp, wounds: [] });
        expect(fx.state === "defeated").toBe(fx.hp === 0 || fx.decisive);
      },
    ));
  });
});
