import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool, runSync } from "../../../engine/dice/plan";
import { SeededRoller } from "../../../engine/dice/roller";
import { phaseOrders } from "../../../engine/initiative/phases";
import { freshSlots, pay, payableActions, startRound } from "../../../engine/economy/slots";
import { rollsEachRound, stepOrders } from "../../../engine/turns/scheme";
import {
  actsFirstChance, initiativeModifier, initiativePlan, rollRoundInitiative, roundOrders,
} from "../rules/initiative";
import {
  compareTurns, PHASE_STEPS, PHASES_ECONOMY, PHASES_TURNS, SEIZE_MARK,
} from "../rules/turn-scheme";
import { statblockFromActor } from "../rules/statblock";
import { goblin, wren } from "./fixtures";

/**
 * phases' initiative and turn scheme: 2d6 + INT + AGI every round, ties on d6 until broken,
 * seizers first to move and last to fight; the scheme's four steps give the engine's phase
 * orders; the round's two slots. Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative
 * Phase, §Movement Phase, §Battle Phase; RULINGS.md §phases Round, Initiative phase, Seizing.
 */
const entry = (id: string, int: number, agi: number) => ({ id, int, agi });

describe("the Initiative phase (003 §Initiative Phase)", () => {
  it("each combatant rolls 2d6 + INT + AGI, highest first", () => {
    const w = statblockFromActor(wren());
    const g = statblockFromActor(goblin());
    expect(initiativeModifier(w)).toBe(5);
    expect(initiativeModifier(g)).toBe(2);
    // Wren rolls 3 + 1 (+5 = 9), the goblin 6 + 5 (+2 = 13).
    const run = runFromPool(initiativePlan([w, g]), [3, 1, 6, 5]);
    expect(run?.used).toBe(4);
    expect(run?.value.map((e) => [e.id, e.score, e.dice])).toEqual([
      ["gob", 13, [6, 5]], ["wren", 9, [3, 1]],
    ]);
  });
  it("ties roll a d6, nothing added, until broken; the higher roll acts first", () => {
    // Both total 9; roll-offs 4 and 4 tie again, then 2 and 5: b first.
    const plan = () => initiativePlan([entry("a", 2, 3), entry("b", 4, 1)]);
    const run = runFromPool(plan(), [2, 2, 1, 3, 4, 4, 2, 5]);
    expect(run?.value.map((e) => [e.id, e.score, e.tiebreaks])).toEqual([
      ["b", 9, [4, 5]], ["a", 9, [4, 2]],
    ]);
    expect(run?.used).toBe(8);
  });
  it("a tie is a fair coin: of the 36 roll-offs, 15 put each first and 6 roll again", () => {
    const wins = { a: 0, b: 0, again: 0 };
    for (let x = 1; x <= 6; x++) {
      for (let y = 1; y <= 6; y++) {
        const run = runFromPool(initiativePlan([entry("a", 0, 0), entry("b", 0, 0)]), [3, 3, 3, 3, x, y]);
        if (run === null) wins.again++;
        else wins[run.value[0]!.id as "a" | "b"]++;
      }
    }
    expect(wins).toEqual({ a: 15, b: 15, again: 6 });
  });
  it("acting first: even modifiers 1/2; +1 against +0 exactly as a count over four dice", () => {
    expect(actsFirstChance(0, 0)).toEqual({ wins: 1296, total: 2592 });
    for (const [a, b] of [[1, 0], [4, -1], [0, 3], [0, 11]] as const) {
      let beats = 0n;
      let ties = 0n;
      for (let p = 1; p <= 6; p++) for (let q = 1; q <= 6; q++) {
        for (let r = 1; r <= 6; r++) for (let s = 1; s <= 6; s++) {
          if (p + q + a > r + s + b) beats++;
          else if (p + q + a === r + s + b) ties++;
        }
      }
      const got = actsFirstChance(a, b);
      // beats + ties / 2 over 1296, as a fraction.
      expect(BigInt(got.wins) * 1296n).toBe((2n * beats + ties) * BigInt(got.total) / 2n);
    }
    expect(actsFirstChance(0, 11)).toEqual({ wins: 0, total: 2592 });
  });
  it("property: a acts first against b exactly when b does not against a", () => {
    fc.assert(fc.property(fc.integer({ min: -6, max: 16 }), fc.integer({ min: -6, max: 16 }), (a, b) => {
      const x = actsFirstChance(a, b);
      const y = actsFirstChance(b, a);
      expect(x.wins + y.wins).toBe(x.total);
    }));
  });
  it("property: a round's roll orders every combatant by score, ties by their roll-offs", () => {
    fc.assert(fc.property(
      fc.array(fc.record({ int: fc.integer({ min: -2, max: 5 }), agi: fc.integer({ min: -2, max: 5 }) }),
        { minLength: 1, maxLength: 10 }),
      fc.integer(),
      (mods, seed) => {
        const entries = mods.map((m, i) => entry(`c${i}`, m.int, m.agi));
        const order = rollRoundInitiative(entries, new SeededRoller(seed));
        expect(order.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
        for (const e of order) {
          const src = entries.find((x) => x.id === e.id)!;
          expect(e.dice).toHaveLength(2);
          expect(e.score).toBe(e.dice[0]! + e.dice[1]! + src.int + src.agi);
          for (const t of e.tiebreaks) expect(t >= 1 && t <= 6).toBe(true);
        }
        for (let i = 1; i < order.length; i++) {
          const [p, q] = [order[i - 1]!, order[i]!];
          expect(p.score).toBeGreaterThanOrEqual(q.score);
          if (p.score === q.score) expect(p.tiebreaks.join()).not.toBe(q.tiebreaks.join());
        }
      },
    ), { numRuns: 300 });
  });
});

describe("seizing and the phase orders (003 §Movement Phase; RULINGS.md §phases Seizing)", () => {
  it("the lowest moves first, the highest fights first; a seizer moves first and fights last", () => {
    const ranked = [{ id: "hi" }, { id: "mid" }, { id: "lo" }];
    expect(roundOrders(ranked, [])).toEqual({ movement: ["lo", "mid", "hi"], battle: ["hi", "mid", "lo"] });
    expect(roundOrders(ranked, ["hi"])).toEqual({ movement: ["hi", "lo", "mid"], battle: ["mid", "lo", "hi"] });
    expect(() => roundOrders(ranked, ["nobody"])).toThrow(RangeError);
  });
  it("property: the scheme's steps give the engine's phase orders; each combatant moves and fights once", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 9 }),
      fc.infiniteStream(fc.boolean()),
      (ids, flips) => {
        const seizers = ids.filter(() => flips.next().value);
        const byStep = stepOrders(PHASE_STEPS, ids, { [SEIZE_MARK]: seizers });
        const orders = phaseOrders(ids, seizers);
        expect(byStep.get("movement")).toEqual(orders.movement);
        expect(byStep.get("battle")).toEqual(orders.battle);
        expect(byStep.get("initiative")).toEqual([]);
        expect(byStep.get("end")).toEqual([]);
        expect([...orders.battle].sort()).toEqual([...ids].sort());
        expect(orders.movement).toEqual([...orders.battle].reverse());
        const last = orders.battle.slice(orders.battle.length - seizers.length);
        expect([...last].sort()).toEqual([...seizers].sort());
      },
    ));
  });
});

describe("the turn scheme (003 §Combat Round)", () => {
  it("four phases, initiative rolled each round by each combatant with the same plan", () => {
    expect(PHASE_STEPS.map((s) => s.id)).toEqual(["initiative", "movement", "battle", "end"]);
    expect(PHASES_TURNS.initiative.reroll).toBe("eachRound");
    expect(rollsEachRound({ initiative: { by: "combatant", reroll: PHASES_TURNS.initiative.reroll } }))
      .toBe(true);
    expect(PHASES_TURNS.initiative.by).toBe("combatant");
    expect(PHASES_TURNS.surprise).toBeUndefined();
    const units = [{ id: "a", modifier: 5 }, { id: "b", modifier: 2 }];
    const viaScheme = runFromPool(PHASES_TURNS.initiative.plan!(units), [3, 1, 6, 5]);
    const viaRules = runFromPool(initiativePlan([entry("a", 5, 0), entry("b", 2, 0)]), [3, 1, 6, 5]);
    expect(viaScheme).toEqual(viaRules);
  });
  it("compares the rolled order, then name and id, unrolled last", () => {
    const e = (id: string, order: number | null, name = id) => ({ id, order, name });
    const sorted = [e("x", null), e("b", 1), e("a", 0), e("c", null, "a")].sort(compareTurns);
    expect(sorted.map((t) => t.id)).toEqual(["a", "b", "c", "x"]);
  });
  it("one movement power and one Battle action a round; opportunity attacks are free off the turn", () => {
    let s = freshSlots(PHASES_ECONOMY);
    const moved = pay(PHASES_ECONOMY, s, "move", { onTurn: true });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    s = moved.state;
    expect(pay(PHASES_ECONOMY, s, "move", { onTurn: true })).toEqual({ ok: false, reason: "noSlot" });
    const hit = pay(PHASES_ECONOMY, s, "attack", { onTurn: true });
    expect(hit.ok).toBe(true);
    if (!hit.ok) return;
    s = hit.state;
    expect(payableActions(PHASES_ECONOMY, s, true)).toEqual(["delay"]);
    expect(payableActions(PHASES_ECONOMY, s, false)).toEqual(["opportunityAttack"]);
    expect(payableActions(PHASES_ECONOMY, startRound(PHASES_ECONOMY, s), true))
      .toEqual(["move", "attack", "activateItem", "defend", "disengage", "delay"]);
    // A seeded round is the same plan under runSync.
    expect(runSync(PHASES_TURNS.initiative.plan!([{ id: "a", modifier: 0 }]), new SeededRoller(1)))
      .toHaveLength(1);
  });
});
