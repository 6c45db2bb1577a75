import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  freshSlots, pay, payableActions, startRound, startTurn, type SlotState,
} from "../../../engine/economy/slots";
import { ACTION_IDS, woundsEconomy } from "../rules/economy";

/**
 * wounds' turn economy on the engine's slots: 1 AA, 1 MA, 2 BA a turn and the round's Free Hit
 * Slots. Source: `001_dbc5fcc02a99a518.txt` §Attack Action, §Move Action, §Bonus Actions,
 * §Disengage, §Prone, §Free Hits; RULINGS.md §wounds Turn, Free hit, Bonus purchases.
 */
const econ = woundsEconomy({ bonusActions: 2, freeHitSlots: 3 });
const on = { onTurn: true };
function payAll(state: SlotState, actions: readonly string[], ctx = on): SlotState | string {
  let s = state;
  for (const a of actions) {
    const r = pay(econ, s, a, ctx);
    if (!r.ok) return `${a}: ${r.reason}`;
    s = r.state;
  }
  return s;
}

describe("a turn = 1 AA, 1 MA, 2 BA (§Combat rules)", () => {
  it("attack, move and two purchases fit one turn; a third purchase does not", () => {
    const s = payAll(freshSlots(econ), ["attack", "move", "buyToHit", "buyDodge"]);
    expect(s).toMatchObject({ left: { attack: 0, move: 0, bonus: 0, freeHit: 3 } });
    expect(payAll(s as SlotState, ["buyToHit"])).toBe("buyToHit: noSlot");
  });
  it("purchases repeat: both Bonus Actions on +1 melee damage", () => {
    expect(payAll(freshSlots(econ), ["buyMeleeDamage", "buyMeleeDamage"]))
      .toMatchObject({ left: { bonus: 0, attack: 1, move: 1 } });
  });
  it("the extra attack takes the Move and both Bonus Actions, so none of them may be spent", () => {
    expect(payAll(freshSlots(econ), ["attack", "extraAttack"]))
      .toMatchObject({ left: { attack: 0, move: 0, bonus: 0 } });
    expect(payAll(freshSlots(econ), ["buyToHit", "extraAttack"])).toBe("extraAttack: noSlot");
    const weak = woundsEconomy({ bonusActions: 1, freeHitSlots: 0 });
    expect(pay(weak, freshSlots(weak), "extraAttack", on)).toEqual({ ok: false, reason: "noSlot" });
  });
  it("disengage: the Attack Action, or both Bonus Actions when it is spent", () => {
    const r = pay(econ, freshSlots(econ), "disengage", on);
    expect(r).toMatchObject({ ok: true, bag: { attack: 1 } });
    const after = payAll(freshSlots(econ), ["attack", "disengage"]);
    expect(after).toMatchObject({ left: { attack: 0, bonus: 0, move: 1 } });
    expect(pay(econ, freshSlots(econ), "disengage", { onTurn: true, option: 1 }))
      .toMatchObject({ ok: true, bag: { bonus: 2 } });
  });
  it("a spell's cast time: one Attack or Move Action per action", () => {
    expect(payAll(freshSlots(econ), ["castAction", "castAction"]))
      .toMatchObject({ left: { attack: 0, move: 0, bonus: 2 } });
    expect(payAll(freshSlots(econ), ["castAction", "castAction", "castAction"]))
      .toBe("castAction: noSlot");
  });
});

describe("standing up off the turn spends the next turn's action (§Prone)", () => {
  it("a Bonus Action of the next turn; that turn then has one", () => {
    const r = pay(econ, freshSlots(econ), "standUp", { onTurn: false });
    expect(r).toMatchObject({ ok: true, bag: { bonus: 1 } });
    const s = startTurn(econ, (r as { state: SlotState }).state);
    expect(s.left).toMatchObject({ bonus: 1, attack: 1, move: 1 });
  });
  it("with nothing left of the next turn it cannot stand", () => {
    const none = woundsEconomy({ bonusActions: 0, freeHitSlots: 0 });
    let s = freshSlots(none);
    for (let i = 0; i < 2; i++) {
      const r = pay(none, s, "standUp", { onTurn: false });
      expect(r.ok).toBe(true);
      s = (r as { state: SlotState }).state;
    }
    expect(pay(none, s, "standUp", { onTurn: false })).toEqual({ ok: false, reason: "noSlot" });
  });
});

describe("free hit slots (§Free Hits)", () => {
  it("spent on or off the turn, refilled at the round's start, not the turn's", () => {
    let s = freshSlots(econ);
    for (let i = 0; i < 3; i++) {
      s = (pay(econ, s, "freeHit", { onTurn: false }) as { state: SlotState }).state;
    }
    expect(pay(econ, s, "freeHit", { onTurn: false })).toEqual({ ok: false, reason: "noSlot" });
    expect(pay(econ, s, "tragedyFreeHit", { onTurn: false }).ok).toBe(true);
    expect(startTurn(econ, s).left.freeHit).toBe(0);
    expect(startRound(econ, s).left.freeHit).toBe(3);
  });
  it("no slot at all gives no free hit but a tragedy's", () => {
    const none = woundsEconomy({ bonusActions: 2, freeHitSlots: 0 });
    expect(payableActions(none, freshSlots(none), false)).toEqual(["standUp", "tragedyFreeHit"]);
  });
});

describe("invariants", () => {
  it("every action of the list is priced; bad counts are refused", () => {
    expect(Object.keys(econ.actions)).toEqual([...ACTION_IDS]);
    expect(() => woundsEconomy({ bonusActions: -1, freeHitSlots: 0 })).toThrow(RangeError);
  });
  it("no slot ever goes below 0, whatever is tried in whatever order (property)", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 4 }),
      fc.array(fc.record({ action: fc.constantFrom(...ACTION_IDS), onTurn: fc.boolean(),
        edge: fc.constantFrom("none", "turn", "round") }), { maxLength: 40 }),
      (bonusActions, freeHitSlots, steps) => {
        const e = woundsEconomy({ bonusActions, freeHitSlots });
        let s = freshSlots(e);
        for (const st of steps) {
          if (st.edge === "turn") s = startTurn(e, s);
          if (st.edge === "round") s = startRound(e, s);
          const r = pay(e, s, st.action, { onTurn: st.onTurn });
          if (r.ok) s = r.state;
          for (const n of Object.values(s.left)) expect(n).toBeGreaterThanOrEqual(0);
          for (const [slot, n] of Object.entries(s.owed)) {
            expect(n).toBeLessThanOrEqual(e.slots[slot]!.count);
          }
        }
      },
    ));
  });
});
