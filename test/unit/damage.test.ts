import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  basicAttackFormula, confusedSelfDamage, damageDice, damageDiceFormula, missDamage, resolveDamage,
} from "../../src/rulesets/escalation/rules/damage";
import { healthState, hpAfterDamage, hpAfterHealing } from "../../src/rulesets/escalation/rules/health";

const fireResist = [{ type: "fire" as const, threshold: 14 }];

describe("damage pipeline (RULINGS.md §escalation Damage order)", () => {
  it("doubles on a crit before resistance halves, rounding down once at the end", () => {
    // 7 → crit 14 → halved 7. Halving first would give floor(7/2) * 2 = 6.
    expect(resolveDamage({ rolled: 7, crit: true, natural: 13, types: ["fire"], resistances: fireResist }).amount).toBe(7);
    expect(resolveDamage({ rolled: 7, crit: false, natural: 13, types: ["fire"], resistances: fireResist }).amount).toBe(3);
  });

  it("Resist X+ halves only when the natural is below X and the type matches", () => {
    expect(resolveDamage({ rolled: 10, crit: false, natural: 14, types: ["fire"], resistances: fireResist }).halved).toBe(false);
    expect(resolveDamage({ rolled: 10, crit: false, natural: 13, types: ["fire"], resistances: fireResist }).halved).toBe(true);
    expect(resolveDamage({ rolled: 10, crit: false, natural: 5, types: ["cold"], resistances: fireResist }).halved).toBe(false);
  });

  it("untyped damage is weapon damage", () => {
    const r = resolveDamage({ rolled: 9, crit: false, natural: 4, types: [], resistances: [{ type: "weapon", threshold: 12 }] });
    expect(r).toMatchObject({ amount: 4, halved: true, types: ["weapon"] });
  });

  it("property: the amount is never negative, never above double, and halving never raises it", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), fc.boolean(), fc.integer({ min: 3, max: 18 }), (rolled, crit, natural) => {
        const plain = resolveDamage({ rolled, crit, natural, types: ["fire"], resistances: [] });
        const resisted = resolveDamage({ rolled, crit, natural, types: ["fire"], resistances: fireResist });
        expect(plain.amount).toBeGreaterThanOrEqual(0);
        expect(plain.amount).toBeLessThanOrEqual(2 * Math.max(0, rolled));
        expect(resisted.amount).toBeLessThanOrEqual(plain.amount);
        expect(resisted.amount).toBe(natural < 14 ? Math.floor(plain.amount / 2) : plain.amount);
      }),
    );
  });
});

describe("basic attacks and miss damage (000_c2dc3d650823e22d.txt §Basic Attacks)", () => {
  it("hit = Level dice of the stance die + Volition (Level 3, d8: 3d8 + Volition)", () => {
    const d = damageDice(basicAttackFormula(8), { level: 3, volition: 4 });
    expect(d).toEqual({ count: 3, faces: 8, flat: 4 });
    expect(damageDiceFormula(d)).toBe("3d8 + 4");
    expect(damageDiceFormula({ count: 0, faces: 0, flat: 5 })).toBe("5");
    expect(damageDiceFormula({ count: 2, faces: 6, flat: -1 })).toBe("2d6 - 1");
  });
  it("miss damage is none or Level, and nothing on a crit fail", () => {
    expect(missDamage("level", 4, false)).toBe(4);
    expect(missDamage("none", 4, false)).toBe(0);
    expect(missDamage("level", 4, true)).toBe(0);
  });
  it("Confused: half the pre-multiplier damage on an odd natural only", () => {
    expect(confusedSelfDamage(9, 11)).toBe(4);
    expect(confusedSelfDamage(9, 12)).toBe(0);
  });
});

describe("health (000_c2dc3d650823e22d.txt §Damage)", () => {
  it("Staggered at half (round down), Dying at 0 for PCs, defeated at 0 for NPCs", () => {
    expect(healthState(21, 42, true)).toBe("staggered");
    expect(healthState(22, 42, true)).toBe("healthy");
    expect(healthState(10, 21, false)).toBe("staggered");
    expect(healthState(11, 21, false)).toBe("healthy");
    expect(healthState(0, 42, true)).toBe("dying");
    expect(healthState(-5, 42, true)).toBe("dying");
    expect(healthState(0, 42, false)).toBe("defeated");
  });
  it("PCs may go below 0; NPCs stop at 0; healing starts from 0 and caps at max", () => {
    expect(hpAfterDamage(5, 9, true)).toBe(-4);
    expect(hpAfterDamage(5, 9, false)).toBe(0);
    expect(hpAfterHealing(-4, 10, 40)).toBe(10);
    expect(hpAfterHealing(35, 10, 40)).toBe(40);
    expect(() => hpAfterDamage(5, -1, true)).toThrow(RangeError);
    expect(() => hpAfterDamage(5, 1.5, true)).toThrow(RangeError);
  });
});
