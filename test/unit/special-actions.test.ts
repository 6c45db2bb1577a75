import { describe, expect, it } from "vitest";
import { spiritAttackEdge, spiritRefusal, spiritSaveEdge } from "../../src/rulesets/escalation/rules/fight-in-spirit";
import { confusedActionCheck, coupDeGraceBlock, planRallySave, planSustain, tierOf } from "../../src/rulesets/escalation/rules/special-actions";
import { planAttack, resolveAttack } from "../../src/rulesets/escalation/rules/attack";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";

describe("Rally (§Rally)", () => {
  it("saves with + Escalation: the effect's save for save ends, 13+ for a one-round effect", () => {
    expect(planRallySave({ duration: "saveEnds", saveTarget: 11 }, 3, [])).toMatchObject({ target: 11, bonus: 3 });
    expect(planRallySave({ duration: "endOfNextTurn", saveTarget: 11 }, 2, [])).toMatchObject({ target: 13, bonus: 2 });
  });
});

describe("Coup de Grace (§Coup de Grace)", () => {
  const ok = { targetConditions: ["helpless"], engaged: true, targets: 1, actions: NO_ACTIONS_USED };
  it("needs one engaged Helpless target and all three turn actions", () => {
    expect(coupDeGraceBlock(ok)).toBeNull();
    expect(coupDeGraceBlock({ ...ok, targetConditions: ["stunned"] })).toBe("FRAY.CoupDeGrace.NotHelpless");
    expect(coupDeGraceBlock({ ...ok, engaged: false })).toBe("FRAY.CoupDeGrace.NotEngaged");
    expect(coupDeGraceBlock({ ...ok, targets: 2 })).toBe("FRAY.CoupDeGrace.OneTarget");
    expect(coupDeGraceBlock({ ...ok, actions: { ...NO_ACTIONS_USED, quick: true } })).toBe("FRAY.CoupDeGrace.Actions");
  });
  it("the attack hits and crits on any dice", () => {
    const plan = planAttack({
      attacker: { level: 1, volition: 0, isPC: true, usesEscalation: true, conditions: [] },
      target: { defenses: { ac: 40, pd: 40, md: 40 }, conditions: ["helpless"], weaknesses: [] },
      defense: "ac", escalationDie: 0, damageTypes: [], coupDeGrace: true,
    });
    for (const dice of [[1, 1, 1], [2, 3, 4]]) expect(resolveAttack(plan, [...dice, 1])).toMatchObject({ hit: true, crit: true, critFail: false });
  });
});

describe("sustain and Confused", () => {
  it("Sustain X is a 3d6 ≥ X roll; an unsustained ability has none", () => {
    expect(planSustain(13, []).target).toBe(13);
    expect(() => planSustain(0, [])).toThrow(RangeError);
  });
  it("Confused: an 11+ save before a non-attack action; others need none", () => {
    expect(confusedActionCheck(["confused"])?.target).toBe(11);
    expect(confusedActionCheck(["dazed"])).toBeNull();
  });
  it("tier: 1–4, 5–7, 8+", () => expect([1, 4, 5, 7, 8, 10].map(tierOf)).toEqual([1, 1, 2, 2, 3, 3]));
});

describe("Fight in Spirit (§Fight in Spirit)", () => {
  it("one Advantage on attacks or saves, or one Disadvantage against the ally", () => {
    expect(spiritAttackEdge(["attacks"], [])).toBe(1);
    expect(spiritAttackEdge([], ["defense"])).toBe(-1);
    expect(spiritAttackEdge(["attacks"], ["defense"])).toBe(0);
    expect(spiritSaveEdge(["saves"])).toBe(1);
    expect(spiritSaveEdge(["attacks"])).toBe(0);
  });
});

describe("Fight in Spirit is taken on the giver's turn, one boon a turn (§Fight in Spirit)", () => {
  it("refuses another's turn and a second boon", () => {
    expect(spiritRefusal({ giversTurn: true, givenThisTurn: false })).toBeNull();
    expect(spiritRefusal({ giversTurn: false, givenThisTurn: false })).toBe("notYourTurn");
    expect(spiritRefusal({ giversTurn: true, givenThisTurn: true })).toBe("used");
  });
});
