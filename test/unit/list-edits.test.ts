import { describe, expect, it } from "vitest";
import { addEffect, addResistance, editAt, EFFECT_SPEC, listEditMessage, removeAt, RESISTANCE_SPEC, toggleDamageType } from "../../src/rulesets/escalation/foundry/applications/list-edits";
import { t } from "../support/handlebars";

/** The reason a rejected edit gives the user, in their language. */
const reason = (edit: () => unknown) => {
  try {
    edit();
  } catch (err) {
    return listEditMessage(err, t);
  }
  throw new Error("the edit was accepted");
};

const editEffect = (list: ReturnType<typeof addEffect>, i: number, field: string, value: string) => editAt(list, i, field, value, EFFECT_SPEC);

describe("ability list edits", () => {
  const one = addEffect([]);
  it("adds a default effect and removes by index", () => {
    expect(one).toEqual([{ id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon", save: 11 }]);
    expect(removeAt(addEffect(one), 0)).toHaveLength(1);
    expect(() => removeAt(one, 3)).toThrow(RangeError);
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
    const list = editAt(addResistance([]), 0, "threshold", "14", RESISTANCE_SPEC);
    expect(list).toEqual([{ type: "weapon", threshold: 14 }]);
    expect(editAt(list, 0, "type", "fire", RESISTANCE_SPEC)[0]?.type).toBe("fire");
    expect(() => editAt(list, 0, "threshold", "30", RESISTANCE_SPEC)).toThrow(/at most 19/);
    expect(() => editAt(list, 0, "colour", "red", RESISTANCE_SPEC)).toThrow(RangeError);
  });
  it("says why an edit was refused in the user's language, naming the field", () => {
    expect(reason(() => editEffect(one, 0, "amount", "-2"))).toBe("Ongoing damage must be at least 0 (got -2).");
    expect(reason(() => editEffect(one, 0, "save", "30"))).toBe("Save must be at most 18 (got 30).");
    expect(reason(() => editAt(addResistance([]), 0, "type", "ice", RESISTANCE_SPEC)))
      .toBe("Damage type must be one of acid, cold, fire, force, lightning, necrotic, psychic, radiant, thunder, weapon (got ice).");
    expect(reason(() => removeAt(one, 3))).toBe("there is no entry 3 in that list");
    expect(reason(() => editEffect(one, 0, "colour", "red"))).toBe("colour is not a field of that entry");
    expect(reason(() => editEffect(one, 0, "amount", "x"))).toBe("Ongoing damage must be a whole number (got x).");
  });

  it("toggles damage types", () => {
    expect(toggleDamageType(["fire"], "cold")).toEqual(["fire", "cold"]);
    expect(toggleDamageType(["fire", "cold"], "fire")).toEqual(["cold"]);
  });
});
