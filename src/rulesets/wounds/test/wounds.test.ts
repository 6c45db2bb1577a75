import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AIMS, type Aim } from "../rules/constants";
import { derive } from "../rules/derived";
import { statblockFromActor } from "../rules/statblock";
import {
  afterHealing, afterHit, aimEffectTerms, causesWound, penaltiesVaryByRound, withoutWound,
  woundPenalties,
  type Wound,
} from "../rules/wounds";
import { bran, mira } from "./fixtures";

/**
 * Wounds and what they do to a unit: one wound per attack at 6+ net damage, stacking records, the
 * newest healed by 6+ in one instance, each aim's penalty, disrupting's −3 for its round, and the
 * derived values (defense, free hit slots, Strength, Accuracy, movement, Bonus Actions). Source:
 * `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Free Hits; RULINGS.md §wounds Aim, Wound, Wounds stack.
 */
const w = (id: string, aim: Aim, round = 1): Wound => ({ id, aim, round });

describe("dealing and healing wounds (§Wounds/Aiming)", () => {
  it("6 or more net damage is one wound, 5 is none, 30 is still one", () => {
    expect(causesWound(5)).toBe(false);
    expect(causesWound(6)).toBe(true);
    expect(afterHit([], 5, w("a", "slowing"))).toEqual([]);
    expect(afterHit([], 30, w("a", "slowing"))).toEqual([w("a", "slowing")]);
    expect(() => afterHit([w("a", "fatal")], 9, w("a", "slowing"))).toThrow(RangeError);
    expect(() => causesWound(-1)).toThrow(RangeError);
  });
  it("6+ healing in one instance removes the newest; 5 removes none", () => {
    const list = [w("a", "slowing"), w("b", "weakening")];
    expect(afterHealing(list, 5)).toEqual({ wounds: list, removed: null });
    expect(afterHealing(list, 6)).toEqual({ wounds: [list[0]], removed: list[1] });
    expect(afterHealing([], 12)).toEqual({ wounds: [], removed: null });
    expect(withoutWound(list, "a")).toEqual([list[1]]);
  });
  it("wounds stack, and heals take them off newest first (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.record({ aim: fc.constantFrom(...AIMS), damage: fc.integer({ min: 0, max: 20 }) })),
      fc.array(fc.integer({ min: 0, max: 12 })),
      (hits, heals) => {
        let wounds: Wound[] = [];
        hits.forEach((h, i) => { wounds = afterHit(wounds, h.damage, w(`w${i}`, h.aim)); });
        expect(wounds.length).toBe(hits.filter((h) => h.damage >= 6).length);
        const expected = wounds.slice();
        for (const heal of heals) {
          const r = afterHealing(wounds, heal);
          if (heal >= 6 && expected.length) expect(r.removed).toEqual(expected.pop());
          else expect(r.removed).toBeNull();
          wounds = r.wounds;
          expect(wounds).toEqual(expected);
        }
      },
    ));
  });
});

describe("each aim's penalty (RULINGS.md §wounds Aim, Wounds stack)", () => {
  it("slowing −2 movement −1 Agility; weakening −1 Strength −1 Bonus Action", () => {
    expect(woundPenalties([w("a", "slowing"), w("b", "weakening")], 1)).toEqual({
      movement: -2, agility: -1, strength: -1, bonusActions: -1, accuracy: 0,
    });
  });
  it("disrupting: −3 accuracy in the round it was dealt, −1 afterwards, not −4", () => {
    const d = [w("a", "disrupting", 2)];
    expect(woundPenalties(d, 2).accuracy).toBe(-3);
    expect(woundPenalties(d, 3).accuracy).toBe(-1);
    expect(woundPenalties([...d, w("b", "disrupting", 3)], 3).accuracy).toBe(-4);
  });
  it("center mass and fatal leave no lasting penalty", () => {
    expect(woundPenalties([w("a", "centerMass"), w("b", "fatal")], 1)).toEqual({
      movement: 0, agility: 0, strength: 0, bonusActions: 0, accuracy: 0,
    });
  });
  it("each aim's terms, as the sheet and the log word them, in a fixed order", () => {
    expect(aimEffectTerms("slowing")).toEqual([
      { key: "movement", value: -2 }, { key: "agility", value: -1 },
    ]);
    expect(aimEffectTerms("weakening")).toEqual([
      { key: "strength", value: -1 }, { key: "bonusActions", value: -1 },
    ]);
    expect(aimEffectTerms("disrupting")).toEqual([{ key: "disrupting", now: -3, after: -1 }]);
    expect(aimEffectTerms("centerMass")).toEqual([]);
    expect(aimEffectTerms("fatal")).toEqual([]);
  });
});

describe("derived values (RULINGS.md §wounds Wounds stack)", () => {
  const b = statblockFromActor(bran());
  it("unwounded Bran: defense 12, 3 free hit slots, 2 Bonus Actions, 6 spaces, zone 1", () => {
    expect(derive(b, [], 1)).toMatchObject({
      accuracy: 3, agility: 2, strength: 2, movement: 6, bonusActions: 2, defense: 12,
      freeHitSlots: 3, meleeZone: 1,
    });
  });
  it("two slowing wounds: Agility 0, defense 10, one free hit slot, 2 spaces", () => {
    const d = derive(b, [w("a", "slowing"), w("b", "slowing")], 1);
    expect(d).toMatchObject({ agility: 0, defense: 10, freeHitSlots: 1, movement: 2 });
    const four = ["a", "b", "c", "d"].map((id) => w(id, "slowing"));
    expect(derive(b, four, 1)).toMatchObject({ agility: -2, freeHitSlots: 0, movement: 0 });
  });
  it("Athlete adds 2 spaces; weakening takes Bonus Actions down to 0, never below", () => {
    const m = statblockFromActor(mira());
    expect(derive(m, [], 1).movement).toBe(8);
    const weak = [w("a", "weakening"), w("b", "weakening"), w("c", "weakening")];
    expect(derive(m, weak, 1)).toMatchObject({ bonusActions: 0, strength: -4 });
    // Agility −1: no free hit slot at all (§Free Hits: 0 or less).
    expect(derive(m, [], 1).freeHitSlots).toBe(0);
  });
  it("nothing derived goes below 0 where a count is meant (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...AIMS), { maxLength: 12 }), fc.integer({ min: 1, max: 6 }),
      (aims, round) => {
        const d = derive(b, aims.map((a, i) => w(`w${i}`, a, 1 + (i % 3))), round);
        for (const n of [d.movement, d.bonusActions, d.freeHitSlots]) {
          expect(n).toBeGreaterThanOrEqual(0);
        }
        expect(d.defense).toBe(10 + d.agility);
      },
    ));
  });
  it("the same in every round unless a wound's effect is for its own round (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...AIMS), { maxLength: 8 }), fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 6 }), (aims, r1, r2) => {
        const wounds = aims.map((a, i) => w(`w${i}`, a, 1 + (i % 4)));
        if (penaltiesVaryByRound(wounds)) return;
        expect(derive(b, wounds, r1)).toEqual(derive(b, wounds, r2));
      },
    ));
    // A disrupting wound is −3 in its round, −1 after: it varies, and says so.
    const disrupted = [w("a", "disrupting", 2)];
    expect(penaltiesVaryByRound(disrupted)).toBe(true);
    expect(derive(b, disrupted, 2).accuracy).not.toBe(derive(b, disrupted, 3).accuracy);
  });
});
