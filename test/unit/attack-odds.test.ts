import { describe, expect, it } from "vitest";
import { edgePool, keepDice, type PoolSpec } from "../../src/engine/dice/pool";
import { poolDistribution } from "../../src/engine/dice/distribution";
import { attackFormula, planAttack, resolveAttack, type AttackRequest } from "../../src/rulesets/escalation/rules/attack";
import { attackOdds } from "../../src/rulesets/escalation/rules/odds";

/** Independent distribution: multinomial over how many dice show each face (no enumeration of orders). */
function multinomialDistribution(spec: PoolSpec): { counts: number[]; total: number } {
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  const counts = new Array<number>(spec.keep * spec.faces + 1).fill(0);
  const rec = (face: number, left: number, chosen: number[]): void => {
    if (face === spec.faces) {
      const all = [...chosen, left];
      const ways = fact(spec.count) / all.reduce((p, c) => p * fact(c), 1);
      const values = all.flatMap((c, i) => new Array<number>(c).fill(i + 1));
      values.sort((a, b) => (spec.mode === "highest" ? b - a : a - b));
      const natural = values.slice(0, spec.keep).reduce((s, v) => s + v, 0);
      counts[natural] = (counts[natural] ?? 0) + ways;
      return;
    }
    for (let c = 0; c <= left; c++) rec(face + 1, left - c, [...chosen, c]);
  };
  rec(1, spec.count, []);
  return { counts, total: spec.faces ** spec.count };
}

/** Every ordered outcome of a pool, through the real resolveAttack. */
function enumerate(request: AttackRequest): { hit: number; crit: number; total: number } {
  const plan = planAttack(request);
  let hit = 0, crit = 0, total = 0;
  const dice = new Array<number>(plan.pool.count).fill(1);
  for (;;) {
    const o = resolveAttack(plan, dice);
    total++;
    if (o.hit) hit++;
    if (o.crit) crit++;
    let i = 0;
    while (i < dice.length && dice[i] === 6) dice[i++] = 1;
    if (i === dice.length) break;
    dice[i] = (dice[i] ?? 0) + 1;
  }
  return { hit, crit, total };
}

const request = (edge: number, defense: number, targetConditions: string[] = [], weaknesses: ("fire" | "weapon")[] = []): AttackRequest => ({
  attacker: { level: 3, volition: 3, isPC: true, usesEscalation: true, conditions: [] },
  target: { defenses: { ac: defense, pd: defense, md: defense }, conditions: targetConditions, weaknesses },
  defense: "ac", escalationDie: 2, damageTypes: ["fire"], manualEdge: edge,
});

describe("exact attack odds (RULINGS.md §escalation Edge, Crit range)", () => {
  it("3d6 baseline: the known fractions", () => {
    const { counts, total } = poolDistribution(edgePool(3, 6, 0));
    expect(total).toBe(216);
    expect((counts[17] ?? 0) + (counts[18] ?? 0)).toBe(4);
    expect(counts[3]).toBe(1);
    expect(counts[10]).toBe(27);
    expect(counts[11]).toBe(27);
  });

  it("4d6 keep 3: P(18) = 21/1296 with Advantage, P(3) = 21/1296 with Disadvantage", () => {
    expect(poolDistribution(edgePool(3, 6, 1)).counts[18]).toBe(21);
    expect(poolDistribution(edgePool(3, 6, -1)).counts[3]).toBe(21);
  });

  for (let edge = -3; edge <= 3; edge++) {
    it(`edge ${edge}: the pool distribution equals an independent multinomial count`, () => {
      const spec = edgePool(3, 6, edge);
      expect(poolDistribution(spec)).toEqual(multinomialDistribution(spec));
    });

    for (const defense of [10, 16, 22]) {
      it(`edge ${edge}, defense ${defense}: attackOdds equals resolveAttack over every outcome`, () => {
        const r = request(edge, defense);
        const odds = attackOdds(planAttack(r));
        const brute = enumerate(r);
        expect({ hit: odds.hit, crit: odds.crit, total: odds.total }).toEqual(brute);
      });
    }
  }

  it("crit odds widen for Vulnerable (16+) and Weak plus Vulnerable (15+)", () => {
    const dist = multinomialDistribution(edgePool(3, 6, 0)).counts;
    const atLeast = (n: number) => dist.slice(n).reduce((s, c) => s + c, 0);
    expect(attackOdds(planAttack(request(0, 15))).crit).toBe(atLeast(17));
    expect(attackOdds(planAttack(request(0, 15, ["vulnerable"]))).crit).toBe(atLeast(16));
    expect(attackOdds(planAttack(request(0, 15, [], ["fire"]))).crit).toBe(atLeast(16));
    expect(attackOdds(planAttack(request(0, 15, ["vulnerable"], ["fire"]))).crit).toBe(atLeast(15));
  });

  it("more edge never lowers the chance to hit", () => {
    for (const defense of [8, 14, 20, 26]) {
      let last = -1;
      for (let edge = -3; edge <= 3; edge++) {
        const o = attackOdds(planAttack(request(edge, defense)));
        const p = o.hit / o.total;
        expect(p).toBeGreaterThanOrEqual(last);
        last = p;
      }
    }
  });
});

describe("resolveAttack (000_c2dc3d650823e22d.txt §Attacks)", () => {
  const plan = planAttack(request(0, 40));
  it("natural 17+ always hits and crits, even against an impossible defense", () => {
    expect(resolveAttack(plan, [6, 6, 5])).toMatchObject({ natural: 17, hit: true, crit: true, critFail: false });
  });
  it("natural 3 always misses and is a crit fail, even against defense 0", () => {
    const easy = planAttack(request(0, 0));
    expect(resolveAttack(easy, [1, 1, 1])).toMatchObject({ natural: 3, hit: false, crit: false, critFail: true });
  });
  it("total = natural + Level + Volition + Escalation; meeting the defense hits", () => {
    const p = planAttack(request(0, 18));
    expect(p.modifier).toBe(3 + 3 + 2);
    expect(resolveAttack(p, [4, 3, 3])).toMatchObject({ natural: 10, total: 18, hit: true });
    expect(resolveAttack(p, [4, 3, 2])).toMatchObject({ total: 17, hit: false });
  });
  it("keeps the best three with Advantage and the worst three with Disadvantage", () => {
    expect(keepDice(edgePool(3, 6, 2), [1, 6, 2, 5, 4]).natural).toBe(15);
    expect(keepDice(edgePool(3, 6, -2), [1, 6, 2, 5, 4]).natural).toBe(7);
    expect(() => resolveAttack(plan, [1, 2])).toThrow(RangeError);
  });
  it("writes the Foundry formula with the edge pool", () => {
    expect(attackFormula(planAttack(request(1, 15)))).toBe("4d6kh3 + 3 + 3 + 2");
    expect(attackFormula(planAttack(request(-2, 15)))).toBe("5d6kl3 + 3 + 3 + 2");
  });
});
