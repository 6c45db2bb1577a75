import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  acNow, attackFacts, mayTotalDefend, targetStateOf,
} from "../../src/rulesets/shock/play/cards/resolve";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { weapon, wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * What the GM's client makes of a card's documents for the rules (the pure part of
 * `foundry/gm/reading.ts`): the attack's facts and the target's state. Source:
 * `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Surprise, §Total Defense, §Shock.
 */
const round = {
  budget: FRESH_BUDGET, surprised: false, totalDefense: false, charging: false, shieldUsed: false,
};

describe("a card's attack as the rules read it", () => {
  it("takes the attacker and weapon now, and only the roll's and options' fields of the card", () => {
    const attacker = wielder({ str: 1 });
    const sword = weapon();
    const card = { natural: 12, total: 15, swarmOthers: 1, dualWield: true, charge: true };
    expect(attackFacts(attacker, sword, card)).toEqual({
      attacker, weapon: sword, natural: 12, total: 15, swarmOthers: 1, dualWield: true,
    });
  });
});

describe("a target's state", () => {
  const block = { ac: 13, shield: true };

  it("outside a started combat has no round: nothing spent, no Total Defense", () => {
    expect(targetStateOf(block, null)).toEqual({ ac: 13, shield: true, combat: null });
  });

  it("in a round carries its marks; a charge lowers and Total Defense raises its AC", () => {
    const state = targetStateOf(block, { ...round, charging: true, shieldUsed: true });
    expect(state.combat).toEqual({
      budget: FRESH_BUDGET, totalDefense: false, charging: true, shieldUsed: true,
    });
    expect(acNow(state)).toBe(11);
    expect(acNow(targetStateOf(block, { ...round, totalDefense: true }))).toBe(15);
  });

  it("a surprised side answers with its Main spent in the others' free round (property)", () => {
    const facts = {
      attacker: wielder(), weapon: weapon(), natural: 15, total: 15, swarmOthers: 0,
      dualWield: false,
    };
    fc.assert(fc.property(fc.boolean(), fc.boolean(), (main, surprised) => {
      const state = targetStateOf(block, { ...round, budget: { ...FRESH_BUDGET, main }, surprised });
      expect(state.combat?.budget.main).toBe(main || surprised);
      // Total Defense needs the Main: never offered to a surprised side in its free round.
      if (surprised) expect(mayTotalDefend(facts, state)).toBe(false);
    }));
  });
});
