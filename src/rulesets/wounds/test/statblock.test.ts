import { describe, expect, it } from "vitest";
import { initialOf, validate } from "../../../engine/schema/spec";
import { DOCUMENT_SPECS } from "../rules/models";
import { statblockFromActor, statblockFromSource, StatblockError } from "../rules/statblock";
import { NO_WARD } from "../rules/upkeep";
import { bran, goblin, mira } from "./fixtures";

/**
 * wounds' document data and statblocks: initial data fits each spec, actors read into statblocks
 * with their weapons, spells and feats, and bad data is refused naming the document and field.
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Move Action, §Spell Casting, §Feats, §Thralling.
 */
describe("document specs", () => {
  it("every subtype's initial data fits its spec, and the subtypes carry the ruleset's name", () => {
    for (const specs of Object.values(DOCUMENT_SPECS)) {
      for (const [type, spec] of Object.entries(specs)) {
        expect(type.startsWith("wounds")).toBe(true);
        expect(validate(spec, initialOf(spec))).toEqual([]);
      }
    }
  });
  it("a Move Action covers 6 spaces unless the statblock says otherwise (§Move Action)", () => {
    expect(initialOf(DOCUMENT_SPECS.Actor.woundsCharacter).movement).toBe(6);
  });
});

describe("statblocks from actor sources", () => {
  it("reads Bran with his weapons and feats", () => {
    const b = statblockFromActor(bran());
    expect(b).toMatchObject({
      id: "bran", isPC: true, level: 3, hp: 24, hpMax: 24, mp: 4, mpMax: 10,
      accuracy: 3, agility: 2, strength: 2, armor: 1, movement: 6, thrallCost: 18,
    });
    expect(b.weapons.map((w) => [w.name, w.kind, w.damage])).toEqual([
      ["Longsword", "melee", { dice: 1, die: 8, bonus: 0 }],
      ["Shortbow", "ranged", { dice: 1, die: 6, bonus: 1 }],
    ]);
    expect(b.feats).toEqual([
      { id: "focus", feat: "weaponFocus", weapons: ["Longsword"] },
      { id: "sneak", feat: "sneakAttack", weapons: [] },
    ]);
  });
  it("an NPC's thrall cost is its own, else 6 MP × level (§Thralling)", () => {
    expect(statblockFromActor(goblin())).toMatchObject({ isPC: false, thrallCost: 6, mp: 0 });
    const g = goblin();
    expect(statblockFromActor({ ...g, system: { ...g.system, thrallCost: 4 } }).thrallCost).toBe(4);
  });
  it("reads spells with cast time, MP and upkeep", () => {
    expect(statblockFromActor(mira()).spells).toEqual([
      { id: "bolt", name: "Fire Bolt", castTime: 1, mp: 2, upkeep: 0, damage: null, improvement: 0, summon: "", ward: NO_WARD },
      { id: "storm", name: "Storm", castTime: 4, mp: 8, upkeep: 0, damage: null, improvement: 0, summon: "", ward: NO_WARD },
      { id: "ward", name: "Ward", castTime: 1, mp: 3, upkeep: 1, damage: null, improvement: 0, summon: "", ward: NO_WARD },
    ]);
  });
  it("reads a kept-up spell's ward; a spell with no upkeep has none whatever its data says", () => {
    const m = mira();
    const ward = { accuracy: 1, armor: 2, movement: 0 };
    const items = [
      { _id: "skin", name: "Barkskin", type: "woundsSpell", system: { mp: 3, upkeep: 1, ward } },
      { _id: "bolt", name: "Fire Bolt", type: "woundsSpell", system: { mp: 2, upkeep: 0, ward } },
    ];
    expect(statblockFromActor({ ...m, items }).spells.map((s) => s.ward)).toEqual([ward, NO_WARD]);
    const bad = [{ ...items[0]!, system: { upkeep: 1, ward: { armor: -1 } } }];
    expect(() => statblockFromActor({ ...m, items: bad })).toThrow(StatblockError);
  });
  it("reads a spell's attack damage and the unit it summons", () => {
    const m = mira();
    const items = [
      { _id: "ray", name: "Frost Ray", type: "woundsSpell",
        system: { castTime: 1, mp: 2, damage: { dice: 2, die: "6", bonus: 1 }, improvement: 2 } },
      { _id: "call", name: "Call Wolf", type: "woundsSpell",
        system: { castTime: 2, mp: 4, summon: "Wolf", improvement: 3 } },
    ];
    expect(statblockFromActor({ ...m, items }).spells).toEqual([
      { id: "ray", name: "Frost Ray", castTime: 1, mp: 2, upkeep: 0,
        damage: { dice: 2, die: 6, bonus: 1 }, improvement: 2, summon: "", ward: NO_WARD },
      // No attack, nothing to improve.
      { id: "call", name: "Call Wolf", castTime: 2, mp: 4, upkeep: 0, damage: null, improvement: 0,
        summon: "Wolf", ward: NO_WARD },
    ]);
  });
  it("reads a stored actor parsed from JSON, and refuses one of the wrong shape", () => {
    const parsed: unknown = JSON.parse(JSON.stringify(mira()));
    expect(statblockFromSource(parsed)).toEqual(statblockFromActor(mira()));
    expect(() => statblockFromSource({ name: "X", type: "woundsNpc", system: [] }))
      .toThrow(StatblockError);
    expect(() => statblockFromSource(null)).toThrow(StatblockError);
  });
  it("refuses another type, HP over the maximum, bad fields and a focus on four weapons", () => {
    expect(() => statblockFromActor({ ...bran(), type: "phasesNpc" })).toThrow(StatblockError);
    const over = { ...bran(), system: { ...bran().system, hp: { value: 30, max: 24 } } };
    expect(() => statblockFromActor(over)).toThrow(/hp.value/);
    const bad = { ...bran(), system: { ...bran().system, agility: 1.5 } };
    expect(() => statblockFromActor(bad)).toThrow(/agility/);
    const focus = {
      ...bran(),
      items: [{
        _id: "f", name: "Weapon Focus", type: "woundsFeat",
        system: { feat: "weaponFocus", weapons: ["a", "b", "c", "d"] },
      }],
    };
    expect(() => statblockFromActor(focus)).toThrow(/Bran \/ Weapon Focus/);
  });
});
