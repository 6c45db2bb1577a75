import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { attackRequest } from "../../src/rulesets/escalation/play/cards/attack-request";
import { planAttack } from "../../src/rulesets/escalation/rules/attack";

const defenses = { ac: 16, pd: 14, md: 12 };
const pc = (over: object = {}) => ({
  isPC: true, statuses: new Set<string>(), recoveryPenalty: 0, boons: [] as ("attacks" | "saves" | "defense")[],
  system: { level: 3, volition: 4, defenses, weaknesses: [], resistances: [] }, ...over,
});
const npc = (usesEscalation: boolean, over: object = {}) => ({
  isPC: false, statuses: new Set<string>(), recoveryPenalty: 0, boons: [] as ("attacks" | "saves" | "defense")[],
  system: { level: 2, volition: 5, usesEscalation, defenses, weaknesses: ["fire"], resistances: [] }, ...over,
});
const attack = { defense: "ac" as const, escalationDie: 3, damageTypes: ["fire" as const], coupDeGrace: false };

describe("an ability's attack as the rules' request (play/cards/attack-request.ts)", () => {
  it("reads each side's sheet, penalties and Grabbed, and adds the escalation die as the statblock says", () => {
    const r = attackRequest(pc({ recoveryPenalty: 1 }), { ...npc(false, { recoveryPenalty: 2 }), grabbedByAttacker: true }, attack);
    expect(r.attacker).toMatchObject({ level: 3, volition: 4, isPC: true, usesEscalation: true, volitionPenalty: 1 });
    expect(r.target).toMatchObject({ defenses, weaknesses: ["fire"], defensePenalty: 2, grabbedByAttacker: true });
    expect(r).toMatchObject({ defense: "ac", escalationDie: 3, damageTypes: ["fire"], coupDeGrace: false, manualEdge: 0 });
    expect(attackRequest(npc(false), { ...pc(), grabbedByAttacker: false }, attack).attacker.usesEscalation).toBe(false);
    expect(attackRequest(npc(true), { ...pc(), grabbedByAttacker: false }, attack).attacker.usesEscalation).toBe(true);
  });

  it("turns both sides' Fight in Spirit boons into edge (§Fight in Spirit)", () => {
    const edge = (a: string[], t: string[]) =>
      attackRequest(pc({ boons: a }), { ...npc(true, { boons: t }), grabbedByAttacker: false }, attack).manualEdge;
    expect(edge(["attacks"], [])).toBe(1);
    expect(edge([], ["defense"])).toBe(-1);
    expect(edge(["attacks"], ["defense"])).toBe(0);
    expect(edge(["saves"], ["saves"])).toBe(0);
  });

  it("the plan's total bonus grows one for one with the escalation die for a PC", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 5 }), (die) => {
      const at = (d: number) => planAttack(attackRequest(pc(), { ...npc(false), grabbedByAttacker: false }, { ...attack, escalationDie: d }));
      expect(at(die + 1).modifier - at(die).modifier).toBe(1);
    }));
  });
});
