import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sideOrder } from "../../src/rulesets/shock/play/round/side-rolls";
import { parseInitiativeEntry } from "../../src/shell/combat/group-initiative";

/**
 * The tracker's initiative controls in side initiative (shell/combat/group-initiative.ts with
 * shock's documents/side-controls.ts): what the
 * GM's typing means for the side, and the order of the sides after a change, as the text orders
 * them (highest first, the party wins its ties, other ties re-roll). Source:
 * `002_5e27cdf788b28f5f.txt` §Combat Sequence; RULINGS.md §shock Side initiative. The Foundry tier
 * drives them through Foundry's own tracker (test/foundry/shock-initiative.test.ts).
 */
describe("typing in a row's initiative box", () => {
  it("sets, changes or clears its side's total, as Foundry reads the box", () => {
    expect(parseInitiativeEntry("7", 5)).toEqual({ kind: "set", total: 7 });
    expect(parseInitiativeEntry("=7", 5)).toEqual({ kind: "set", total: 7 });
    expect(parseInitiativeEntry("+2", 5)).toEqual({ kind: "set", total: 7 });
    expect(parseInitiativeEntry("-1", 5)).toEqual({ kind: "set", total: 4 });
    expect(parseInitiativeEntry("+3", null)).toEqual({ kind: "set", total: 3 });
    expect(parseInitiativeEntry("", 5)).toEqual({ kind: "clear" });
    expect(parseInitiativeEntry("  ", 5)).toEqual({ kind: "clear" });
  });

  it("refuses anything but a whole number entry", () => {
    for (const raw of ["fast", "1.5", "+-2", "7d"]) expect(parseInitiativeEntry(raw, 5), raw).toEqual({ kind: "invalid" });
  });
});

describe("the order of the sides after a change", () => {
  const party = (total: number, bonus = 2) => ({ side: "party", total, bonus });
  const side = (id: string, total: number) => ({ side: id, total, bonus: 0 });

  it("highest first; the party wins a tie with any side", () => {
    expect(sideOrder([party(6), side("foes", 5)], [])).toEqual(["party", "foes"]);
    expect(sideOrder([party(5), side("foes", 9)], [])).toEqual(["foes", "party"]);
    expect(sideOrder([side("foes", 5), party(5)], [])).toEqual(["party", "foes"]);
    expect(sideOrder([], [])).toEqual([]);
  });

  it("other ties re-roll: it asks for dice until the tie breaks, and only their order changes", () => {
    const sides = [party(3), side("wolves", 6), side("bandits", 6)];
    expect(sideOrder(sides, [])).toBeNull();
    expect(sideOrder(sides, [4, 4])).toBeNull();
    expect(sideOrder(sides, [2, 5])).toEqual(["bandits", "wolves", "party"]);
  });

  it("for any totals, a side acts before every side with a lower total, and the party before its equals", () => {
    const totals = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 });
    fc.assert(fc.property(totals, fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 60, maxLength: 60 }),
      (others, partyTotal, pool) => {
        const sides = [party(partyTotal), ...others.map((t, i) => side(`s${i}`, t))];
        const order = sideOrder(sides, pool);
        fc.pre(order !== null);
        const total = (id: string) => sides.find((s) => s.side === id)!.total;
        for (let i = 1; i < order!.length; i++) expect(total(order![i - 1]!)).toBeGreaterThanOrEqual(total(order![i]!));
        for (const s of sides) if (s.side !== "party" && s.total === partyTotal) {
          expect(order!.indexOf("party")).toBeLessThan(order!.indexOf(s.side));
        }
        expect([...order!].sort()).toEqual(sides.map((s) => s.side).sort());
      }));
  });
});
