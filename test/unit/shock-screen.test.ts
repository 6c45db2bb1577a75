import { describe, expect, it } from "vitest";
import { UNARMED, type Statblock } from "../../src/rulesets/shock/rules/statblock";
import { adjacent, screenersOf, type Screener } from "../../src/rulesets/shock/play/cards/screen";

/**
 * Screen an Ally in Foundry, pure parts: who screens (the checks are the reaction window's, tested
 * in `src/rulesets/shock/test/reaction-window.test.ts` and on the GM's client in
 * test/unit/shock-roll-steps.test.ts). Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally.
 */
function block(stab: number, str = 0): Statblock {
  return {
    id: "b", name: "B", isPC: true, attackBonus: 0, hitDice: 1, attributes: { str, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    skills: { stab, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false, save: 14,
    snapAttack: true, morale: 12, fearless: true, group: "B", weapons: [UNARMED],
  };
}
const screener = (id: string, over: Partial<Screener> = {}): Screener => ({
  id, block: block(1), screening: "ward", screenedAttackers: [], up: true, nearWard: true, ...over,
});

describe("who screens", () => {
  it("screeners of the ward who are up, near it and have capacity left for this attacker", () => {
    const list = [
      screener("a"), screener("far", { nearWard: false }), screener("down", { up: false }), screener("other", { screening: "x" }),
      screener("full", { screenedAttackers: ["z"] }), screener("again", { screenedAttackers: ["foe"] }),
      screener("untrained", { block: block(0) }),
    ];
    expect(screenersOf("ward", "foe", list).map((s) => s.id)).toEqual(["a", "again"]);
  });

  it("adjacency on a square grid, token sizes counted", () => {
    const at = (x: number, y: number, size = 1) => ({ x: x * 100, y: y * 100, width: size, height: size });
    expect(adjacent(at(0, 0), at(1, 1), 100)).toBe(true);
    expect(adjacent(at(0, 0), at(2, 0), 100)).toBe(false);
    expect(adjacent(at(0, 0, 2), at(2, 1), 100)).toBe(true);
  });
});
