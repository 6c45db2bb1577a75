import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isStepped, opensOnStep, orderedSteps, placedAfter, roundTurns, stepOfTurn, steppedPosition,
} from "../../src/engine/turns/round-turns";
import { ONE_PASS, stepOrders, type RoundStep } from "../../src/engine/turns/scheme";
import { phaseOrders } from "../../src/engine/initiative/phases";

/**
 * A round of steps laid out as one list of turns (src/engine/turns/round-turns.ts), as Foundry's
 * tracker walks it: phases' round (003 §Combat Round) gives every combatant a Movement turn and a
 * Battle turn, seizers first to move and last to fight.
 */
const PHASES: readonly RoundStep[] = [
  { id: "initiative", order: "none" },
  { id: "movement", order: "reversed", markedLast: "seize" },
  { id: "battle", order: "initiative", markedLast: "seize" },
  { id: "end", order: "none" },
];

const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 });
const flags = fc.array(fc.boolean(), { minLength: 8, maxLength: 8 });

describe("a round laid out step by step", () => {
  it("one ordered pass is not stepped; phases' round is, and opens on its Initiative phase", () => {
    expect(isStepped(ONE_PASS)).toBe(false);
    expect(opensOnStep(ONE_PASS)).toBeNull();
    expect(isStepped(PHASES)).toBe(true);
    expect(opensOnStep(PHASES)).toBe("initiative");
    expect(orderedSteps(PHASES).map((s) => s.id)).toEqual(["movement", "battle"]);
    // A round of steps without turns has nothing to open on.
    expect(opensOnStep([{ id: "x", order: "none" }])).toBeNull();
  });

  it("the text's order: lowest moves first, highest fights first, a seizer the other way", () => {
    // a rolled highest, c lowest; b seized the initiative.
    const turns = roundTurns(PHASES, ["a", "b", "c"], { seize: ["b"] });
    expect(turns).toEqual([
      { step: "movement", id: "b" }, { step: "movement", id: "c" }, { step: "movement", id: "a" },
      { step: "battle", id: "a" }, { step: "battle", id: "c" }, { step: "battle", id: "b" },
    ]);
  });

  it("every combatant has one turn per ordered step, in that step's order (phaseOrders)", () => {
    fc.assert(fc.property(ids, flags, (order, seize) => {
      const seizers = order.filter((_, i) => seize[i]);
      const turns = roundTurns(PHASES, order, { seize: seizers });
      const expected = phaseOrders(order, seizers);
      expect(turns.length).toBe(2 * order.length);
      expect(turns.filter((t) => t.step === "movement").map((t) => t.id)).toEqual(expected.movement);
      expect(turns.filter((t) => t.step === "battle").map((t) => t.id)).toEqual(expected.battle);
      // Movement's turns all come before Battle's.
      expect(turns.slice(0, order.length).every((t) => t.step === "movement")).toBe(true);
    }));
  });

  it("each turn index names its step and place; null names the opening step", () => {
    fc.assert(fc.property(ids, flags, (order, seize) => {
      const marked = { seize: order.filter((_, i) => seize[i]) };
      const turns = roundTurns(PHASES, order, marked);
      const orders = stepOrders(PHASES, order, marked);
      turns.forEach((t, i) => {
        const at = stepOfTurn(PHASES, order.length, i);
        expect(at?.step).toBe(t.step);
        expect(orders.get(t.step)?.[at?.index ?? -1]).toBe(t.id);
        const position = steppedPosition(PHASES, turns, order.length, 3, i);
        expect(position).toEqual({ round: 3, phase: t.step, turn: at?.index, order: orders.get(t.step) });
      });
      expect(stepOfTurn(PHASES, order.length, null)).toEqual({ step: "initiative", index: null });
      expect(steppedPosition(PHASES, turns, order.length, 2, null))
        .toEqual({ round: 2, phase: "initiative", turn: null, order: [] });
      expect(stepOfTurn(PHASES, order.length, turns.length)).toBeNull();
      expect(stepOfTurn(PHASES, order.length, -1)).toBeNull();
      expect(stepOfTurn(PHASES, order.length, 0.5)).toBeNull();
    }));
  });

  it("a round of one pass has no opening step and no position off its turns", () => {
    expect(stepOfTurn(ONE_PASS, 3, null)).toBeNull();
    expect(stepOfTurn(ONE_PASS, 0, 0)).toBeNull();
    expect(steppedPosition(ONE_PASS, [], 0, 1, null)).toEqual({ round: 1, turn: null, order: [] });
  });

  it("refuses a repeated id", () => {
    expect(() => roundTurns(PHASES, ["a", "a"])).toThrow(RangeError);
  });

  it("places a combatant just after the one it names, in that step only (phases' Delay)", () => {
    expect(placedAfter(["a", "b", "c", "d"], { a: "c" })).toEqual(["b", "c", "a", "d"]);
    expect(placedAfter(["a", "b", "c"], { a: "a", z: "b", b: "z" })).toEqual(["a", "b", "c"]);
    const turns = roundTurns(PHASES, ["a", "b", "c"], {}, { battle: { a: "c" } });
    expect(turns.map((t) => `${t.step}:${t.id}`)).toEqual([
      "movement:c", "movement:b", "movement:a", "battle:b", "battle:c", "battle:a",
    ]);
    // A placement keeps every combatant once (a permutation of the step's order).
    fc.assert(fc.property(
      fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { minLength: 1 }),
      fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e"), fc.constantFrom("a", "b", "c", "d", "e")),
      (order, after) => {
        expect([...placedAfter(order, after)].sort()).toEqual([...order].sort());
      },
    ));
  });
});
