import { describe, expect, it } from "vitest";
import { UNARMED, type Statblock, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { checkChoice, parseChoice, type AttackChoice } from "../../src/rulesets/shock/play/cards/attack-choice";
import { acNow, dealtNow, finalResult, hitsAc, mayTotalDefend, type TargetState } from "../../src/rulesets/shock/play/cards/resolve";
import { weaponSummary } from "../../src/rulesets/shock/play/views/sheet-weapon";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";

/**
 * The pure parts of shock's attack flow in Foundry: the dialog's choices, the reaction offers and
 * the final result the GM settles. Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock,
 * §Total Defense, §Make a Ranged Attack, §Charge, §Make a Swarm Attack.
 */
const sword: Weapon = {
  ...UNARMED, id: "sword", name: "Sword", unarmed: false, attributes: ["str", "dex"], skill: "stab", dice: 1, die: 8,
  shock: { amount: 2, ac: 15, anyAc: false },
};
const bow: Weapon = { ...sword, id: "bow", name: "Bow", kind: "ranged", skill: "shoot", attributes: ["dex"], twoHanded: true, shock: { amount: 0, ac: 0, anyAc: false }, range: { normal: 50, long: 100 } };
const javelin: Weapon = { ...sword, id: "jav", name: "Javelin", kind: "thrown", die: 6, shock: { amount: 0, ac: 0, anyAc: false } };

function fighter(over: Partial<Statblock> = {}): Statblock {
  return {
    id: "a", name: "A", isPC: true, attackBonus: 1, hitDice: 1, attributes: { str: 2, dex: 1, con: 0, int: 0, wis: 0, cha: 0 },
    skills: { stab: 1, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 13, shield: false, save: 14,
    snapAttack: true, morale: 12, fearless: true, group: "A", weapons: [sword], ...over,
  };
}
const plain: AttackChoice = { charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [] };

describe("the attack dialog's choices", () => {
  it("reads the form and refuses a swarm of more than four", () => {
    expect(parseChoice({ charge: true, "situation.halfCover": true, swarmOthers: "2" })).toMatchObject({ charge: true, swarmOthers: 2, situations: ["halfCover"] });
    expect(parseChoice({ swarmOthers: 5 })).toBeNull();
    // The in-melee penalties come from the weapon, never from a toggle.
    expect(parseChoice({ "situation.bowInMelee": true })?.situations).toEqual([]);
  });

  it("plans the attack with its modifiers and the action it costs", () => {
    const v = checkChoice(fighter(), sword, { ...plain, charge: true, situations: ["halfCover"] }, 0, FRESH_BUDGET);
    expect(v.ok && v.action).toBe("charge");
    // 1 attack bonus + 2 STR + 1 Stab + 2 charge − 2 half cover
    expect(v.ok && v.plan.check.modifier).toBe(4);
    const swarm = checkChoice(fighter(), sword, { ...plain, swarmOthers: 4 }, 0, null);
    expect(swarm.ok && swarm.plan.check.modifier).toBe(4 + 6);
  });

  it("refuses a bow with a foe in melee range, saying why; a javelin takes −4", () => {
    expect(checkChoice(fighter(), bow, { ...plain, inMelee: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.Forbidden.bowInMelee" });
    const thrown = checkChoice(fighter(), javelin, { ...plain, inMelee: true }, 0, null);
    expect(thrown.ok && thrown.plan.check.modifier).toBe(4 - 4);
  });

  it("refuses what the rules or the round's budget do not allow", () => {
    const spent = { ...FRESH_BUDGET, main: true, moves: 1 };
    expect(checkChoice(fighter(), sword, plain, 0, spent)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.Spent.meleeAttack" });
    expect(checkChoice(fighter(), sword, { ...plain, snap: true }, 0, { ...FRESH_BUDGET, main: true })).toEqual({ ok: false, key: "FRAY.Shock.Refuse.Spent.snapAttack" });
    expect(checkChoice(fighter(), sword, { ...plain, charge: true }, 0, { ...FRESH_BUDGET, moves: 1 })).toEqual({ ok: false, key: "FRAY.Shock.Refuse.Spent.charge" });
    expect(checkChoice(fighter({ snapAttack: false }), sword, { ...plain, snap: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NoSnap" });
    expect(checkChoice(fighter(), bow, { ...plain, charge: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.ChargeRanged" });
    expect(checkChoice(fighter(), sword, { ...plain, dualWield: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NoDualWield" });
    expect(checkChoice(fighter(), { ...sword, readied: false }, plain, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NotReadied" });
  });
});

describe("the GM settles the card", () => {
  const facts = { attacker: fighter(), weapon: sword, natural: 10, total: 14, swarmOthers: 0, dualWield: false };
  const inCombat = (over: Partial<NonNullable<TargetState["combat"]>> = {}): TargetState => ({
    ac: 14, shield: false, combat: { budget: FRESH_BUDGET, totalDefense: false, charging: false, shieldUsed: false, ...over },
  });

  it("reads the AC now: Total Defense +2, a charge −2; naturals decide alone", () => {
    expect(acNow(inCombat({ totalDefense: true }))).toBe(16);
    expect(acNow(inCombat({ charging: true }))).toBe(12);
    expect(hitsAc(20, 21, 30)).toBe(true);
    expect(hitsAc(1, 30, 10)).toBe(false);
    expect(hitsAc(10, 14, 14)).toBe(true);
  });

  it("offers Total Defense only while the Main is unspent and it could matter", () => {
    expect(mayTotalDefend(facts, inCombat())).toBe(true);
    expect(mayTotalDefend(facts, inCombat({ budget: { ...FRESH_BUDGET, main: true } }))).toBe(false);
    expect(mayTotalDefend(facts, inCombat({ totalDefense: true }))).toBe(false);
    expect(mayTotalDefend(facts, { ...inCombat(), combat: null })).toBe(false);
    // A miss whose Shock cannot reach AC 16 changes nothing.
    expect(mayTotalDefend({ ...facts, total: 5 }, { ...inCombat(), ac: 16 })).toBe(false);
  });

  it("settles as the reaction window judged it: its AC and its hit, whatever the target's AC now", () => {
    // 14 against the window's AC 15 (Total Defense taken): a miss, Shock 2 + 2 only up to AC 15.
    expect(finalResult(facts, { ac: 15, hit: false }, null, "")).toMatchObject({ hit: false, kind: "shock", amount: 4 });
    expect(finalResult(facts, { ac: 16, hit: false }, null, "")).toMatchObject({ kind: "none", amount: 0 });
    expect(finalResult(facts, { ac: 15, hit: true }, [1], "1d8")).toMatchObject({ hit: true, amount: 4 });
  });

  it("a hit never deals less than its Shock; a miss deals Shock up to its AC", () => {
    // 1d8 shows 1: 1 + 2 STR = 3; Shock 2 + 2 = 4 floors it.
    expect(finalResult(facts, inCombat(), [1], "1d8")).toMatchObject({ hit: true, amount: 4, kind: "hit" });
    expect(finalResult({ ...facts, total: 12 }, inCombat(), null, "")).toMatchObject({ hit: false, amount: 4, kind: "shock" });
    expect(finalResult({ ...facts, total: 12 }, { ...inCombat(), ac: 16 }, null, "")).toMatchObject({ kind: "none", amount: 0 });
    expect(() => finalResult(facts, inCombat(), null, "")).toThrow(RangeError);
  });

  it("Total Defense taken after the roll turns this hit into a miss", () => {
    expect(finalResult(facts, inCombat({ totalDefense: true }), null, "").hit).toBe(false);
  });

  it("applies Shock through Total Defense, a ready shield and a swarm", () => {
    const shock = { hit: false, amount: 4, kind: "shock" as const, swarm: false, damageFormula: "", dice: [] };
    expect(dealtNow(shock, inCombat())).toEqual({ dealt: 4, absorbedBy: null });
    expect(dealtNow(shock, { ...inCombat(), shield: true })).toEqual({ dealt: 0, absorbedBy: "shield" });
    expect(dealtNow(shock, { ...inCombat({ shieldUsed: true }), shield: true })).toEqual({ dealt: 4, absorbedBy: null });
    expect(dealtNow({ ...shock, swarm: true }, { ...inCombat(), shield: true })).toEqual({ dealt: 4, absorbedBy: null });
    expect(dealtNow({ ...shock, swarm: true }, inCombat({ totalDefense: true }))).toEqual({ dealt: 0, absorbedBy: "totalDefense" });
    expect(dealtNow({ ...shock, kind: "hit", hit: true }, inCombat({ totalDefense: true }))).toEqual({ dealt: 4, absorbedBy: null });
  });
});

describe("a weapon row and the attack dialog say what the weapon does in one line", () => {
  const en = localizerFor(languageFor("shock"));
  it("bonus against AC, damage, Shock, in the world's strings", () => {
    expect(weaponSummary(fighter(), sword, en)).toBe("+4 vs AC · 1d8+2 · Shock 4/AC 15");
    const anyAc = { ...sword, shock: { amount: 5, ac: 0, anyAc: true } };
    expect(weaponSummary(fighter(), anyAc, en)).toContain("Shock 7/-");
    const weak = fighter({
      attributes: { str: -3, dex: -2, con: 0, int: 0, wis: 0, cha: 0 }, attackBonus: 0,
      skills: { ...fighter().skills, stab: 0 },
    });
    expect(weaponSummary(weak, javelin, en)).toBe("−2 vs AC · 1d6−2");
  });
});
