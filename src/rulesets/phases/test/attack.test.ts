import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { squareGrid, hexGrid } from "../../../engine/space/grid";
import {
  damageDealt, damageFormula, effectsInflicted, hitChance, planAttack, reaches, resolveAttack,
  rollsDamage,
} from "../rules/attack";
import { attackEdge, edgeOfSources } from "../rules/edge";
import { statblockFromActor } from "../rules/statblock";
import { goblin, wren } from "./fixtures";

/**
 * phases' attacks: 2d6 (and the stepped die) keep two, + ATK ≥ DEF; exact hit chances against an
 * independent count in big integers; damage on a hit, on a miss only as the power says; effects;
 * reach. Source: `003_d18720f6cd315cc2.txt` §Battle Actions, §Advantage / Disadvantage;
 * RULINGS.md §phases Battle phase, Powers.
 */
const LADDER: Record<number, number> = { 1: 6, 2: 8, 3: 10, 4: 12, [-1]: 12, [-2]: 10, [-3]: 8, [-4]: 6 };

/** Hits of 2d6 (+ the edge's die) keep two + margin ≥ 0, counted by nested loops in BigInt. */
function bruteHits(edge: number, margin: number): { hits: bigint; total: bigint } {
  const extra = edge === 0 ? 0 : (LADDER[edge] as number);
  let hits = 0n;
  let total = 0n;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      for (let c = 1; c <= Math.max(1, extra); c++) {
        const dice = extra ? [a, b, c].sort((x, y) => x - y) : [a, b];
        const kept = !extra ? a + b : edge > 0 ? dice[1]! + dice[2]! : dice[0]! + dice[1]!;
        total += 1n;
        if (kept + margin >= 0) hits += 1n;
      }
    }
  }
  return { hits, total };
}

const sameFraction = (a: { hits: bigint; total: bigint }, b: { hits: number; total: number }) =>
  a.hits * BigInt(b.total) === BigInt(b.hits) * a.total;

describe("hit chances, exactly (003 §Battle Actions: 2d6 + ATK ≥ DEF)", () => {
  it("without edge it is 2d6 against DEF − ATK: 7 needed is 21/36, 12 is 1/36, 13 never, 2 always", () => {
    expect(hitChance(0, -7)).toEqual({ hits: 21, total: 36 });
    expect(hitChance(0, -12)).toEqual({ hits: 1, total: 36 });
    expect(hitChance(0, -13)).toEqual({ hits: 0, total: 36 });
    expect(hitChance(0, -2)).toEqual({ hits: 36, total: 36 });
  });
  it("known values with edge: Advantage 1 needing 12 is 16/216; Advantage 4 needing 18 is 11/432", () => {
    expect(hitChance(1, -12)).toEqual({ hits: 16, total: 216 });
    expect(hitChance(4, -18)).toEqual({ hits: 11, total: 432 });
    // Disadvantage 4 (a third d6, two lowest) needing 12: all three dice show 6.
    expect(hitChance(-4, -12)).toEqual({ hits: 1, total: 216 });
  });
  it("equals an independent count in big integers for every edge −4..4 and margin −20..2", () => {
    for (let edge = -4; edge <= 4; edge++) {
      for (let margin = -20; margin <= 2; margin++) {
        expect(sameFraction(bruteHits(edge, margin), hitChance(edge, margin))).toBe(true);
      }
    }
  });
  it("never falls as the edge or the margin grows; beyond ±4 the edge changes nothing", () => {
    for (let margin = -20; margin <= 2; margin++) {
      for (let edge = -4; edge < 4; edge++) {
        const lo = hitChance(edge, margin);
        const hi = hitChance(edge + 1, margin);
        expect(BigInt(hi.hits) * BigInt(lo.total) >= BigInt(lo.hits) * BigInt(hi.total)).toBe(true);
        const next = hitChance(edge, margin + 1);
        expect(next.hits).toBeGreaterThanOrEqual(lo.hits);
      }
      expect(hitChance(7, margin)).toEqual(hitChance(4, margin));
      expect(hitChance(-9, margin)).toEqual(hitChance(-4, margin));
    }
    expect(() => hitChance(0, 0.5)).toThrow(RangeError);
  });
});

describe("resolving an attack", () => {
  const w = statblockFromActor(wren());
  const g = statblockFromActor(goblin());
  it("Wren (tier 2, ATK 4) on the Goblin (tier 1, DEF 11): 1 Advantage, 3d6 keep two", () => {
    const plan = planAttack(w.atk, g.def, attackEdge({
      attacker: { tier: w.tier, conditions: [] }, target: { id: g.id, tier: g.tier, conditions: [] },
      attackKind: "melee",
    }));
    expect(plan).toMatchObject({ formula: "3d6kh2", atk: 4, def: 11, edge: 1 });
    expect(plan.sources).toEqual([{ source: "tier", amount: 1 }]);
    // 1, 3, 4: keeps 3 and 4, 7 + 4 = 11 hits DEF 11 exactly; 1, 2, 4 keeps 6, 10 misses.
    expect(resolveAttack(plan, [1, 3, 4])).toMatchObject({ total: 11, hit: true });
    expect(resolveAttack(plan, [1, 3, 4]).roll.keptIndices).toEqual([1, 2]);
    expect(resolveAttack(plan, [1, 2, 4])).toMatchObject({ total: 10, hit: false });
    expect(() => resolveAttack(plan, [1, 2])).toThrow(RangeError);
  });
  it("the Goblin on Wren: 1 Disadvantage, a d12 and the two lowest", () => {
    const plan = planAttack(g.atk, w.def, attackEdge({
      attacker: { tier: g.tier, conditions: [] }, target: { id: w.id, tier: w.tier, conditions: [] },
      attackKind: "melee",
    }));
    expect(plan.formula).toBe("{1d6,1d6,1d12}kl2");
    expect(resolveAttack(plan, [6, 5, 12])).toMatchObject({ total: 13, hit: true });
    expect(resolveAttack(plan, [6, 5, 2])).toMatchObject({ total: 9, hit: false });
  });
  it("property: over every outcome of the pool, resolveAttack's hits are hitChance's", () => {
    fc.assert(fc.property(
      fc.integer({ min: -4, max: 4 }), fc.integer({ min: -3, max: 10 }), fc.integer({ min: 5, max: 22 }),
      (edge, atk, def) => {
        const plan = planAttack(atk, def, edgeOfSources(edge ? [{ source: "x", amount: edge }] : []));
        let hits = 0;
        let total = 0;
        const faces = plan.pool.faces;
        const visit = (dice: number[]): void => {
          if (dice.length === faces.length) {
            total++;
            const r = resolveAttack(plan, dice);
            expect(r.total).toBe(r.roll.natural + atk);
            if (r.hit) hits++;
            return;
          }
          for (let v = 1; v <= faces[dice.length]!; v++) visit([...dice, v]);
        };
        visit([]);
        expect({ hits, total }).toEqual(hitChance(edge, atk - def));
      },
    ), { numRuns: 120 });
  });
});

describe("damage and effects (RULINGS.md §phases Powers)", () => {
  const [sword, bow] = statblockFromActor(wren()).attacks;
  it("a hit deals the dice and the bonus; a miss nothing unless the power says half or full", () => {
    expect(damageDealt(sword!, true, [5])).toBe(7);
    expect(damageDealt(sword!, false, [])).toBe(0);
    expect(rollsDamage(sword!, false)).toBe(false);
    expect(damageDealt(bow!, true, [3, 4])).toBe(7);
    expect(damageDealt(bow!, false, [3, 4])).toBe(3);
    expect(rollsDamage(bow!, false)).toBe(true);
    expect(damageDealt({ ...bow!, miss: "full" }, false, [3, 4])).toBe(7);
    expect(damageDealt({ damage: { dice: 1, die: 4, bonus: -3 }, miss: "none" }, true, [1])).toBe(0);
    expect(() => damageDealt(sword!, true, [9])).toThrow(RangeError);
    expect(() => damageDealt(sword!, true, [])).toThrow(RangeError);
  });
  it("formulas as Foundry reads them", () => {
    expect(damageFormula({ dice: 1, die: 8, bonus: 2 })).toBe("1d8 + 2");
    expect(damageFormula({ dice: 2, die: 6, bonus: 0 })).toBe("2d6");
    expect(damageFormula({ dice: 1, die: 6, bonus: -1 })).toBe("1d6 - 1");
    expect(damageFormula({ dice: 0, die: 6, bonus: 4 })).toBe("4");
  });
  it("effects land on a hit; on a miss only those marked so", () => {
    expect(effectsInflicted(sword!, true).map((e) => e.condition)).toEqual(["dazed"]);
    expect(effectsInflicted(sword!, false)).toEqual([]);
    expect(effectsInflicted(bow!, false).map((e) => e.condition)).toEqual(["slowed"]);
  });
  it("property: half damage is the full damage halved down, never more than a hit", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 4 }), fc.constantFrom(4, 6, 8, 10, 12), fc.integer({ min: -10, max: 20 }),
      fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })),
      (dice, die, bonus, rand) => {
        const rolled = Array.from({ length: dice }, () => 1 + Math.floor(rand.next().value * die));
        const damage = { dice, die, bonus };
        const hit = damageDealt({ damage, miss: "none" }, true, rolled);
        expect(hit).toBe(Math.max(0, rolled.reduce((s, v) => s + v, bonus)));
        expect(damageDealt({ damage, miss: "half" }, false, rolled)).toBe(Math.floor(hit / 2));
        expect(damageDealt({ damage, miss: "full" }, false, rolled)).toBe(hit);
      },
    ), { numRuns: 300 });
  });
});

describe("reach", () => {
  const [sword, bow] = statblockFromActor(wren()).attacks;
  const at = (i: number, j: number) => ({ origin: { i, j } });
  it("melee reaches adjacent squares, diagonals included; ranged reaches within its range", () => {
    const g = squareGrid();
    expect(reaches(g, sword!, at(0, 0), at(1, 1))).toBe(true);
    expect(reaches(g, sword!, at(0, 0), at(0, 2))).toBe(false);
    expect(reaches(g, bow!, at(0, 0), at(0, 12))).toBe(true);
    expect(reaches(g, bow!, at(0, 0), at(0, 13))).toBe(false);
    expect(reaches(g, bow!, at(0, 0), at(0, 1))).toBe(true);
    expect(reaches(hexGrid(false, false), sword!, at(2, 2), at(2, 3))).toBe(true);
    expect(reaches({ kind: "gridless" }, sword!, at(0, 0), at(0, 1))).toBeNull();
  });
});
