import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, type AbilitySource } from "../../src/rulesets/escalation/rules/models";
import {
  abilityCardOf, attackCardOf, healTargetsOf, targetRefusal, useCost,
} from "../../src/rulesets/escalation/play/cards/ability-use";
import { sampleCard } from "../support/fixtures";

const ability = (over: Record<string, unknown> = {}): AbilitySource =>
  withDefaults(ABILITY_SPEC, over) as AbilitySource;

describe("targetRefusal (§Attacks, §Ability Entries)", () => {
  it("an attack needs a target; no ability takes more than its count", () => {
    expect(targetRefusal(ability({ targets: 2 }), 0)).toEqual({ key: "FRAY.Use.NoTargets" });
    expect(targetRefusal(ability({ targets: 2 }), 2)).toBeNull();
    expect(targetRefusal(ability({ targets: 2 }), 3))
      .toEqual({ key: "FRAY.Use.TooManyTargets", data: { max: 2, count: 3 } });
    expect(targetRefusal(ability({ defense: "none", targets: 0 }), 0)).toBeNull();
  });
  it("property: an ability of 0 targets still takes one", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 30 }),
      (max, count) => {
        const refused = targetRefusal(ability({ targets: max }), count);
        expect(refused === null).toBe(count <= Math.max(1, max));
      }));
  });
});

describe("useCost", () => {
  it("marks all but at-will abilities used; a character pays Power", () => {
    expect(useCost(ability(), true, 5)).toEqual({ markUsed: false, power: null });
    expect(useCost(ability({ frequency: "daily", powerCost: 2 }), true, 5))
      .toEqual({ markUsed: true, power: 3 });
    expect(useCost(ability({ frequency: "recharge", powerCost: 2 }), false, undefined))
      .toEqual({ markUsed: true, power: null });
  });
});

describe("healTargetsOf (§Recoveries)", () => {
  const user = { uuid: "Actor.u", name: "Una", isPC: true };
  it("heals the targeted characters only, else the user when a character", () => {
    const targeted = [
      { uuid: "T.a", name: "Ana", actorType: "escalationCharacter" },
      { uuid: "T.g", name: "Goblin", actorType: "escalationNpc" },
      { uuid: "T.x", name: "Empty", actorType: null },
    ];
    expect(healTargetsOf(targeted, user)).toEqual([{ uuid: "T.a", name: "Ana" }]);
    expect(healTargetsOf(targeted.slice(1), user)).toEqual([{ uuid: "Actor.u", name: "Una" }]);
    expect(healTargetsOf([], { ...user, isPC: false })).toEqual([]);
  });
});

describe("the cards' data", () => {
  it("an ability card's heal is free exactly when the ability grants a free recovery", () => {
    const heal = [{ uuid: "T.a", name: "Ana" }];
    expect(abilityCardOf({ uuid: "Actor.u" }, { id: "i1", name: "Mend" },
      ability({ heal: "freeRecovery" }), heal)).toEqual({
      actorUuid: "Actor.u", itemId: "i1", abilityName: "Mend",
      heal: { free: true, targets: heal },
    });
    expect(abilityCardOf({ uuid: "u" }, { id: "i", name: "n" }, ability({ heal: "recovery" }), [])
      .heal.free).toBe(false);
  });
  it("an attack card records its encounter and round, and its item only when sustained", () => {
    const base = {
      user: { uuid: "Actor.u" }, item: { id: "i1", name: "Blast" }, escalationDie: 2,
      formula: "3d6 + 5", targets: sampleCard.targets,
    };
    expect(attackCardOf({ ...base, ability: ability({ sustain: 11 }), combat: { id: "c1", round: 3 } }))
      .toEqual({
        actorUuid: "Actor.u", abilityName: "Blast", escalation: 2, formula: "3d6 + 5",
        sustainItemId: "i1", combatId: "c1", round: 3, targets: sampleCard.targets,
      });
    expect(attackCardOf({ ...base, ability: ability(), combat: null }))
      .toMatchObject({ sustainItemId: "", combatId: "", round: 0 });
  });
});
