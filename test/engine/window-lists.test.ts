import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { append } from "../../src/engine/resolution/window/lists";

describe("append: a window's short lists", () => {
  it("a copy one longer while short, the list left as it was; from sixteen on, the list pushed", () => {
    fc.assert(fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.integer(), (list, x) => {
      const before = [...list];
      const out = append(list, x);
      expect(out).toEqual([...before, x]);
      if (before.length < 16) {
        expect(out).not.toBe(list);
        expect(list).toEqual(before);
      } else {
        expect(out).toBe(list);
      }
    }));
  });

  it("never changes a short shared list, frozen or not", () => {
    const none: readonly number[] = Object.freeze([]);
    expect(append(none, 1)).toEqual([1]);
    expect(none).toEqual([]);
  });
});
