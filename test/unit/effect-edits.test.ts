import { describe, expect, it } from "vitest";
import { addEffect, editEffect, removeEffect, toggleDamageType } from "../../src/applications/effect-edits";

describe("ability list edits", () => {
  const one = addEffect([]);
  it("adds a default effect and removes by index", () => {
    expect(one).toEqual([{ id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon" }]);
    expect(removeEffect(addEffect(one), 0)).toHaveLength(1);
    expect(() => removeEffect(one, 3)).toThrow(RangeError);
  });
  it("edits a field, converting numbers, and rejects values outside the model", () => {
    const ongoing = editEffect(editEffect(one, 0, "id", "ongoing"), 0, "amount", "5");
    expect(ongoing[0]).toMatchObject({ id: "ongoing", amount: 5 });
    expect(() => editEffect(one, 0, "id", "on-fire")).toThrow(RangeError);
    expect(() => editEffect(one, 0, "amount", "-2")).toThrow(/at least 0/);
    expect(() => editEffect(one, 1, "id", "dazed")).toThrow(RangeError);
    expect(one[0]?.id).toBe("dazed");
  });
  it("toggles damage types", () => {
    expect(toggleDamageType(["fire"], "cold")).toEqual(["fire", "cold"]);
    expect(toggleDamageType(["fire", "cold"], "fire")).toEqual(["cold"]);
  });
});
