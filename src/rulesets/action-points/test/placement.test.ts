import { describe, expect, it } from "vitest";
import { GRIDLESS, hexGrid } from "../../../engine/space/grid";
import {
  canIntercept, distanceOf, reachesBack, threatenersOf, type Placed,
} from "../play/cards/placement";
import type { Weapon } from "../rules/statblock";

/**
 * The attack card's placement decisions on a hex grid (rows, odd offset): distance, gang-up,
 * a Riposte's reach back, Intercept spots within 3 hexes; nothing measured off the grid.
 * Source: `004_2cc57162401858c9.txt` §Gang-up, §Threat Range, §Riposte, §Intercept.
 */
const grid = hexGrid(false, false);
const sword: Weapon = {
  id: "s", name: "Sword", category: "sword", kind: "melee", damage: { dice: 1, die: 8, bonus: 0 },
  reach: 1, range: 0, finesse: false, offHand: false, readied: true, flowActions: [],
};
const at = (i: number, j: number) => ({ origin: { i, j } });
const fighter = (i: number, j: number, weapons: Weapon[] = [sword]): Placed =>
  ({ at: at(i, j), block: { size: "medium", weapons } });

describe("placement on the grid", () => {
  it("distance in hexes; none off the grid", () => {
    expect(distanceOf(grid, at(0, 0), at(0, 3))).toBe(3);
    expect(distanceOf(GRIDLESS, at(0, 0), at(0, 3))).toBeNull();
  });

  it("gang-up counts those whose melee reach threatens the target", () => {
    const target = at(0, 2);
    expect(threatenersOf(grid, target, [fighter(0, 1), fighter(0, 3), fighter(0, 6)])).toBe(2);
    expect(threatenersOf(grid, target, [fighter(0, 1, [])])).toBe(0);
    const pike = { ...sword, id: "p", reach: 2 };
    expect(threatenersOf(grid, target, [fighter(0, 4, [pike])])).toBe(1);
    expect(threatenersOf(GRIDLESS, target, [fighter(0, 1)])).toBe(0);
  });

  it("a Riposte reaches back only within its reach; off the grid it does", () => {
    expect(reachesBack(grid, fighter(0, 2), at(0, 1))).toBe(true);
    expect(reachesBack(grid, fighter(0, 2), at(0, 5))).toBe(false);
    expect(reachesBack(GRIDLESS, fighter(0, 2), at(0, 5))).toBe(true);
  });

  it("an ally intercepts a melee attack only if 3 hexes bring it next to both", () => {
    expect(canIntercept(grid, "melee", at(0, 3), at(0, 1), at(0, 0))).toBe(true);
    expect(canIntercept(grid, "melee", at(0, 4), at(0, 1), at(0, 0))).toBe(false);
    expect(canIntercept(GRIDLESS, "melee", at(0, 9), at(0, 1), at(0, 0))).toBe(true);
  });
});
