import { describe, expect, it } from "vitest";
import { planAttack, resolveAttack, type AttackRequest } from "../../src/rulesets/escalation/rules/attack";
import { CONDITION_IDS, CONDITIONS, expandConditions } from "../../src/rulesets/escalation/rules/conditions";
import { planSave } from "../../src/rulesets/escalation/rules/save";
import { payingSlot } from "../../src/rulesets/escalation/rules/actions";
import { isRangedAttack, useBlock } from "../../src/rulesets/escalation/rules/statblock";
import { initialOf } from "../../src/engine/schema/spec";
import { ABILITY_SPEC } from "../../src/rulesets/escalation/rules/models";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";

const attack = (attacker: string[], target: string[], extra: Partial<AttackRequest> = {}) =>
  planAttack({
    attacker: { level: 2, volition: 2, isPC: true, usesEscalation: true, conditions: attacker },
    target: { defenses: { ac: 15, pd: 13, md: 12 }, conditions: target, weaknesses: [] },
    defense: "ac", escalationDie: 3, damageTypes: [], ...extra,
  });

describe("conditions (000_c2dc3d650823e22d.txt §Conditions and Effects)", () => {
  it("lists exactly the text's conditions", () => {
    expect([...CONDITION_IDS].sort()).toEqual([
      "confused", "dazed", "enervated", "flying", "grabbed", "hampered", "helpless", "invisible", "ongoing",
      "shaken", "softened", "stuck", "stunned", "vulnerable", "weakened",
    ]);
  });
  it("Dazed: 1 Disadvantage on attacks", () => expect(attack(["dazed"], []).edge).toBe(-1));
  it("Shaken: 1 Disadvantage and the escalation die as 0", () => {
    expect(attack(["shaken"], [])).toMatchObject({ edge: -1, escalation: 0 });
  });
  it("Weakened: 1 Disadvantage on its attacks and 1 Advantage against it", () => {
    expect(attack(["weakened"], []).edge).toBe(-1);
    expect(attack([], ["weakened"]).edge).toBe(1);
  });
  it("Stunned: Disadvantage, Advantage against, and no move action", () => {
    expect(attack(["stunned"], []).edge).toBe(-1);
    expect(attack([], ["stunned"]).edge).toBe(1);
    expect(payingSlot(NO_ACTIONS_USED, "move", true)).toBe("standard");
    expect(payingSlot({ ...NO_ACTIONS_USED, standard: true }, "move", true)).toBeNull();
  });
  it("Helpless counts as Stunned and allows a Coup de Grace", () => {
    expect([...expandConditions(["helpless"])].sort()).toEqual(["helpless", "stunned"]);
    expect(attack([], ["helpless"]).edge).toBe(1);
    expect(CONDITIONS.helpless.coupDeGrace).toBe(true);
  });
  it("Softened: 1 Advantage against", () => expect(attack([], ["softened"]).edge).toBe(1));
  it("Vulnerable: crit on 16+", () => {
    const p = attack([], ["vulnerable"]);
    expect(p.critMin).toBe(16);
    expect(resolveAttack(p, [6, 5, 5]).crit).toBe(true);
  });
  it("Grabbed: the grabber has 1 Advantage; others do not", () => {
    expect(attack([], ["grabbed"], { target: { defenses: { ac: 15, pd: 13, md: 12 }, conditions: ["grabbed"], weaknesses: [], grabbedByAttacker: true } }).edge).toBe(1);
    expect(attack([], ["grabbed"]).edge).toBe(0);
  });
  it("Grabbed: no Ranged attacks; melee attacks are fine", () => {
    const ranged = { ...initialOf(ABILITY_SPEC), abilityType: "ranged" as const };
    expect(useBlock(ranged, { escalationDie: 0, conditions: ["grabbed"] })).toBe("FRAY.Use.Grabbed");
    expect(useBlock(ranged, { escalationDie: 0, conditions: [] })).toBeNull();
    expect(useBlock({ ...ranged, abilityType: "melee" }, { escalationDie: 0, conditions: ["grabbed"] })).toBeNull();
  });
  it("Grabbed: no Ranged spells either (\"Ranged Attacks/Spells\"): an attack spell is refused, a spell without an attack is not", () => {
    const spell = { ...initialOf(ABILITY_SPEC), abilityType: "spell" as const, defense: "md" as const };
    expect(isRangedAttack(spell)).toBe(true);
    expect(useBlock(spell, { escalationDie: 0, conditions: ["grabbed"] })).toBe("FRAY.Use.Grabbed");
    expect(useBlock(spell, { escalationDie: 0, conditions: [] })).toBeNull();
    const mending = { ...spell, defense: "none" as const, heal: "recovery" as const };
    expect(isRangedAttack(mending)).toBe(false);
    expect(useBlock(mending, { escalationDie: 0, conditions: ["grabbed"] })).toBeNull();
    const basicRanged = { ...initialOf(ABILITY_SPEC), abilityType: "ranged" as const, basic: "ranged" as const };
    expect(useBlock(basicRanged, { escalationDie: 0, conditions: ["grabbed"] })).toBe("FRAY.Use.Grabbed");
    expect(isRangedAttack({ ...basicRanged, abilityType: "melee", basic: "melee" })).toBe(false);
  });
  it("Enervated: 1 Disadvantage on saves", () => {
    expect(planSave(["enervated"]).edge).toBe(-1);
    expect(planSave([]).edge).toBe(0);
  });
  it("Hampered: only basic attacks", () => {
    const power = { ...initialOf(ABILITY_SPEC), basic: "none" as const };
    const basic = { ...power, basic: "melee" as const };
    expect(useBlock(power, { escalationDie: 0, conditions: ["hampered"] })).toBe("FRAY.Use.Hampered");
    expect(useBlock(basic, { escalationDie: 0, conditions: ["hampered"] })).toBeNull();
  });
  it("Hampered enemy: its first listed attack serves as the basic attack, its effects stripped", async () => {
    const { enemyBasicAttack, stripsEffects } = await import("../../src/rulesets/escalation/rules/statblock");
    const power = { ...initialOf(ABILITY_SPEC), basic: "none" as const };
    expect(useBlock(power, { escalationDie: 0, conditions: ["hampered"], enemyBasic: true })).toBeNull();
    expect(stripsEffects(power, ["hampered"])).toBe(true);
    expect(stripsEffects(power, [])).toBe(false);
    expect(stripsEffects({ ...power, basic: "melee" }, ["hampered"])).toBe(false);
    const entries = [
      { id: "util", name: "Howl", system: { ...power, defense: "none" as const } },
      { id: "first", name: "Bite", system: power },
      { id: "second", name: "Claw", system: power },
    ];
    expect(enemyBasicAttack({ isPC: false, abilities: entries })?.id).toBe("first");
    expect(enemyBasicAttack({ isPC: true, abilities: entries })).toBeUndefined();
  });
  it("Invisible, Confused, Stuck carry the flags the turn code reads", () => {
    expect(CONDITIONS.invisible.attackerSaveFirst).toBe(true);
    expect(CONDITIONS.confused.oddNaturalSelfDamage).toBe(true);
    expect(CONDITIONS.stuck.cannotMove).toBe(true);
  });
  it("different conditions stack, the same one twice does not", () => {
    expect(attack(["dazed", "weakened"], []).edge).toBe(-2);
    expect(attack(["dazed", "dazed"], []).edge).toBe(-1);
    expect(attack(["dazed"], ["softened", "weakened"]).edge).toBe(1);
  });
});

describe("using abilities (000_c2dc3d650823e22d.txt §Ability Entries)", () => {
  const base = initialOf(ABILITY_SPEC);
  it("an expended Encounter ability is blocked; At-Will never is", () => {
    expect(useBlock({ ...base, frequency: "encounter", used: true }, { escalationDie: 0, conditions: [] })).toBe("FRAY.Use.Expended");
    expect(useBlock({ ...base, frequency: "atWill", used: true }, { escalationDie: 0, conditions: [] })).toBeNull();
  });
  it("Escalation X+ needs the die at X", () => {
    expect(useBlock({ ...base, escalationMin: 3 }, { escalationDie: 2, conditions: [] })).toBe("FRAY.Use.Escalation");
    expect(useBlock({ ...base, escalationMin: 3 }, { escalationDie: 3, conditions: [] })).toBeNull();
  });
  it("a power cost needs that much Power", () => {
    expect(useBlock({ ...base, powerCost: 2 }, { escalationDie: 0, conditions: [], power: 1 })).toBe("FRAY.Use.Power");
  });
  it("a better action pays for a lesser one, never the reverse", () => {
    expect(payingSlot({ ...NO_ACTIONS_USED, quick: true }, "quick")).toBe("move");
    expect(payingSlot({ ...NO_ACTIONS_USED, standard: true }, "standard")).toBeNull();
    expect(payingSlot(NO_ACTIONS_USED, "free")).toBe("free");
  });
});
