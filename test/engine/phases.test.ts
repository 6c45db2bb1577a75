import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ROUND_PHASES, delayAfter, phaseOrders, roundSteps } from "../../src/engine/initiative/phases";
import { rollInitiative } from "../../src/engine/initiative/ranked";
import { SeededRoller } from "../../src/engine/dice/roller";

describe("phase rounds (003_d18720f6cd315cc2.txt §Combat Round, §Movement Phase; RULINGS.md §phases)", () => {
  it("the four phases in the text's order", () => {
    expect(ROUND_PHASES).toEqual(["initiative", "movement", "battle", "end"]);
  });
  it("low rolls move first, high rolls battle first", () => {
    const orders = phaseOrders(["hi", "mid", "lo"], []);
    expect(orders.battle).toEqual(["hi", "mid", "lo"]);
    expect(orders.movement).toEqual(["lo", "mid", "hi"]);
  });
  it("a seizer moves first and acts last in the Battle phase", () => {
    const orders = phaseOrders(["hi", "mid", "lo"], ["mid"]);
    expect(orders.movement).toEqual(["mid", "lo", "hi"]);
    expect(orders.battle).toEqual(["hi", "lo", "mid"]);
  });
  it("several seizers: lowest moves first among them, highest battles first among them", () => {
    const orders = phaseOrders(["a", "b", "c", "d"], ["a", "c"]);
    expect(orders.movement).toEqual(["c", "a", "d", "b"]);
    expect(orders.battle).toEqual(["b", "d", "a", "c"]);
  });
  it("the round's steps: Initiative, each Movement turn, each Battle turn, End", () => {
    const steps = roundSteps(phaseOrders(["x", "y"], []));
    expect(steps).toEqual([
      { phase: "initiative", combatantId: null },
      { phase: "movement", combatantId: "y" }, { phase: "movement", combatantId: "x" },
      { phase: "battle", combatantId: "x" }, { phase: "battle", combatantId: "y" },
      { phase: "end", combatantId: null },
    ]);
  });
  it("refuses unknown seizers and repeated ids", () => {
    expect(() => phaseOrders(["a"], ["b"])).toThrow(/seizer/);
    expect(() => phaseOrders(["a", "a"], [])).toThrow(/distinct/);
  });
  it("Delay: the current combatant acts right after a named combatant still to act", () => {
    expect(delayAfter(["a", "b", "c", "d"], 1, "b", "c")).toEqual({ ok: true, order: ["a", "c", "b", "d"] });
    expect(delayAfter(["a", "b", "c", "d"], 1, "b", "a")).toEqual({ ok: false, reason: "alreadyActed" });
    expect(delayAfter(["a", "b", "c"], 0, "b", "c")).toEqual({ ok: false, reason: "notOwnTurn" });
    expect(delayAfter(["a", "b"], 0, "a", "a")).toEqual({ ok: false, reason: "self" });
    expect(delayAfter(["a", "b"], 0, "a", "z")).toEqual({ ok: false, reason: "notInOrder" });
  });
  it("property: both phases hold everyone once; Movement is Battle reversed; seizers bracket the round", () => {
    const arb = fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer(), fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }));
    fc.assert(fc.property(arb, ([n, seed, seize]) => {
      const entries = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, modifier: i % 3 }));
      const initiative = rollInitiative(entries, { count: 2, faces: 6, tieDie: 6 }, new SeededRoller(seed)).map((e) => e.id);
      const seizers = initiative.filter((_, i) => seize[i]);
      const { movement, battle } = phaseOrders(initiative, seizers);
      expect(movement.slice().sort()).toEqual(initiative.slice().sort());
      expect(movement).toEqual(battle.slice().reverse());
      expect(movement.slice(0, seizers.length).sort()).toEqual(seizers.slice().sort());
      expect(battle.slice(battle.length - seizers.length).sort()).toEqual(seizers.slice().sort());
      const plain = battle.filter((id) => !seizers.includes(id));
      expect(plain).toEqual(initiative.filter((id) => !seizers.includes(id)));
    }));
  });
});
