import { describe, expect, it } from "vitest";
import { withDefaults } from "../../src/engine/schema/spec";
import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC, type WeaponSource } from "../../src/rulesets/escalation/rules/models";
import { ownerNumbers } from "../../src/rulesets/escalation/play/views/actor-view";

const weapon = (over: Record<string, unknown>) => withDefaults(WEAPON_SPEC, over) as WeaponSource;

describe("ownerNumbers: the numbers of an item's ability line", () => {
  const bow = weapon({ stance: "ranged", die: "6", damageType: "fire", equipped: true });
  it("a character's Volition after its recovery penalty, its stance dice and miss damage", () => {
    const system = withDefaults(CHARACTER_SPEC, {
      level: 4, volition: 3, recoveries: { penalty: 1 }, missDamage: "level",
      stance: { mode: "melee", die: "10" }, power: { label: "Focus" },
    });
    expect(ownerNumbers({ type: "escalationCharacter", system, weapons: [bow] })).toEqual({
      level: 4, volition: 2, escalation: 0, stanceDice: { melee: 10, ranged: 6 },
      basicDamageType: { melee: "weapon", ranged: "fire" }, missDamage: "level",
      powerLabel: "Focus",
    });
  });
  it("an NPC's own numbers, no miss damage or Power", () => {
    const system = withDefaults(NPC_SPEC, { level: 2, volition: 5 });
    const numbers = ownerNumbers({ type: "escalationNpc", system, weapons: [] });
    expect(numbers).toMatchObject({ level: 2, volition: 5, escalation: 0 });
    expect(numbers).not.toHaveProperty("missDamage");
  });
  it("none outside an escalation actor", () => {
    expect(ownerNumbers(null)).toBeNull();
    expect(ownerNumbers({ type: "shockCharacter", system: {}, weapons: [] })).toBeNull();
  });
});
