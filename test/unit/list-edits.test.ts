import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyListOp, editAt, entryRows, listEditMessage, listOf, moveTo, removeAt, setChoices, toggleValue, valueAt,
  type ListOp,
} from "../../src/engine/view/list-edits";
import {
  ABILITY_LISTS, BLANK_EFFECT, BLANK_RESISTANCE, EFFECT_SPEC, NPC_LISTS, RESISTANCE_SPEC,
} from "../../src/rulesets/escalation/play/views/list-fields";
import { WEAPON_LISTS } from "../../src/rulesets/shock/play/views/list-fields";
import { t } from "../support/handlebars";

/**
 * The shell's list editing (shell/applications/list-edits.ts), with the lists escalation and
 * shock declare: every edit returns the whole new list or refuses, saying why in the user's
 * language, and never changes the list it was given.
 */
const reason = (edit: () => unknown, labels = "FRAY.Sheet.Field") => {
  try {
    edit();
  } catch (err) {
    return listEditMessage(err, t, labels);
  }
  throw new Error("the edit was accepted");
};
const hit = ABILITY_LISTS.hit!;
const one = applyListOp(hit, [], { op: "add" }) as (typeof BLANK_EFFECT)[];
const editEffect = (list: readonly object[], i: number, field: string, value: string) =>
  editAt(list, i, field, value, EFFECT_SPEC);

describe("entry lists: add, remove, edit, move", () => {
  it("adds the declared blank entry, a fresh copy each time, and removes by index", () => {
    expect(one).toEqual([BLANK_EFFECT]);
    expect(one[0]).not.toBe(BLANK_EFFECT);
    expect(applyListOp(NPC_LISTS.resistances!, [], { op: "add" })).toEqual([BLANK_RESISTANCE]);
    expect(removeAt(applyListOp(hit, one, { op: "add" }), 0)).toHaveLength(1);
    expect(() => removeAt(one, 3)).toThrow(RangeError);
    expect(() => removeAt(one, 0.5)).toThrow(RangeError);
  });

  it("edits a field, converting numbers, and rejects values outside the model", () => {
    const ongoing = editEffect(editEffect(one, 0, "id", "ongoing"), 0, "amount", "5");
    expect(ongoing[0]).toMatchObject({ id: "ongoing", amount: 5 });
    expect(() => editEffect(one, 0, "id", "on-fire")).toThrow(RangeError);
    expect(() => editEffect(one, 0, "amount", "-2")).toThrow(/at least 0/);
    expect(() => editEffect(one, 1, "id", "dazed")).toThrow(RangeError);
    expect(one[0]?.id).toBe("dazed");
  });

  it("edits resistances against the statblock's model", () => {
    const list = editAt([BLANK_RESISTANCE], 0, "threshold", "14", RESISTANCE_SPEC);
    expect(list).toEqual([{ type: "weapon", threshold: 14 }]);
    expect(editAt(list, 0, "type", "fire", RESISTANCE_SPEC)[0]?.type).toBe("fire");
    expect(() => editAt(list, 0, "threshold", "30", RESISTANCE_SPEC)).toThrow(/at most 19/);
    expect(() => editAt(list, 0, "colour", "red", RESISTANCE_SPEC)).toThrow(RangeError);
  });

  it("moves an entry to any position, keeping every entry once and the others in order", () => {
    expect(moveTo(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(() => moveTo(["a"], 0, 1)).toThrow(RangeError);
    const lists = fc.array(fc.integer(), { minLength: 1, maxLength: 8 });
    fc.assert(fc.property(lists, fc.nat(), fc.nat(), (list, i, j) => {
      const from = i % list.length;
      const to = j % list.length;
      const moved = moveTo(list, from, to);
      expect(moved[to]).toBe(list[from]);
      expect([...moved].sort()).toEqual([...list].sort());
      const others = list.filter((_, k) => k !== from);
      expect(moved.filter((_, k) => k !== to)).toEqual(others);
    }));
  });

  it("never changes the list it is given, whatever the op", () => {
    const op: fc.Arbitrary<ListOp> = fc.oneof(
      fc.constant({ op: "add" } as const),
      fc.record({ op: fc.constant("remove" as const), index: fc.integer({ min: -1, max: 4 }) }),
      fc.record({ op: fc.constant("move" as const), index: fc.nat(4), to: fc.nat(4) }),
      fc.record({ op: fc.constant("edit" as const), index: fc.nat(4),
        field: fc.constantFrom("save", "id", "amount", "nope"), value: fc.constantFrom("12", "x", "-1", "dazed") }),
      fc.record({ op: fc.constant("toggle" as const), value: fc.constantFrom("fire", "ice") }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 6 }), (ops) => {
      let list: unknown[] = [];
      for (const o of ops) {
        const given = list;
        const before = structuredClone(given);
        try {
          list = applyListOp(hit, given, o);
        } catch (err) {
          expect(err).toBeInstanceOf(RangeError);
        }
        expect(given).toEqual(before);
      }
      for (const entry of list) expect(Object.keys(entry as object).sort()).toEqual(Object.keys(BLANK_EFFECT).sort());
    }));
  });
});

describe("value sets: toggle one allowed value", () => {
  it("toggles damage types and weapon attributes, refusing values the set does not allow", () => {
    expect(toggleValue(["fire"], "cold")).toEqual(["fire", "cold"]);
    expect(toggleValue(["fire", "cold"], "fire")).toEqual(["cold"]);
    expect(applyListOp(NPC_LISTS.weaknesses!, ["cold"], { op: "toggle", value: "fire" })).toEqual(["cold", "fire"]);
    expect(applyListOp(WEAPON_LISTS.attributes!, ["str"], { op: "toggle", value: "str" })).toEqual([]);
    expect(() => applyListOp(WEAPON_LISTS.attributes!, [], { op: "toggle", value: "luck" })).toThrow(RangeError);
    expect(() => applyListOp(ABILITY_LISTS.damageTypes!, [], { op: "add" })).toThrow(RangeError);
    expect(() => applyListOp(hit, [], { op: "toggle", value: "fire" })).toThrow(RangeError);
  });

  it("toggling twice gives the set back", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.constantFrom("a", "b", "c")), fc.constantFrom("a", "b", "c"), (set, v) => {
      expect(new Set(toggleValue(toggleValue(set, v), v))).toEqual(new Set(set));
      expect(toggleValue(set, v).includes(v)).toBe(!set.includes(v));
    }));
  });
});

describe("reading lists off a document and saying why an edit was refused", () => {
  it("reads a list at its path, an empty list where there is none", () => {
    const doc = { system: { hit: { effects: [BLANK_EFFECT] }, weaknesses: "oops" } };
    expect(listOf(doc, hit)).toEqual([BLANK_EFFECT]);
    expect(listOf(doc, NPC_LISTS.weaknesses!)).toEqual([]);
    expect(listOf(doc, ABILITY_LISTS.miss!)).toEqual([]);
    expect(valueAt(doc, "system.hit.effects.0.id")).toBe("dazed");
    expect(valueAt(null, "system")).toBeUndefined();
  });

  it("says why an edit was refused in the user's language, naming the field", () => {
    expect(reason(() => editEffect(one, 0, "amount", "-2"))).toBe("Ongoing damage must be at least 0 (got -2).");
    expect(reason(() => editEffect(one, 0, "save", "30"))).toBe("Save must be at most 18 (got 30).");
    expect(reason(() => editAt([BLANK_RESISTANCE], 0, "type", "ice", RESISTANCE_SPEC)))
      .toBe("Damage type must be one of acid, cold, fire, force, lightning, necrotic, psychic, radiant, thunder, weapon (got ice).");
    expect(reason(() => removeAt(one, 3))).toBe("there is no entry 3 in that list");
    expect(reason(() => editEffect(one, 0, "colour", "red"))).toBe("colour is not a field of that entry");
    expect(reason(() => editEffect(one, 0, "amount", "x"))).toBe("Ongoing damage must be a whole number (got x).");
    expect(reason(() => applyListOp(NPC_LISTS.weaknesses!, [], { op: "toggle", value: "ice" })))
      .toBe("“ice” is not one of that list's choices");
    expect(listEditMessage(new Error("plain"), t)).toBe("plain");
  });
});

describe("list rows and choices as templates read them", () => {
  it("numbers each entry for people and keeps its index for the controls", () => {
    expect(entryRows([{ type: "fire" }, { type: "cold" }])).toEqual([
      { type: "fire", index: 0, n: 1 }, { type: "cold", index: 1, n: 2 },
    ]);
    expect(entryRows([])).toEqual([]);
  });

  it("lists a set's choices in its order, on where the list holds them", () => {
    const choices = setChoices(WEAPON_LISTS.attributes, ["dex", "str"], "FRAY.Shock.Attribute");
    expect(choices.map((c) => c.value)).toEqual(["str", "dex", "con", "int", "wis", "cha"]);
    expect(choices.filter((c) => c.on).map((c) => c.value)).toEqual(["str", "dex"]);
    expect(choices[0]?.labelKey).toBe("FRAY.Shock.Attribute.str");
  });
});
