import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFighter, pool } from "../encounter/fighter";
import { statblock } from "./arena";

/** `pool` reads a fighter's pools by their places, which must be those its ledger names. */
describe("pool", () => {
  it("reads what the ledger gives by name, through spends and gains", () => {
    const names = ["ap", "rp", "fp"] as const;
    fc.assert(fc.property(
      fc.boolean(),
      fc.array(fc.record({
        name: fc.constantFrom(...names), gain: fc.boolean(), amount: fc.integer({ min: 0, max: 4 }),
      }), { maxLength: 20 }),
      (surprised, changes) => {
        const f = createFighter(statblock({ name: "f" }), "f", "party", { q: 0, r: 0 }, surprised);
        for (const c of changes) {
          if (c.gain) f.points.gain(c.name, c.amount);
          else f.points.spend(c.name, c.amount);
          for (const n of names) expect(pool(f, n)).toBe(f.points.get(n));
        }
      },
    ));
  });
});
