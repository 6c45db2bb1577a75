import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { squareGrid } from "../../../engine/space/grid";
import { stepsWithin } from "../../../engine/space/zone";
import {
  freeHitSlots, fumbleFreeHit, mayTakeFreeHit, moveProvokes,
} from "../rules/free-hits";

/**
 * wounds' free hits: Agility + 1 slots a round (none at 0 or less), an enemy leaving the melee
 * zone or moving more than 2 spaces inside it, a natural 1 against a unit in whose zone the
 * attacker stands. Source: `001_dbc5fcc02a99a518.txt` §Free Hits/Free Hit Slots, §Disengage,
 * §Combat specific Fails/Criticals; RULINGS.md §wounds Free hit slots, Free hit.
 */
describe("free hit slots (§Free Hits)", () => {
  it("Agility + 1: Agility 2 has 3, Agility 0 has 1, Agility −1 has none, −3 none", () => {
    expect([2, 0, -1, -3].map(freeHitSlots)).toEqual([3, 1, 0, 0]);
    expect(() => freeHitSlots(0.5)).toThrow(RangeError);
  });
  it("a tragedy's free hit needs no slot; every other needs one", () => {
    expect(mayTakeFreeHit(0, "criticalFreeHit")).toBe(true);
    expect(mayTakeFreeHit(0, "freeHit")).toBe(false);
    expect(mayTakeFreeHit(1, "move")).toBe(true);
  });
});

describe("moves that give a free hit", () => {
  it("leaving the zone: the step from inside to outside", () => {
    expect(moveProvokes([true, false, false])).toEqual({ trigger: "leftZone", step: 1 });
    expect(moveProvokes([false, true, false])).toEqual({ trigger: "leftZone", step: 2 });
  });
  it("two spaces within the zone are allowed, the third is not", () => {
    expect(moveProvokes([true, true, true])).toBeNull();
    expect(moveProvokes([true, true, true, true])).toEqual({ trigger: "movedWithin", step: 3 });
    expect(moveProvokes([false, true, true, true, true]))
      .toEqual({ trigger: "movedWithin", step: 4 });
  });
  it("a disengaged mover provokes nothing; a move that never enters provokes nothing", () => {
    expect(moveProvokes([true, false], true)).toBeNull();
    expect(moveProvokes([false, false, false])).toBeNull();
  });
  it("agrees with the engine's count of steps within a zone on a grid (Reach: zone 2)", () => {
    const grid = squareGrid();
    const me = { i: 5, j: 5 };
    const away = (c: { i: number; j: number }) =>
      Math.max(Math.abs(c.i - me.i), Math.abs(c.j - me.j));
    const zone = (r: number) => {
      const cells = [];
      for (let i = me.i - r; i <= me.i + r; i++) {
        for (let j = me.j - r; j <= me.j + r; j++) if (i !== me.i || j !== me.j) cells.push({ i, j });
      }
      return cells;
    };
    // Around the unit at distance 2, inside a Reach zone all the way: four steps within.
    const path = [3, 4, 5, 6, 7].map((i) => ({ i, j: 3 }));
    const inside2 = path.map((c) => away(c) <= 2);
    expect(stepsWithin(grid, path, zone(2))).toEqual([1, 2, 3, 4]);
    expect(moveProvokes(inside2)).toEqual({ trigger: "movedWithin", step: 3 });
    const inside1 = path.map((c) => away(c) <= 1);
    expect(stepsWithin(grid, path, zone(1))).toEqual([]);
    expect(moveProvokes(inside1)).toBeNull();
  });
  it("provokes exactly when a step leaves or the steps within pass 2 (property)", () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { maxLength: 12 }), (inside) => {
      let within = 0;
      let expected = false;
      for (let k = 1; k < inside.length; k++) {
        if (inside[k - 1] && !inside[k]) expected = true;
        if (inside[k - 1] && inside[k]) within++;
      }
      if (within > 2) expected = true;
      expect(moveProvokes(inside) !== null).toBe(expected);
    }));
  });
});

describe("a natural 1 against the unit (§Combat specific Fails/Criticals)", () => {
  it("in its melee zone: a free hit, a critical one on a tragedy; outside: none", () => {
    expect(fumbleFreeHit(true, false)).toBe("freeHit");
    expect(fumbleFreeHit(true, true)).toBe("criticalFreeHit");
    expect(fumbleFreeHit(false, true)).toBe("none");
  });
});
