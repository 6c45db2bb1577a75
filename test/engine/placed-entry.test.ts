import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { comparePlaced, type PlacedEntry } from "../../src/engine/initiative/placed-entry";

/** A turn order of kept places (src/engine/initiative/placed-entry.ts). */
describe("a turn order of places", () => {
  const e = (id: string, order: number | null, name = id): PlacedEntry => ({ id, order, name });

  it("places first (0 first), the placeless last, then by name and id", () => {
    const sorted = [e("x", null), e("b", 1), e("a", 0), e("c", null, "a"), e("d", 1, "a")]
      .sort(comparePlaced).map((x) => x.id);
    expect(sorted).toEqual(["a", "d", "b", "c", "x"]);
  });

  it("is a total order: antisymmetric, and 0 only for the same entry's fields", () => {
    const entry = fc.record({
      id: fc.string({ maxLength: 3 }), order: fc.option(fc.nat(5)), name: fc.string({ maxLength: 3 }),
    });
    fc.assert(fc.property(entry, entry, (a, b) => {
      expect(Math.sign(comparePlaced(a, b))).toBe(-Math.sign(comparePlaced(b, a)) || 0);
      if (comparePlaced(a, b) === 0) expect([a.order, a.name, a.id]).toEqual([b.order, b.name, b.id]);
    }));
  });
});
