import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orderSides, rollSides, type SideEntry } from "../../src/engine/initiative/sides";
import { SeededRoller } from "../../src/engine/dice/roller";

const party: SideEntry = { id: "party", bonus: 2, favoured: true };
const goblins: SideEntry = { id: "goblins", bonus: 0 };
const wolves: SideEntry = { id: "wolves", bonus: 0 };
const noBreak = () => {
  throw new Error("no tie-break expected");
};

describe("side initiative (002 §Combat Sequence; RULINGS.md §shock Side initiative, Sides)", () => {
  it("highest result first; the bonus counts", () => {
    const r = orderSides([party, goblins], [3, 4], noBreak);
    expect(r.order).toEqual(["party", "goblins"]);
    expect(r.rolls[0]).toMatchObject({ die: 3, bonus: 2, result: 5 });
  });

  it("the favoured side wins its ties without a roll", () => {
    expect(orderSides([goblins, party], [6, 4], noBreak).order).toEqual(["party", "goblins"]);
    // Three-way tie: the party first, the others re-roll among themselves.
    const breaks = [2, 7];
    const r = orderSides([goblins, party, wolves], [6, 4, 6], () => breaks.shift() as number);
    expect(r.order).toEqual(["party", "wolves", "goblins"]);
    expect(r.rolls.find((x) => x.id === "goblins")?.tieBreaks).toEqual([2]);
    expect(r.rolls.find((x) => x.id === "party")?.tieBreaks).toEqual([]);
  });

  it("unfavoured ties re-roll until broken, changing only their own order", () => {
    const breaks = [5, 5, 1, 3];
    const r = orderSides([goblins, wolves, { id: "bats", bonus: 0 }], [4, 4, 8], () => breaks.shift() as number);
    expect(r.order).toEqual(["bats", "wolves", "goblins"]);
    expect(r.rolls[0]?.tieBreaks).toEqual([5, 1]);
    expect(r.rolls[0]?.result).toBe(4);
  });

  it("exact: the party with +1 goes first in 43 of 64 two-side rolls (1d8+1 ≥ 1d8: 2+3+…+8 + 8)", () => {
    let first = 0;
    for (let a = 1; a <= 8; a++) {
      for (let b = 1; b <= 8; b++) {
        if (orderSides([{ id: "party", bonus: 1, favoured: true }, goblins], [a, b], noBreak).order[0] === "party") first++;
      }
    }
    expect(first).toBe(43);
  });

  it("property: the order is a permutation, sorted by result, the favoured side first among equals", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 1000 }),
      fc.boolean(),
      (bonuses, seed, favour) => {
        const sides = bonuses.map((bonus, i): SideEntry => ({ id: `s${i}`, bonus, favoured: favour && i === 0 }));
        const r = rollSides(sides, new SeededRoller(seed));
        expect([...r.order].sort()).toEqual(sides.map((s) => s.id).sort());
        const result = new Map(r.rolls.map((x) => [x.id, x]));
        for (let i = 1; i < r.order.length; i++) {
          const prev = result.get(r.order[i - 1] as string)!;
          const cur = result.get(r.order[i] as string)!;
          expect(prev.result).toBeGreaterThanOrEqual(cur.result);
          if (cur.favoured) expect(prev.result).toBeGreaterThan(cur.result);
          expect(cur.die + cur.bonus).toBe(cur.result);
        }
      },
    ));
  });

  it("property: rolling the sides is ordering their first dice, tie-breaks and all", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -1, max: 4 }),
      (bonuses, seed, favoured) => {
        const sides = bonuses.map((bonus, i): SideEntry => ({ id: `s${i}`, bonus, favoured: i === favoured }));
        const roller = new SeededRoller(seed);
        const rolled = rollSides(sides, roller, 4);
        const again = new SeededRoller(seed);
        const dice = sides.map(() => again.die(4));
        expect(rolled).toEqual(orderSides(sides, dice, () => again.die(4), 4));
        // Both left the roller at the same die.
        expect(roller.die(4)).toBe(again.die(4));
      },
    ));
  });

  it("refuses two favoured sides, repeated ids and mismatched dice", () => {
    expect(() => orderSides([party, { ...goblins, favoured: true }], [1, 2], noBreak)).toThrow(RangeError);
    expect(() => orderSides([goblins, goblins], [1, 2], noBreak)).toThrow(RangeError);
    expect(() => orderSides([goblins], [1, 2], noBreak)).toThrow(RangeError);
    expect(() => orderSides([], [], noBreak)).toThrow(RangeError);
  });
});
