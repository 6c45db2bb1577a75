import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { UNARMED, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { checkChoice, usableDualWielding, type AttackChoice } from "../../src/rulesets/shock/play/cards/attack-choice";
import {
  dualWieldDamage, executionOutcome, finalResult, type AttackFacts, type TargetState,
} from "../../src/rulesets/shock/play/cards/resolve";
import { block } from "../../src/rulesets/shock/test/fixtures";

/**
 * Dual wielding in Foundry follows the text as the runner does: the +2 damage only on a hit with
 * one of the two wielded weapons on a target within range of both (`dualWieldDamageApplies`),
 * never bare-handed or with another weapon, whatever the card's box says; the attack dialog refuses
 * the box with a weapon the two in hand leave no hand for. The −1 to hit is unchanged.
 * Source: `002_5e27cdf788b28f5f.txt` §Dual Wielding Weapons.
 */
const corvin = block("Corvin Ash");
// Corvin Ash: DEX 2, Stab 1, Brawl 1; a Sabre (1d6, Shock 1/AC 13) and a Hand Axe (1d6, 1/AC 15).
const [sabre, axe] = corvin.weapons as [Weapon, Weapon];
const dagger: Weapon = { ...sabre, id: "dagger", name: "Dagger", die: 4, shock: { amount: 0, ac: 0, anyAc: false } };
const javelin: Weapon = { ...sabre, id: "javelin", name: "Javelin", kind: "thrown", range: { normal: 30, long: 60 } };
const armed = { ...corvin, weapons: [sabre, axe, dagger, javelin] };

/** AC 16: no Shock of his reaches it, so a hit is its dice and modifiers alone. */
const target: TargetState = { ac: 16, shield: false, combat: null };
const facts = (weapon: Weapon, dualWield = true): AttackFacts => ({
  attacker: armed, weapon, natural: 19, total: 22, swarmOthers: 0, dualWield,
});

describe("the +2 damage of dual wielding, settled by the GM", () => {
  it("a hit with the Sabre or the Hand Axe gets it; bare hands, a third weapon or a throw do not", () => {
    // 1d6 of 3 + DEX 2 (+ 2).
    expect(finalResult(facts(sabre), target, [3], "1d6").amount).toBe(7);
    expect(finalResult(facts(axe), target, [3], "1d6").amount).toBe(7);
    expect(finalResult(facts(sabre, false), target, [3], "1d6").amount).toBe(5);
    // Bare-handed with the box ticked: 1d2 of 2 + DEX 2 + Brawl 1 = 5, not 7.
    expect(finalResult(facts(UNARMED), target, [2], "1d2").amount).toBe(5);
    expect(finalResult(facts(dagger), target, [3], "1d4").amount).toBe(5);
    expect(finalResult(facts(javelin), target, [3], "1d6").amount).toBe(5);
    expect([sabre, axe, UNARMED, dagger, javelin].map((w) => dualWieldDamage(facts(w))))
      .toEqual([true, true, false, false, false]);
  });

  it("without two wielded weapons the box gives nothing, whatever the card says", () => {
    const alone = { ...facts(sabre), attacker: { ...corvin, weapons: [sabre] } };
    expect(dualWieldDamage(alone)).toBe(false);
    expect(finalResult(alone, target, [3], "1d6").amount).toBe(5);
  });

  it("a saved execution's maximum damage follows the same rule", () => {
    // Target save 2: Corvin's d20 of 20 − Stab 1 saves. Sabre 6 + 2 + 2; bare hands 2 + 2 + 1.
    expect(executionOutcome(facts(sabre), 2, 20).amount).toBe(10);
    expect(executionOutcome(facts(UNARMED), 2, 20).amount).toBe(5);
  });

  it("property: the box adds exactly 2 to a hit with one of the pair, and nothing to any other", () => {
    const pool = [sabre, axe, UNARMED, dagger, javelin];
    fc.assert(fc.property(fc.constantFrom(...pool), fc.integer({ min: 1, max: 6 }), (weapon, face) => {
      const dice = [Math.min(face, weapon.die)];
      const formula = `1d${weapon.die}`;
      const difference = finalResult(facts(weapon), target, dice, formula).amount
        - finalResult(facts(weapon, false), target, dice, formula).amount;
      expect(difference).toBe(weapon === sabre || weapon === axe ? 2 : 0);
    }));
  });
});

describe("the attack dialog's check of the box", () => {
  const choice: AttackChoice = {
    charge: false, snap: false, dualWield: true, swarmOthers: 0, inMelee: false, situations: [],
  };
  it("allows one of the two weapons in hand, or bare hands, each at −1", () => {
    for (const w of [sabre, axe, UNARMED]) {
      const v = checkChoice(armed, w, choice, 0, null);
      expect(v.ok && v.plan.check.modifiers).toContainEqual({ source: "dualWield", value: -1 });
    }
    expect([sabre, axe, UNARMED, dagger, javelin].map((w) => usableDualWielding(armed, w)))
      .toEqual([true, true, true, false, false]);
  });

  it("refuses it with a third weapon or a throw, saying why", () => {
    for (const w of [dagger, javelin]) {
      expect(checkChoice(armed, w, choice, 0, null))
        .toEqual({ ok: false, key: "FRAY.Shock.Refuse.DualWieldWeapon" });
      // Without the box the same attack is fine.
      expect(checkChoice(armed, w, { ...choice, dualWield: false }, 0, null).ok).toBe(true);
    }
  });
});
