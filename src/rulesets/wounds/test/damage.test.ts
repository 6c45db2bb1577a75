import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool } from "../../../engine/dice/plan";
import {
  damageDice, damagePlan, resolveDamage, rollDamage, type DamageTerms,
} from "../rules/damage";
import { statblockFromActor } from "../rules/statblock";
import { bran } from "./fixtures";
import { chance, explore, frac, show } from "../../../../test/engine/plan-support";
import { scripted } from "../../../../test/engine/plan-support";

/**
 * wounds' damage: formula + Strength (melee) + bought melee damage + sneak d4s − armor, never
 * below 0, ×2/×4 on criticals, a wound at 6+ dealt, the fatal aim's d4 of 4 adding 16 after the
 * doubling. Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Sneak Damage, §Feats, §Combat
 * specific Fails/Criticals; RULINGS.md §wounds Damage, Crit arithmetic.
 */
const b = statblockFromActor(bran());
const sword = b.weapons[0]!;
const bow = b.weapons[1]!;
const terms = (over: Partial<DamageTerms> = {}): DamageTerms => ({
  weapon: sword, strength: 2, feats: b.feats, extraAttack: false, meleeDamagePurchases: 0,
  sneak: false, reductions: [], multiplier: 1, aim: "centerMass", ...over,
});

describe("the dice (§Feats: Weapon Focus, Sneak Attack; §Sneak Damage)", () => {
  it("Weapon Focus on the longsword adds a d8; the bow is not focused", () => {
    expect(damageDice(terms())).toEqual({ weapon: 2, die: 8, sneak: 0 });
    expect(damageDice(terms({ weapon: bow }))).toEqual({ weapon: 1, die: 6, sneak: 0 });
  });
  it("sneak damage: a d4, +1 d4 for Bran's Sneak Attack feat; only when undetected", () => {
    expect(damageDice(terms({ sneak: true })).sneak).toBe(2);
    expect(damageDice(terms({ sneak: true, feats: [] })).sneak).toBe(1);
  });
  it("the extra attack (Move + both Bonus) has no feats: no focus die, no Sneak Attack die", () => {
    expect(damageDice(terms({ extraAttack: true, sneak: true })))
      .toEqual({ weapon: 1, die: 8, sneak: 1 });
  });
});

describe("adding it up", () => {
  it("melee: dice + Strength + bought +1s; ranged: no Strength, no bought melee damage", () => {
    const r = resolveDamage(terms({ meleeDamagePurchases: 2 }), [3, 5], []);
    expect(r).toMatchObject({ raw: 12, net: 12, dealt: 12, wound: true, total: 12 });
    expect(r.terms.map((t) => t.source)).toEqual(["weapon:dice", "strength", "purchase:meleeDamage"]);
    const ranged = resolveDamage(terms({ weapon: bow, meleeDamagePurchases: 2 }), [4], []);
    expect(ranged).toMatchObject({ raw: 5, dealt: 5, wound: false });
  });
  it("the extra attack adds no Strength", () => {
    expect(resolveDamage(terms({ extraAttack: true }), [5], []).raw).toBe(5);
  });
  it("armor and the rest come off before the doubling, never below 0", () => {
    const armored = terms({
      reductions: [{ source: "armor", value: 4 }, { source: "guard", value: 1 }],
    });
    expect(resolveDamage(armored, [1, 1], []))
      .toMatchObject({ raw: 4, reduced: 5, net: 0, dealt: 0 });
    expect(resolveDamage({ ...armored, multiplier: 2 }, [3, 2], []))
      .toMatchObject({ net: 2, dealt: 4, wound: false });
  });
  it("a super critical quadruples, sneak damage with it; 4 net becomes a wound of 16", () => {
    const r = resolveDamage(terms({ weapon: bow, sneak: true, feats: [], multiplier: 4 }), [1], [2]);
    expect(r).toMatchObject({ raw: 4, net: 4, dealt: 16, wound: true });
  });
  it("the fatal aim's d4 of 4 adds 16 after doubling, only on a wound", () => {
    const fatal = terms({ aim: "fatal", multiplier: 2 });
    expect(resolveDamage(fatal, [2, 1], [], 4))
      .toMatchObject({ dealt: 10, fatalBonus: 16, total: 26 });
    expect(resolveDamage(fatal, [2, 1], [], 3)).toMatchObject({ fatalRoll: 3, total: 10 });
    // 1 + 1 + 2 = 4 dealt: no wound, so no fatal die is read.
    expect(resolveDamage(terms({ aim: "fatal" }), [1, 1], [], 4)).toMatchObject({
      wound: false, fatalRoll: null, total: 4,
    });
  });
  it("refuses dice that do not fit and bad multipliers or reductions", () => {
    expect(() => resolveDamage(terms(), [9, 1], [])).toThrow(RangeError);
    expect(() => resolveDamage(terms(), [1], [])).toThrow(RangeError);
    expect(() => resolveDamage(terms({ multiplier: 3 }), [1, 1], [])).toThrow(RangeError);
    expect(() => resolveDamage(terms({ reductions: [{ source: "x", value: -1 }] }), [1, 1], []))
      .toThrow(RangeError);
  });
});

describe("the damage plan", () => {
  it("rolls the fatal d4 only after a wounding fatal hit", () => {
    const roller = scripted([8, 8, 4]);
    expect(rollDamage(terms({ aim: "fatal" }), roller)).toMatchObject({ total: 18 + 16 });
    expect(roller.asked).toEqual([8, 8, 4]);
    const weak = scripted([1, 1]);
    rollDamage(terms({ aim: "fatal", strength: 0 }), weak);
    expect(weak.asked).toEqual([8, 8]);
  });
  it("a fatal aim adds 16 to exactly 1/4 of its wounds (exact, over every roll)", () => {
    const e = explore(() => damagePlan(terms({ aim: "fatal", strength: 0 })), 3);
    const wounds = chance(e, (r) => r.wound);
    // 2d8 ≥ 6: 64 − 10 outcomes below 6.
    expect(show(wounds)).toBe(show(frac(54, 64)));
    expect(show(chance(e, (r) => r.fatalBonus === 16))).toBe(show(frac(54, 256)));
  });
  it("never negative, a wound exactly when 6+ is dealt, dealt = net × multiplier (property)", () => {
    fc.assert(fc.property(
      fc.integer({ min: -5, max: 8 }), fc.integer({ min: 0, max: 12 }), fc.constantFrom(1, 2, 4),
      fc.boolean(), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 6, maxLength: 6 }),
      (strength, armor, multiplier, sneak, pool) => {
        const t = terms({
          strength, multiplier, sneak, aim: "fatal",
          reductions: [{ source: "armor", value: armor }],
          weapon: { ...sword, damage: { dice: 1, die: 4, bonus: -3 } },
        });
        const r = runFromPool(damagePlan(t), pool.map((d) => Math.min(d, 4)))!.value;
        expect(r.net).toBeGreaterThanOrEqual(0);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.dealt).toBe(r.net * multiplier);
        expect(r.wound).toBe(r.dealt >= 6);
        expect(r.fatalBonus === 16).toBe(r.wound && r.fatalRoll === 4);
      },
    ));
  });
});
