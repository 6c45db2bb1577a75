import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { boonsAmong, spiritOf, spiritRequestRefusal } from "../../src/rulesets/escalation/play/actors/spirit";
import { helpRefusal } from "../../src/rulesets/escalation/play/requests/help-check";
import { canAct, type HealthState } from "../../src/rulesets/escalation/rules/health";

const HEALTH_STATES: readonly HealthState[] = ["healthy", "staggered", "dying", "defeated"];

describe("Fight in Spirit as stored (play/actors/spirit.ts)", () => {
  it("reads a well-formed boon flag and nothing else", () => {
    expect(spiritOf({ flags: { fray: { spirit: { boon: "saves", source: "c1" } } } })).toEqual({ boon: "saves", source: "c1" });
    expect(spiritOf({ flags: { fray: { spirit: { boon: "everything", source: "c1" } } } })).toBeNull();
    expect(spiritOf({ flags: { fray: { spirit: { boon: "saves", source: 3 } } } })).toBeNull();
    expect(spiritOf({ flags: undefined })).toBeNull();
    expect(boonsAmong([
      { flags: { fray: { spirit: { boon: "attacks", source: "a" } } } }, { flags: {} },
      { flags: { fray: { spirit: { boon: "defense", source: "b" } } } },
    ])).toEqual(["attacks", "defense"]);
  });

  it("only a character out of the fight gives a boon, to another character able to act", () => {
    const out = { isPC: true, health: "defeated" as HealthState };
    const up = { isPC: true, health: "healthy" as HealthState };
    expect(spiritRequestRefusal(out, up, false, "attacks")).toBeNull();
    expect(spiritRequestRefusal(up, up, false, "attacks")).toBe("notInCombat");
    expect(spiritRequestRefusal({ ...out, isPC: false }, up, false, "attacks")).toBe("notInCombat");
    expect(spiritRequestRefusal(null, up, false, "attacks")).toBe("notInCombat");
    expect(spiritRequestRefusal(out, up, true, "attacks")).toBe("badRequest");
    expect(spiritRequestRefusal(out, { ...up, isPC: false }, false, "attacks")).toBe("badRequest");
    expect(spiritRequestRefusal(out, out, false, "attacks")).toBe("badRequest");
    expect(spiritRequestRefusal(out, up, false, "wish")).toBe("badRequest");
  });

  it("agrees with the rules' canAct for every pair of health states", () => {
    fc.assert(fc.property(fc.constantFrom(...HEALTH_STATES), fc.constantFrom(...HEALTH_STATES), (g, a) => {
      const refusal = spiritRequestRefusal({ isPC: true, health: g }, { isPC: true, health: a }, false, "saves");
      expect(refusal === null).toBe(!canAct(g) && canAct(a));
    }));
  });
});

describe("helping a fallen ally (play/requests/help-check.ts)", () => {
  const death = (d: Partial<{ stabilized: boolean; lastGasp: boolean }>) => ({ stabilized: false, lastGasp: false, ...d });
  it("stabilises only a Dying character not yet stable", () => {
    expect(helpRefusal("stabilise", { health: "dying", death: death({}) })).toBeNull();
    expect(helpRefusal("stabilise", { health: "dying", death: death({ stabilized: true }) })).toBe("FRAY.DeathSave.NotDying");
    expect(helpRefusal("stabilise", { health: "healthy", death: death({}) })).toBe("FRAY.DeathSave.NotDying");
  });
  it("grants a save only to one making Last Gasp saves", () => {
    expect(helpRefusal("grantSave", { health: "healthy", death: death({ lastGasp: true }) })).toBeNull();
    expect(helpRefusal("grantSave", { health: "dying", death: death({}) })).toBe("FRAY.DeathSave.NotDying");
  });
});
