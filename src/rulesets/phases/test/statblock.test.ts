import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { initialOf, validate } from "../../../engine/schema/spec";
import { DOCUMENT_SPECS, MOVEMENT_POWER_SPEC } from "../rules/models";
import { DEFAULT_MOVEMENT_KINDS, DEFAULT_MOVEMENT_POWERS } from "../rules/movement-powers";
import {
  movementPowersOf, opportunityAttackOf, statblockFromActor, StatblockError,
} from "../rules/statblock";
import { goblin, wren } from "./fixtures";

/**
 * phases' document data and statblocks: every spec's initial data fits it, the six default
 * movement powers are valid items with the ruled defaults, statblocks read actors and their
 * powers, and bad data is refused naming the document and field. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase, §Battle Actions; RULINGS.md §phases Statistics,
 * Powers, Movement power defaults.
 */
describe("document specs (RULINGS.md §phases Statistics, Powers)", () => {
  it("every subtype's initial data fits its spec, and the subtypes carry the ruleset's name", () => {
    for (const specs of Object.values(DOCUMENT_SPECS)) {
      for (const [type, spec] of Object.entries(specs)) {
        expect(type.startsWith("phases")).toBe(true);
        expect(validate(spec, initialOf(spec))).toEqual([]);
      }
    }
  });
  it("tiers run 1 to 4; statistics are whole numbers", () => {
    const spec = DOCUMENT_SPECS.Actor.phasesCharacter;
    expect(validate(spec, { tier: 4 })).toEqual([]);
    expect(validate(spec, { tier: 0 })[0]?.path).toBe("tier");
    expect(validate(spec, { tier: 5 })[0]?.key).toBe("FRAY.Validation.Max");
    expect(validate(spec, { atk: 1.5 })[0]?.key).toBe("FRAY.Validation.Int");
  });
});

describe("the six default movement powers (RULINGS.md §phases Movement power defaults)", () => {
  it("are valid movement items, in the text's order", () => {
    expect(DEFAULT_MOVEMENT_KINDS).toEqual(["shift", "walk", "hustle", "run", "charge", "disengage"]);
    for (const kind of DEFAULT_MOVEMENT_KINDS) {
      expect(validate(MOVEMENT_POWER_SPEC, DEFAULT_MOVEMENT_POWERS[kind])).toEqual([]);
      expect(DEFAULT_MOVEMENT_POWERS[kind].kind).toBe(kind);
    }
  });
  it("carry the ruled numbers", () => {
    const d = DEFAULT_MOVEMENT_POWERS;
    expect(d.shift).toMatchObject({ squares: { base: "fixed", plus: 1 }, provokes: false });
    expect(d.walk).toMatchObject({ squares: { base: "speed", times: 1, plus: 0 }, provokes: true });
    expect(d.hustle).toMatchObject({
      squares: { base: "speed", times: 1, plus: 2 }, edge: { amount: -1, until: "endOfRound" },
    });
    expect(d.run).toMatchObject({ squares: { base: "speed", times: 2 }, forbidsAttack: true });
    expect(d.charge).toMatchObject({
      path: "straightAtEnemy", edge: { amount: 1, scope: "meleeAtEnemy", until: "endOfRound" },
    });
    expect(d.disengage).toMatchObject({
      squares: { base: "fixed", plus: 2 }, provokes: false,
      edge: { amount: -1, scope: "all", until: "endOfNextRound" },
    });
    // Only Run forbids an Attack; only Shift and Disengage do not provoke.
    const kinds = DEFAULT_MOVEMENT_KINDS;
    expect(kinds.filter((k) => d[k].forbidsAttack)).toEqual(["run"]);
    expect(kinds.filter((k) => !d[k].provokes)).toEqual(["shift", "disengage"]);
  });
});

describe("statblocks from actor sources", () => {
  it("reads a character, its powers and items in item order, leaving other items out", () => {
    const b = statblockFromActor(wren());
    expect(b).toMatchObject({
      id: "wren", name: "Wren", isPC: true, tier: 2, hp: 18, hpMax: 22, atk: 4, def: 13,
      int: 2, agi: 3, speed: 6,
    });
    expect(b.attacks.map((a) => a.id)).toEqual(["sword", "bow"]);
    expect(b.attacks[0]).toEqual({
      id: "sword", name: "Longsword", kind: "melee", range: 1, targets: 1,
      damage: { dice: 1, die: 8, bonus: 2 }, miss: "none", basic: true,
      effects: [{ condition: "dazed", duration: "endOfRound", onMiss: false }],
    });
    expect(b.attacks[1]).toMatchObject({ targets: 2, miss: "half", range: 12 });
    expect(b.movements.map((m) => m.id)).toEqual(["walk", "leap"]);
    expect(b.activatables).toEqual([{
      id: "draught", name: "Healing Draught", uses: { value: 2, max: 3 },
      heal: { dice: 2, die: 4, bonus: 2 }, ends: ["dazed"],
    }]);
  });
  it("fills what a source leaves out with the spec's defaults", () => {
    const b = statblockFromActor({ _id: "x", name: "Bare", type: "phasesNpc", system: {} });
    expect(b).toMatchObject({ isPC: false, tier: 1, hp: 10, hpMax: 10, def: 10, speed: 6 });
    expect(b.attacks).toEqual([]);
  });
  it("refuses another type, bad fields (all at once) and HP above their maximum", () => {
    expect(() => statblockFromActor({ ...goblin(), type: "shockNpc" })).toThrow(StatblockError);
    try {
      statblockFromActor(goblin({ tier: 7, speed: -1, mana: 3 }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StatblockError);
      const err = e as StatblockError;
      expect(err.documentName).toBe("Goblin");
      expect(err.errors.map((x) => x.path).sort()).toEqual(["mana", "speed", "tier"]);
    }
    expect(() => statblockFromActor(goblin({ hp: { value: 9, max: 7 } }))).toThrow(/hp.value/);
  });
  it("names the actor and the item of a bad item", () => {
    const doc = goblin();
    const bad = {
      ...doc,
      items: [{ _id: "s", name: "Spear", type: "phasesAttack", system: { miss: "double" } }],
    };
    expect(() => statblockFromActor(bad)).toThrow(/Goblin \/ Spear: miss/);
    const badMove = {
      ...doc,
      items: [{ _id: "m", name: "Hop", type: "phasesMovement", system: { squares: { base: "x" } } }],
    };
    expect(() => statblockFromActor(badMove)).toThrow(/squares.base/);
  });
  it("never throws anything but a StatblockError on arbitrary system data", () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom("atk", "tier", "hp", "speed", "zz"),
      fc.jsonValue()), (system) => {
      try {
        statblockFromActor(goblin(system as Record<string, unknown>));
      } catch (e) {
        expect(e).toBeInstanceOf(StatblockError);
      }
    }), { numRuns: 500 });
  });
});

describe("movement powers a combatant may use (§Movement Phase)", () => {
  it("the six defaults, an own item of a default's kind replacing it, then its own others", () => {
    const powers = movementPowersOf(statblockFromActor(wren()));
    expect(powers.map((p) => p.id)).toEqual([
      "default:shift", "walk", "default:hustle", "default:run", "default:charge",
      "default:disengage", "leap",
    ]);
    expect(powers[1]?.squares).toEqual({ base: "speed", times: 1, plus: 1 });
    const bare = movementPowersOf(statblockFromActor(goblin()));
    expect(bare.map((p) => p.kind)).toEqual([...DEFAULT_MOVEMENT_KINDS]);
    expect(bare[0]).toMatchObject({ id: "default:shift", name: "shift", provokes: false });
  });
  it("the opportunity attack is the basic melee power, else the first melee one, else none", () => {
    expect(opportunityAttackOf(statblockFromActor(wren()))?.id).toBe("sword");
    expect(opportunityAttackOf(statblockFromActor(goblin()))?.id).toBe("spear");
    const archer = statblockFromActor(wren());
    expect(opportunityAttackOf({ attacks: archer.attacks.filter((a) => a.kind === "ranged") }))
      .toBeNull();
  });
});
