import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkDice, rollDice, runAsync, runFromPool, runSync, type DiceRequest, type RollPlan,
} from "../../src/engine/dice/plan";
import { oneAgainstManyPlan, opposedPlan, type OpposedSide } from "../../src/engine/dice/opposed";
import { chainPlan } from "../../src/engine/dice/chain";
import { sidesPlan, type SideEntry } from "../../src/engine/initiative/sides";
import { rankByScorePlan, roundOrderPlan } from "../../src/engine/initiative/ranked";
import { SeededRoller } from "../../src/engine/dice/roller";
import { recording, scripted } from "./plan-support";

/** Passes a plan through, writing down every request it makes. */
function* tap<T>(plan: RollPlan<T>, seen: DiceRequest[]): RollPlan<T> {
  let step = plan.next();
  while (!step.done) {
    seen.push(step.value);
    step = plan.next(yield step.value);
  }
  return step.value;
}

/** Three d6, then as many d4 as the first d6 showed, then the sum of all. */
function* growing(): RollPlan<number> {
  const first = yield* rollDice(3, 6, "first");
  const more = yield* rollDice(first[0] as number, 4, "more");
  return [...first, ...more].reduce((s, d) => s + d, 0);
}

describe("roll plans: the drivers (src/engine/dice/plan.ts)", () => {
  it("runSync feeds each request its dice in order; the next request may depend on them", () => {
    const roller = scripted([2, 5, 6, 3, 1]);
    const seen: DiceRequest[] = [];
    expect(runSync(tap(growing(), seen), roller)).toBe(2 + 5 + 6 + 3 + 1);
    expect(seen).toEqual([{ count: 3, faces: 6, label: "first" }, { count: 2, faces: 4, label: "more" }]);
    expect(roller.asked).toEqual([6, 6, 6, 4, 4]);
  });

  it("runAsync asks one request at a time, never for 0 dice, and gives the same result", async () => {
    const asked: DiceRequest[] = [];
    let pending = 0;
    const queue = [1, 4, 4, 2];
    const value = await runAsync(growing(), async (request) => {
      expect(pending).toBe(0);
      pending++;
      asked.push(request);
      await new Promise((r) => setTimeout(r, 0));
      pending--;
      return queue.splice(0, request.count);
    });
    expect(value).toBe(1 + 4 + 4 + 2);
    expect(asked.map((r) => r.count)).toEqual([3, 1]);
    // A 0-dice request is answered with no dice, without asking.
    const zero = queue.length;
    function* none(): RollPlan<number> {
      return (yield* rollDice(0, 6)).length;
    }
    expect(await runAsync(none(), async () => { throw new Error("asked for nothing"); })).toBe(0);
    expect(queue).toHaveLength(zero);
  });

  it("runFromPool: the result and the dice used, or null when the pool runs out", () => {
    expect(runFromPool(growing(), [2, 5, 6, 3, 1, 6, 6])).toEqual({ value: 17, used: 5 });
    expect(runFromPool(growing(), [2, 5, 6, 3])).toBeNull();
    expect(runFromPool(growing(), [])).toBeNull();
  });

  it("refuses bad requests and dice outside the request, in every driver", async () => {
    function* bad(count: number, faces: number): RollPlan<void> {
      yield* rollDice(count, faces);
    }
    for (const [count, faces] of [[-1, 6], [1.5, 6], [1, 0], [2, 2.5], [Number.NaN, 6]] as const) {
      expect(() => runSync(bad(count, faces), scripted([1, 1]))).toThrow(RangeError);
      await expect(runAsync(bad(count, faces), async () => [1, 1])).rejects.toThrow(RangeError);
      expect(() => runFromPool(bad(count, faces), [1, 1, 1])).toThrow(RangeError);
    }
    expect(() => runSync(growing(), scripted([7, 1, 1]))).toThrow(/d6 cannot show 7/);
    expect(() => runSync(growing(), scripted([0, 1, 1]))).toThrow(RangeError);
    await expect(runAsync(growing(), async () => [1, 1])).rejects.toThrow(/asked 3d6, got 2/);
    await expect(runAsync(growing(), async () => [1, 2.5, 1])).rejects.toThrow(RangeError);
    expect(() => runFromPool(growing(), [1, 9, 1, 1])).toThrow(RangeError);
    expect(checkDice({ count: 2, faces: 1 }, [1, 1])).toEqual([1, 1]);
  });

  it("a plan's own errors reach the caller of every driver", async () => {
    function* refusing(): RollPlan<number> {
      const [d] = yield* rollDice(1, 6);
      if (d === 6) throw new Error("six");
      return d as number;
    }
    expect(() => runSync(refusing(), scripted([6]))).toThrow("six");
    await expect(runAsync(refusing(), async () => [6])).rejects.toThrow("six");
    expect(() => runFromPool(refusing(), [6])).toThrow("six");
  });
});

/** A plan the property below builds: every plan the engine offers, with small dice so ties occur. */
type Made = { name: string; make: () => RollPlan<unknown> };

const side = (id: string, dice: number, faces: number, modifier: number): OpposedSide => ({
  id, dice, faces, modifiers: [{ source: "test", value: modifier }],
});

const arbPlan: fc.Arbitrary<Made> = fc.oneof(
  fc.record({ dice: fc.integer({ min: 1, max: 3 }), faces: fc.integer({ min: 1, max: 4 }),
    ma: fc.integer({ min: -2, max: 2 }), mb: fc.integer({ min: -2, max: 2 }) })
    .filter(({ faces, ma, mb }) => faces > 1 || ma !== mb)
    .map(({ dice, faces, ma, mb }) => ({
      name: "opposed", make: () => opposedPlan(side("a", dice, faces, ma), side("b", dice, faces, mb)),
    })),
  fc.record({ faces: fc.integer({ min: 2, max: 4 }), mods: fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 1, maxLength: 4 }) })
    .map(({ faces, mods }) => ({
      name: "oneAgainstMany",
      make: () => oneAgainstManyPlan(side("s", 1, faces, 0), mods.map((m, i) => side(`o${i}`, 1, faces, m))),
    })),
  fc.record({ faces: fc.integer({ min: 2, max: 4 }), bonuses: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 5 }), favour: fc.boolean() })
    .map(({ faces, bonuses, favour }) => ({
      name: "sides",
      make: () => sidesPlan(bonuses.map((bonus, i): SideEntry => ({ id: `s${i}`, bonus, favoured: favour && i === 0 })), faces),
    })),
  fc.record({ count: fc.integer({ min: 1, max: 2 }), faces: fc.integer({ min: 1, max: 4 }), tieDie: fc.integer({ min: 2, max: 4 }),
    mods: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }), withMod: fc.boolean(), policy: fc.constantFrom("never", "eachRound") })
    .map(({ count, faces, tieDie, mods, withMod, policy }) => ({
      name: "initiative",
      make: () => roundOrderPlan(policy as "never" | "eachRound", null, mods.map((modifier, i) => ({ id: `c${i}`, modifier })),
        { count, faces, tieDie, tieAddsModifier: withMod }),
    })),
  fc.record({ scores: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 5 }), tieDie: fc.integer({ min: 2, max: 3 }) })
    .map(({ scores, tieDie }) => ({
      name: "rankByScore", make: () => rankByScorePlan(scores.map((score, i) => ({ id: `c${i}`, score })), tieDie),
    })),
  fc.record({ start: fc.integer({ min: 2, max: 3 }), step: fc.integer({ min: 0, max: 1 }), maxLinks: fc.integer({ min: 1, max: 8 }) })
    .map((spec) => ({ name: "chain", make: () => chainPlan(spec) })),
);

describe("roll plans: the same dice give the same result in every driver", () => {
  it("property: runSync (seeded), runAsync and runFromPool agree on every plan, request by request", async () => {
    await fc.assert(fc.asyncProperty(arbPlan, fc.integer({ min: 0, max: 2 ** 31 }), async ({ make }, seed) => {
      const seenSync: DiceRequest[] = [];
      const roller = recording(new SeededRoller(seed));
      const sync = runSync(tap(make(), seenSync), roller);
      const dice = roller.dice.slice();
      const seenAsync: DiceRequest[] = [];
      const queue = dice.slice();
      const asyncValue = await runAsync(tap(make(), seenAsync), async (request) => queue.splice(0, request.count));
      expect(asyncValue).toEqual(sync);
      expect(seenAsync).toEqual(seenSync);
      expect(queue).toEqual([]);
      expect(runFromPool(make(), dice)).toEqual({ value: sync, used: dice.length });
      // One die short, the pool says so (unless nothing was rolled).
      if (dice.length) expect(runFromPool(make(), dice.slice(0, -1))).toBeNull();
      // The dice rolled are exactly those the requests asked for.
      expect(seenSync.reduce((n, r) => n + r.count, 0)).toBe(dice.length);
    }), { numRuns: 400 });
  });
});
