import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  forfeit, freshSlots, pay, paymentFor, startRound, startTurn, type SlotBag, type SlotEconomy, type SlotState,
} from "../../src/engine/economy/slots";
import {
  actionIndex, compileEconomy, countsOfState, forfeitCounts, freshCounts, payingOption, payOption, refillCounts,
  refusalOf, slotIndex, startRoundCounts, startTurnCounts, stateOfCounts, withheldCounts,
} from "../../src/engine/economy/slot-counts";

/** Any economy: up to four slots (some refilled each turn, some each round), up to five actions. */
const economyArb: fc.Arbitrary<SlotEconomy> = fc.integer({ min: 1, max: 4 }).chain((nSlots) => {
  const names = ["a", "b", "c", "d"].slice(0, nSlots);
  const bag = fc.subarray(names).chain((picked) =>
    fc.tuple(...picked.map(() => fc.nat(2))).map((ns) => Object.fromEntries(picked.map((s, i) => [s, ns[i]!]))));
  const action = fc.record({
    when: fc.constantFrom("turn" as const, "offTurn" as const, "any" as const),
    options: fc.array(bag, { minLength: 1, maxLength: 3 }),
    fromNextTurn: fc.boolean(),
  });
  return fc.record({
    slots: fc.tuple(...names.map(() => fc.record({ count: fc.nat(3), refill: fc.constantFrom("turn" as const, "round" as const) })))
      .map((specs) => Object.fromEntries(names.map((n, i) => [n, specs[i]!]))),
    actions: fc.array(action, { minLength: 1, maxLength: 5 })
      .map((acts) => Object.fromEntries(acts.map((a, i) => [`x${i}`, a]))),
  });
});

type Step =
  | { kind: "turn"; withheld: SlotBag }
  | { kind: "round" }
  | { kind: "pay"; action: string; onTurn: boolean; option?: number; withheld: SlotBag }
  | { kind: "forfeit"; slots: string[] };

function stepsFor(econ: SlotEconomy): fc.Arbitrary<Step[]> {
  const slots = Object.keys(econ.slots);
  const withheld = fc.subarray(slots, { maxLength: Math.min(2, slots.length) }).map((s): SlotBag => Object.fromEntries(s.map((x) => [x, 1])));
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("turn" as const), withheld }),
    fc.record({ kind: fc.constant("round" as const) }),
    fc.record({
      kind: fc.constant("pay" as const), action: fc.constantFrom(...Object.keys(econ.actions), "unknown"),
      onTurn: fc.boolean(), option: fc.option(fc.nat(3), { nil: undefined }), withheld,
    }),
    fc.record({ kind: fc.constant("pay" as const), action: fc.constantFrom(...Object.keys(econ.actions)), onTurn: fc.boolean(), withheld }),
    fc.record({ kind: fc.constant("forfeit" as const), slots: fc.subarray(slots) }),
  );
  return fc.array(step, { maxLength: 40 });
}

describe("slots paid in place agree with the pure slots (engine/economy/slot-counts.ts)", () => {
  it("property: every payment, refusal, refill and forfeit leaves the same state as slots.ts", () => {
    fc.assert(fc.property(economyArb.chain((e) => fc.tuple(fc.constant(e), stepsFor(e))), ([econ, steps]) => {
      const c = compileEconomy(econ);
      let pure: SlotState = freshSlots(econ);
      const fast = freshCounts(c);
      expect(stateOfCounts(c, fast)).toEqual(pure);
      for (const st of steps) {
        if (st.kind === "turn") {
          pure = startTurn(econ, pure, st.withheld);
          startTurnCounts(c, fast, withheldCounts(c, st.withheld));
        } else if (st.kind === "round") {
          pure = startRound(econ, pure);
          startRoundCounts(c, fast);
        } else if (st.kind === "forfeit") {
          pure = forfeit(econ, pure, st.slots);
          forfeitCounts(fast, st.slots.map((s) => slotIndex(c, s)));
        } else {
          const ctx = { onTurn: st.onTurn, option: st.option, withheld: st.withheld };
          const p = paymentFor(econ, pure, st.action, ctx);
          const a = st.action in econ.actions ? actionIndex(c, st.action) : -1;
          const o = payingOption(c, fast, a, st.onTurn, withheldCounts(c, st.withheld), st.option ?? -1);
          if (p.ok) expect(o).toBe(p.option);
          else expect(refusalOf(o)).toBe(p.reason);
          const r = pay(econ, pure, st.action, ctx);
          if (r.ok) {
            pure = r.state;
            payOption(c, fast, a, o, st.onTurn);
          }
        }
        expect(stateOfCounts(c, fast)).toEqual(pure);
        expect(countsOfState(c, pure)).toEqual(fast);
      }
    }), { numRuns: 300 });
  });
  it("a fighter carried into the next fight starts with every slot full and nothing owed", () => {
    const econ: SlotEconomy = {
      slots: { act: { count: 1, refill: "turn" }, free: { count: 2, refill: "round" } },
      actions: { act: { when: "any", options: [{ act: 1 }], fromNextTurn: true }, hit: { when: "any", options: [{ free: 1 }] } },
    };
    const c = compileEconomy(econ);
    const s = freshCounts(c);
    payOption(c, s, actionIndex(c, "act"), 0, false);
    payOption(c, s, actionIndex(c, "hit"), 0, false);
    expect(stateOfCounts(c, s)).toEqual({ left: { act: 1, free: 1 }, owed: { act: 1 } });
    refillCounts(c, s);
    expect(s).toEqual(freshCounts(c));
  });
  it("an economy naming an unknown slot, or a bad count, is refused when compiled", () => {
    const slots = { a: { count: 1, refill: "turn" as const } };
    expect(() => compileEconomy({ slots, actions: { x: { when: "turn", options: [{ b: 1 }] } } })).toThrow(RangeError);
    expect(() => compileEconomy({ slots, actions: { x: { when: "turn", options: [{ a: -1 }] } } })).toThrow(RangeError);
    expect(() => actionIndex(compileEconomy({ slots, actions: {} }), "x")).toThrow(RangeError);
    // Packed four bits a slot: more than 7 slots or 15 of one are for slots.ts.
    expect(() => compileEconomy({ slots: { a: { count: 16, refill: "turn" } }, actions: {} })).toThrow(RangeError);
    const eight = Object.fromEntries([..."abcdefgh"].map((n) => [n, { count: 1, refill: "round" as const }]));
    expect(() => compileEconomy({ slots: eight, actions: {} })).toThrow(RangeError);
    const seven = Object.fromEntries([..."abcdefg"].map((n) => [n, { count: 15, refill: "turn" as const }]));
    const c = compileEconomy({ slots: seven, actions: { x: { when: "turn", options: [{ g: 15 }] } } });
    const s = freshCounts(c);
    payOption(c, s, 0, 0, true);
    expect(stateOfCounts(c, s).left).toEqual({ a: 15, b: 15, c: 15, d: 15, e: 15, f: 15, g: 0 });
  });
});
