import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, WEAPON_SPEC, type AbilitySource } from "../../src/rulesets/escalation/rules/models";
import type { AttackOutcome } from "../../src/rulesets/escalation/rules/attack";
import {
  attackTarget, damageTypesOf, emptyTarget, hitDamageFormula, noAttackTarget,
  type AttackTargetInput,
} from "../../src/rulesets/escalation/play/cards/attack-target";

const ability = (over: Record<string, unknown> = {}): AbilitySource =>
  withDefaults(ABILITY_SPEC, over) as AbilitySource;
const weapon = (over: Record<string, unknown>) => withDefaults(WEAPON_SPEC, over);
const dazed = { id: "dazed", duration: "saveEnds", save: 11, amount: 0, damageType: "weapon" };
const weakened = { ...dazed, id: "weakened" };
const vulnerable = { ...dazed, id: "vulnerable" };

const outcome = (over: Partial<AttackOutcome> = {}): AttackOutcome => ({
  dice: [5, 4, 6], kept: [5, 4, 6], natural: 15, total: 22, hit: true, crit: false,
  critFail: false, ...over,
});

const base = { tokenUuid: "Scene.s.Token.t", name: "Goblin", defense: "ac", damageType: "fire" } as const;

const input = (over: Partial<AttackTargetInput> = {}): AttackTargetInput => ({
  base,
  plan: { edge: 1, level: 3, volition: 2 },
  outcome: outcome(),
  ability: ability({ hit: { effects: [dazed] }, crit: { effects: [weakened] },
    miss: { mode: "level", effects: [vulnerable] } }),
  types: ["fire"],
  attacker: { conditions: [], level: 3, classMissDamage: "none" },
  target: { isPC: false, resistances: [] },
  hitRoll: { formula: "3d8 + 2", total: 13 },
  ...over,
});

describe("damageTypesOf (§Basic Attacks)", () => {
  it("an ability's own types win; a non-basic one without types deals weapon damage", () => {
    expect(damageTypesOf(ability({ hit: { damageTypes: ["fire", "cold"] } }), [])).toEqual(["fire", "cold"]);
    expect(damageTypesOf(ability(), [weapon({ equipped: true, damageType: "fire" })])).toEqual(["weapon"]);
  });
  it("a basic attack takes the first equipped weapon of its stance's type", () => {
    const weapons = [
      weapon({ stance: "melee", damageType: "cold", equipped: false }),
      weapon({ stance: "ranged", damageType: "lightning", equipped: true }),
      weapon({ stance: "melee", damageType: "fire", equipped: true }),
      weapon({ stance: "melee", damageType: "acid", equipped: true }),
    ];
    expect(damageTypesOf(ability({ basic: "melee" }), weapons)).toEqual(["fire"]);
    expect(damageTypesOf(ability({ basic: "ranged" }), weapons)).toEqual(["lightning"]);
    expect(damageTypesOf(ability({ basic: "ranged" }), weapons.slice(0, 1))).toEqual(["weapon"]);
  });
});

describe("hitDamageFormula", () => {
  it("a basic attack rolls Level dice of its stance's die plus Volition", () => {
    expect(hitDamageFormula(ability({ basic: "ranged" }), { melee: 10, ranged: 6 },
      { level: 3, volition: 2 })).toBe("3d6 + 2");
    expect(hitDamageFormula(ability({ basic: "melee" }), { melee: 10, ranged: 6 },
      { level: 2, volition: -1 })).toBe("2d10 - 1");
  });
});

describe("attackTarget: what the card records of one rolled attack", () => {
  it("a hit deals its rolled damage with the hit's effects and keeps the roll's terms", () => {
    const row = attackTarget(input());
    expect(row).toMatchObject({
      tokenUuid: base.tokenUuid, name: "Goblin", defense: "ac", damageType: "fire",
      dice: [5, 4, 6], natural: 15, total: 22, edge: 1, level: 3, volition: 2, hit: true,
      damage: 13, halved: false, damageKind: "hit", damageFormula: "3d8 + 2", selfDamage: 0,
      lastGasp: false, invisibleFailed: false,
    });
    expect(row.effects.map((e) => e.id)).toEqual(["dazed"]);
  });

  it("a crit doubles the damage and adds the crit's effects; a resistance halves (round down)", () => {
    const crit = attackTarget(input({ outcome: outcome({ crit: true, natural: 18 }) }));
    expect(crit.damage).toBe(26);
    expect(crit.effects.map((e) => e.id)).toEqual(["dazed", "weakened"]);
    const resisted = attackTarget(input({
      target: { isPC: false, resistances: [{ type: "fire", threshold: 16 }] },
    }));
    expect(resisted).toMatchObject({ damage: 6, halved: true });
  });

  it("a miss deals the ability's miss damage and effects; a crit fail neither", () => {
    const miss = attackTarget(input({ outcome: outcome({ hit: false, natural: 7 }), hitRoll: null }));
    expect(miss).toMatchObject({ damage: 3, damageKind: "miss", damageFormula: "3", hit: false });
    expect(miss.effects.map((e) => e.id)).toEqual(["vulnerable"]);
    const fumble = attackTarget(input({
      outcome: outcome({ hit: false, critFail: true, natural: 3 }), hitRoll: null,
    }));
    expect(fumble).toMatchObject({ damage: 0, damageKind: "none", damageFormula: "", effects: [] });
  });

  it("class miss damage is the character's; an NPC's is none", () => {
    const classMiss = ability({ miss: { mode: "class" } });
    const missed = { outcome: outcome({ hit: false, natural: 8 }), hitRoll: null, ability: classMiss };
    expect(attackTarget(input({
      ...missed, attacker: { conditions: [], level: 4, classMissDamage: "level" },
    })).damage).toBe(4);
    expect(attackTarget(input(missed)).damage).toBe(0);
  });

  it("a Hampered attacker's non-basic ability carries no effects", () => {
    const row = attackTarget(input({ attacker: { conditions: ["hampered"], level: 3, classMissDamage: "none" } }));
    expect(row.effects).toEqual([]);
    expect(row.damage).toBe(13);
  });

  it("Last Gasp starts only on a hit on a character", () => {
    const gasp = ability({ lastGasp: true });
    expect(attackTarget(input({ ability: gasp, target: { isPC: true, resistances: [] } })).lastGasp).toBe(true);
    expect(attackTarget(input({ ability: gasp })).lastGasp).toBe(false);
    expect(attackTarget(input({
      ability: gasp, target: { isPC: true, resistances: [] },
      outcome: outcome({ hit: false }), hitRoll: null,
    })).lastGasp).toBe(false);
  });

  it("property: Confused self-damage is half the rolled damage on an odd natural, else 0", () => {
    fc.assert(fc.property(
      fc.integer({ min: 3, max: 18 }), fc.integer({ min: 0, max: 60 }), fc.boolean(),
      (natural, total, crit) => {
        const row = attackTarget(input({
          outcome: outcome({ natural, crit }), hitRoll: { formula: "x", total },
          attacker: { conditions: ["confused"], level: 3, classMissDamage: "none" },
        }));
        expect(row.selfDamage).toBe(natural % 2 === 1 ? Math.floor(total / 2) : 0);
        expect(row.damage).toBe(crit ? total * 2 : total);
      },
    ));
  });
});

describe("rows without an attack", () => {
  it("an Invisible target's failed pre-attack save records no attack", () => {
    expect(noAttackTarget(base, 9)).toEqual(emptyTarget({ ...base, invisibleFailed: true, natural: 9 }));
    expect(noAttackTarget(base, 9)).toMatchObject({ hit: false, damage: 0, effects: [], dice: [] });
  });
});
