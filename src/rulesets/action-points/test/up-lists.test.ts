import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { foesUp, upOf } from "../encounter/context";
import { fall } from "../encounter/damage";
import type { Side } from "../encounter/events";
import { arena, statblock } from "./arena";

/**
 * The context's lists of the fighters still in the fight (`upOf`, `foesUp`), which the tactics and
 * the winner read instead of filtering every fighter at each step: after any sequence of falls
 * they are each side's fighters not out, in listed order.
 */
describe("each side's fighters still in the fight, listed again after a fall", () => {
  it("are the fighters not out, in listed order, after every fall", () => {
    const sides = fc.array(fc.constantFrom<Side>("party", "foes"), { minLength: 1, maxLength: 8 });
    fc.assert(fc.property(sides, fc.array(fc.nat(), { maxLength: 10 }), (of, falls) => {
      const { ctx } = arena(of.map((side, k) => ({
        block: statblock({ name: `f${k}` }), side, at: { q: 2 * k, r: 0 },
      })), []);
      const expected = (side: Side) => ctx.fighters.filter((f) => f.side === side && !f.out);
      const same = () => {
        for (const side of ["party", "foes"] as const) {
          expect(upOf(ctx, side)).toEqual(expected(side));
          expect(foesUp(ctx, side)).toEqual(expected(side === "party" ? "foes" : "party"));
        }
      };
      same();
      for (const k of falls) {
        const f = ctx.fighters[k % ctx.fighters.length]!;
        if (f.out) continue;
        f.hp = 0;
        fall(ctx, f);
        same();
      }
    }), { numRuns: 200 });
  });
});
