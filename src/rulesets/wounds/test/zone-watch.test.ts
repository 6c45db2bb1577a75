import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { moveProvokes } from "../rules/free-hits";
import { ZoneWatch } from "../encounter/zone-watch";

/**
 * The runner's step-by-step zone watch (`encounter/zone-watch.ts`) against the rules'
 * `moveProvokes` over the whole path: on every prefix of random paths in and out of a zone, the
 * watch's first trigger is the rules' trigger, at the same step.
 */
describe("a zone watch is moveProvokes read step by step", () => {
  it("the same first trigger at the same step (property)", () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), (inside) => {
      const watch = new ZoneWatch();
      watch.start(null as never, 1, inside[0]!);
      let first: { trigger: string; step: number } | null = null;
      for (let step = 1; step < inside.length; step++) {
        const trigger = watch.step(inside[step]!);
        if (trigger !== null && first === null) first = { trigger, step };
        expect(first, `prefix of ${step + 1}`).toEqual(moveProvokes(inside.slice(0, step + 1)));
        if (first !== null) break;
      }
      if (first === null) expect(moveProvokes(inside)).toBeNull();
    }), { numRuns: 2000 });
  });
});
