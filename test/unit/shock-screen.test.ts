import { describe, expect, it } from "vitest";
import { UNARMED, type Statblock } from "../../src/rulesets/shock/rules/statblock";
import { adjacent, screenersOf, screenFromPool, type Screener } from "../../src/rulesets/shock/foundry/chat/screen";

/** Screen an Ally in Foundry, pure parts. Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally. */
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

describe("the opposed checks from Foundry's dice", () => {
  const attacker = { id: "foe", block: block(1, 1) };
  it("the worst-rolling screener who won takes the attack; none won: it stays on the ward", () => {
    // Attacker 2d6 [3,3] + STR 1 + Stab 1 = 8; a: [5,5] + 1 = 11 wins; b: [4,3] + 1 = 8 ties, re-roll:
    // attacker [1,1] + 2 = 4, b [2,2] + 1 = 5 wins. Both won; b's decisive 5 is the worst.
    const both = screenFromPool(attacker, [screener("a"), screener("b")], [3, 3, 5, 5, 4, 3, 1, 1, 2, 2]);
    expect(both?.takenBy).toBe("b");
    const none = screenFromPool(attacker, [screener("a")], [6, 6, 1, 1]);
    expect(none?.takenBy).toBeNull();
  });

  it("asks for more dice when the pool runs out", () => {
    expect(screenFromPool(attacker, [screener("a")], [3, 3, 4, 3])).toBeNull();
    // The tie's re-roll decides (8 vs 8, then 4 vs 5); one die short of it is not enough.
    expect(screenFromPool(attacker, [screener("a")], [3, 3, 4, 3, 1, 1, 2, 2])?.takenBy).toBe("a");
    expect(screenFromPool(attacker, [screener("a")], [3, 3, 4, 3, 1, 1, 2])).toBeNull();
  });
});
