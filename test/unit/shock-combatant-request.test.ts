import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  firstAidRefusal, readCombatantRequest, readFirstAidRequest,
} from "../../src/rulesets/shock/play/requests/combatant-request";
import type { HealthState } from "../../src/rulesets/shock/rules/health";

/**
 * The plain part of shock's combatant requests (`foundry/gm/combat-requests.ts`, `grapple.ts`,
 * `opportunity.ts`): the payload read without trusting it, and who may be given first aid.
 * Source: RULINGS.md §shock Mortally Injured; `002_5e27cdf788b28f5f.txt` §Use a Skill.
 */
describe("a combatant request's payload", () => {
  it("reads the two ids; a missing or mistyped one reads as \"\", which names nothing", () => {
    expect(readCombatantRequest({ combatId: "c", combatantId: "x" }))
      .toEqual({ combatId: "c", combatantId: "x" });
    expect(readCombatantRequest({ combatId: 3, combatantId: ["x"] }))
      .toEqual({ combatId: "", combatantId: "" });
    expect(readCombatantRequest({})).toEqual({ combatId: "", combatantId: "" });
  });

  it("a payload that is not an object is no request", () => {
    for (const bad of [null, undefined, "c", 7, true]) expect(readCombatantRequest(bad)).toBeNull();
    expect(readFirstAidRequest(null)).toBeNull();
  });

  it("never yields anything but strings (property)", () => {
    fc.assert(fc.property(fc.anything(), (payload) => {
      const p = readCombatantRequest(payload);
      if (p === null) return typeof payload !== "object" || payload === null;
      return typeof p.combatId === "string" && typeof p.combatantId === "string";
    }));
  });

  it("first aid names its helper and the target's token by uuid", () => {
    expect(readFirstAidRequest({ helperUuid: "Actor.h", tokenUuid: "Scene.s.Token.t", x: 1 }))
      .toEqual({ helperUuid: "Actor.h", tokenUuid: "Scene.s.Token.t" });
    expect(readFirstAidRequest({ helperUuid: 1 })).toEqual({ helperUuid: "", tokenUuid: "" });
  });
});

describe("who may be given first aid", () => {
  const STATES: HealthState[] = ["up", "mortallyInjured", "stabilised", "defeated", "fled"];

  it("stabilises only a Mortally Injured target, by a helper who is up", () => {
    expect(firstAidRefusal("up", "mortallyInjured", false)).toBeNull();
    expect(firstAidRefusal("up", "stabilised", false))
      .toEqual({ key: "FRAY.Shock.FirstAid.NotMortal", who: "target" });
    expect(firstAidRefusal("stabilised", "mortallyInjured", false))
      .toEqual({ key: "FRAY.Shock.Refuse.CannotAct", who: "helper" });
  });

  it("never on oneself, and the target's state is said first (property over every pair)", () => {
    for (const helper of STATES) {
      for (const target of STATES) {
        expect(firstAidRefusal(helper, target, true)?.who).toBe("target");
        const why = firstAidRefusal(helper, target, false);
        if (target !== "mortallyInjured") expect(why?.who).toBe("target");
        else expect(why === null).toBe(helper === "up");
      }
    }
  });
});
