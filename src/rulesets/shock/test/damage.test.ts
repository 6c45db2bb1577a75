import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { absorbShock, hitDamage, maxDamage, missShock, shockValue } from "../rules/damage";
import { swarmBonus, swarmDamageAdded } from "../rules/swarm";
import { weapon, wielder } from "./fixtures";

const noGuard = { totalDefense: false, immune: false, shieldReady: false };

describe("Shock (002 §Shock; RULINGS.md §shock Shock)", () => {
  it("the text's example: Shock 2/AC 15 missing AC 13 deals 2", () => {
    const s = missShock(wielder(), weapon({ shock: { amount: 2, ac: 15, anyAc: false } }), 13);
    expect(s).toEqual({ amount: 2, reason: "ac" });
    expect(absorbShock(s, noGuard).amount).toBe(2);
  });

  it("no Shock above the rating's AC; X/- at any AC; attribute and magic add", () => {
    const w = weapon({ shock: { amount: 2, ac: 15, anyAc: false } });
    expect(missShock(wielder(), w, 15).amount).toBe(2);
    expect(missShock(wielder(), w, 16).amount).toBe(0);
    const always = weapon({ shock: { amount: 5, ac: 0, anyAc: true }, magic: 1 });
    expect(missShock(wielder({ str: 2 }), always, 25)).toEqual({ amount: 8, reason: "anyAc" });
    expect(
      shockValue(wielder({ str: 2 }), weapon({ shock: { amount: 0, ac: 20, anyAc: false } })),
    ).toBe(0);
  });

  it("a hit never deals less than the miss Shock", () => {
    const w = weapon({ die: 4, shock: { amount: 3, ac: 15, anyAc: false } });
    const d = hitDamage({ wielder: wielder({ str: 1 }), weapon: w, dice: [1], ac: 13 });
    expect(d.base).toBe(2);
    expect(d.floor).toBe(4);
    expect(d.amount).toBe(4);
    // Against AC 16 the Shock would not apply, so no floor.
    expect(hitDamage({ wielder: wielder({ str: 1 }), weapon: w, dice: [1], ac: 16 }).amount).toBe(
      2,
    );
  });

  it("property: hit damage ≥ miss Shock and ≤ max(usual maximum, Shock)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -2, max: 3 }),
        fc.integer({ min: 8, max: 20 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }),
        (face, amount, str, ac, dual, others) => {
          const w = weapon({ die: 12, shock: { amount, ac: 15, anyAc: false } });
          const who = wielder({ str, dex: str });
          const bonus = swarmBonus(others).damage;
          const d = hitDamage({
            wielder: who,
            weapon: w,
            dice: [face],
            ac,
            dualWield: dual,
            swarmDamage: bonus,
            swarm: others > 0,
          });
          const shock = missShock(who, w, ac, others > 0, dual).amount;
          expect(d.amount).toBeGreaterThanOrEqual(shock);
          expect(d.amount).toBeLessThanOrEqual(Math.max(maxDamage(who, w, dual), shock));
          expect(d.swarm).toBeLessThanOrEqual(bonus);
        },
      ),
    );
  });

  it("shield: absorbs ordinary Shock (X/- too); not a swarm's", () => {
    const guard = { ...noGuard, shieldReady: true };
    expect(absorbShock({ amount: 3, reason: "ac" }, guard)).toEqual({
      amount: 0,
      absorbedBy: "shield",
    });
    expect(absorbShock({ amount: 3, reason: "anyAc" }, guard)).toEqual({
      amount: 0,
      absorbedBy: "shield",
    });
    expect(absorbShock({ amount: 3, reason: "swarm" }, guard)).toEqual({
      amount: 3,
      absorbedBy: null,
    });
  });

  it("Total Defense: immune to all Shock, a swarm's included; "
    + "other immunities not against a swarm", () => {
    const td = { ...noGuard, totalDefense: true, shieldReady: true };
    expect(absorbShock({ amount: 3, reason: "swarm" }, td)).toEqual({
      amount: 0,
      absorbedBy: "totalDefense",
    });
    // Immune by Total Defense, the shield is not spent.
    expect(absorbShock({ amount: 3, reason: "ac" }, td).absorbedBy).toBe("totalDefense");
    expect(absorbShock({ amount: 3, reason: "swarm" }, { ...noGuard, immune: true }).amount).toBe(
      3,
    );
    expect(absorbShock({ amount: 3, reason: "ac" }, { ...noGuard, immune: true }).absorbedBy).toBe(
      "immunity",
    );
  });

  it("dual wielding: +2 on a hit, never added to Shock", () => {
    const w = weapon({ shock: { amount: 1, ac: 13, anyAc: false } });
    expect(
      hitDamage({ wielder: wielder(), weapon: w, dice: [5], ac: 12, dualWield: true }).amount,
    ).toBe(7);
    expect(missShock(wielder(), w, 12, false, true).amount).toBe(1);
  });
});

describe("Swarm (002 §Make a Swarm Attack; RULINGS.md §shock Swarm)", () => {
  it("+2 hit, +1 damage per other assailant, capped at +6/+3", () => {
    expect([0, 1, 2, 3, 4].map((n) => swarmBonus(n))).toEqual([
      { others: 0, hit: 0, damage: 0 },
      { others: 1, hit: 2, damage: 1 },
      { others: 2, hit: 4, damage: 2 },
      { others: 3, hit: 6, damage: 3 },
      { others: 4, hit: 6, damage: 3 },
    ]);
    expect(() => swarmBonus(-1)).toThrow(RangeError);
  });

  it("the bonus damage never passes the usual maximum and does not raise the Shock", () => {
    expect(swarmDamageAdded(3, 7, 8)).toBe(1);
    expect(swarmDamageAdded(3, 8, 8)).toBe(0);
    const w = weapon({ die: 6, shock: { amount: 2, ac: 13, anyAc: false } });
    const d = hitDamage({
      wielder: wielder(),
      weapon: w,
      dice: [5],
      ac: 18,
      swarmDamage: 3,
      swarm: true,
    });
    expect(d.amount).toBe(6);
    expect(missShock(wielder(), w, 18, true)).toEqual({ amount: 2, reason: "swarm" });
  });

  it("a swarm's Shock lands at any AC but never past the weapon's maximum", () => {
    const w = weapon({ die: 2, shock: { amount: 4, ac: 10, anyAc: false } });
    expect(missShock(wielder(), w, 20, true).amount).toBe(2);
    expect(missShock(wielder(), w, 20, false).amount).toBe(0);
  });
});
