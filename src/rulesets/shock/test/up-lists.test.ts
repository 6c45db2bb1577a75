import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import { createContext, upOf } from "../encounter/context";
import { dealDamage } from "../encounter/damage";
import { fallen } from "../encounter/fall";
import { isUp } from "../encounter/fighter";
import { foe, pc } from "./steps";

/**
 * The context's lists of each side's fighters up (`upOf`), which the turns and the winner read
 * instead of filtering every fighter at each step: after any sequence of hits, falls and a
 * group's flight (morale), they are each side's fighters up, in listed order.
 */
describe("each side's fighters up, listed again after a state change", () => {
  it("are the fighters up, in listed order, after every hit", () => {
    const hits = fc.array(fc.record({ who: fc.nat(), amount: fc.integer({ min: 0, max: 12 }) }), {
      maxLength: 24,
    });
    fc.assert(fc.property(fc.nat(), hits, (seed, list) => {
      const fighters = [pc("a"), foe("x"), pc("b"), foe("y"), foe("z")];
      const ctx = createContext({
        roller: new SeededRoller(seed), emit: () => undefined, fighters, naturals: true, gap: 40,
        record: false,
      });
      ctx.onDown = (f) => fallen(ctx, f, {});
      const same = () => {
        expect(upOf(ctx, true)).toEqual(fighters.filter((f) => f.party && isUp(f)));
        expect(upOf(ctx, false)).toEqual(fighters.filter((f) => !f.party && isUp(f)));
      };
      same();
      for (const { who, amount } of list) {
        const f = fighters[who % fighters.length]!;
        dealDamage(ctx, "test", f, amount, {
          attack: "", reason: "hit", dice: [], base: amount, swarmBonus: 0, floor: 0,
          absorbedBy: null,
        });
        same();
      }
    }), { numRuns: 300 });
  });
});
