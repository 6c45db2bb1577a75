import { describe, expect, it } from "vitest";
import { escalationBonus, escalationForRound, escalationParity, meetsEscalation } from "../../src/rulesets/escalation/rules/escalation-die";
import { planAttack } from "../../src/rulesets/escalation/rules/attack";

describe("escalation die (000_c2dc3d650823e22d.txt §Escalation Die)", () => {
  it("is 0 in round 1, 1 at round 2, +1 a round, at most 6", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((r) => escalationForRound(r))).toEqual([0, 1, 2, 3, 4, 5, 6, 6, 6]);
    expect(escalationForRound(0)).toBe(0);
  });

  it("starts at 1 after an ambush and takes the GM's offset, clamped to 0..6", () => {
    expect(escalationForRound(1, { ambush: true })).toBe(1);
    expect(escalationForRound(3, { offset: 2 })).toBe(4);
    expect(escalationForRound(7, { offset: 3 })).toBe(6);
    expect(escalationForRound(2, { offset: -5 })).toBe(0);
  });

  it("is added by PCs always, by NPCs only when opted in, and by nobody Shaken", () => {
    expect(escalationBonus(4, { isPC: true, usesEscalation: false, shaken: false })).toBe(4);
    expect(escalationBonus(4, { isPC: false, usesEscalation: false, shaken: false })).toBe(0);
    expect(escalationBonus(4, { isPC: false, usesEscalation: true, shaken: false })).toBe(4);
    expect(escalationBonus(4, { isPC: true, usesEscalation: true, shaken: true })).toBe(0);
  });

  it("a Shaken attacker's plan adds 0 from the die", () => {
    const base = {
      attacker: { level: 3, volition: 2, isPC: true, usesEscalation: true, conditions: [] as string[] },
      target: { defenses: { ac: 15, pd: 12, md: 11 }, conditions: [], weaknesses: [] },
      defense: "ac" as const, escalationDie: 3, damageTypes: [],
    };
    expect(planAttack(base).escalation).toBe(3);
    expect(planAttack({ ...base, attacker: { ...base.attacker, conditions: ["shaken"] } }).escalation).toBe(0);
  });

  it("0 is neither even nor odd; Escalation X+ gates", () => {
    expect(escalationParity(0)).toBe("neither");
    expect(escalationParity(3)).toBe("odd");
    expect(escalationParity(6)).toBe("even");
    expect(meetsEscalation(2, 3)).toBe(false);
    expect(meetsEscalation(3, 3)).toBe(true);
  });
});
