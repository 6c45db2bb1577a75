import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canPay, freshSlots, pay, payableActions, paymentFor, startRound, startTurn, type SlotEconomy, type SlotState,
} from "../../src/engine/economy/slots";
import {
  ACTION_ECONOMY, NO_ACTIONS_USED, payingSlot, resetForTurn, spendAction, type ActionsUsed,
} from "../../src/rulesets/escalation/rules/actions";
import { ACTIONS, TRACKED_ACTIONS, type Action, type TrackedAction } from "../../src/rulesets/escalation/rules/constants";

/** 000 §Actions: Standard > Move > Quick on the turn, Interrupt once per round off it. */
const ESCALATION: SlotEconomy = {
  slots: {
    standard: { count: 1, refill: "turn" }, move: { count: 1, refill: "turn" }, quick: { count: 1, refill: "turn" },
    interrupt: { count: 1, refill: "round" },
  },
  actions: {
    standard: { when: "turn", options: [{ standard: 1 }] },
    move: { when: "turn", options: [{ move: 1 }, { standard: 1 }] },
    quick: { when: "turn", options: [{ quick: 1 }, { move: 1 }, { standard: 1 }] },
    interrupt: { when: "offTurn", options: [{ interrupt: 1 }] },
    free: { when: "any", options: [{}] },
  },
};

/** 002 §Actions: a Main and a Move per round; Snap Attack and Total Defense spend the Main. */
const SHOCK: SlotEconomy = {
  slots: { main: { count: 1, refill: "round" }, move: { count: 1, refill: "round" } },
  actions: {
    main: { when: "turn", options: [{ main: 1 }] },
    move: { when: "turn", options: [{ move: 1 }, { main: 1 }] },
    charge: { when: "turn", options: [{ main: 1, move: 1 }] },
    snapAttack: { when: "any", options: [{ main: 1 }] },
    totalDefense: { when: "any", options: [{ main: 1 }] },
    free: { when: "any", options: [{}] },
  },
};

/** 001 §Bonus Actions, §Prone, §Free Hits: 1 AA, 1 MA, 2 BA; Agility 2 → 3 Free Hit Slots. */
const WOUNDS: SlotEconomy = {
  slots: {
    attack: { count: 1, refill: "turn" }, move: { count: 1, refill: "turn" }, bonus: { count: 2, refill: "turn" },
    freeHit: { count: 3, refill: "round" },
  },
  actions: {
    attack: { when: "turn", options: [{ attack: 1 }] },
    move: { when: "turn", options: [{ move: 1 }] },
    bonus: { when: "turn", options: [{ bonus: 1 }] },
    extraAttack: { when: "turn", options: [{ move: 1, bonus: 2 }] },
    disengage: { when: "turn", options: [{ attack: 1 }, { bonus: 2 }] },
    standUp: { when: "any", options: [{ attack: 1 }, { move: 1 }, { bonus: 1 }], fromNextTurn: true },
    freeHit: { when: "any", options: [{ freeHit: 1 }] },
  },
};

const on = { onTurn: true } as const;
const off = { onTurn: false } as const;
function paid(econ: SlotEconomy, s: SlotState, action: string, ctx: { onTurn: boolean; option?: number }): SlotState {
  const r = pay(econ, s, action, ctx);
  if (!r.ok) throw new Error(`refused ${action}: ${r.reason}`);
  return r.state;
}

describe("action slots: escalation (000_c2dc3d650823e22d.txt §Actions)", () => {
  it("a better slot pays for a lesser action, cheapest first", () => {
    let s = startTurn(ESCALATION, freshSlots(ESCALATION));
    s = paid(ESCALATION, s, "quick", on);
    expect(paymentFor(ESCALATION, s, "quick", on)).toMatchObject({ ok: true, bag: { move: 1 } });
    s = paid(ESCALATION, s, "quick", on);
    s = paid(ESCALATION, s, "move", on);
    expect(s.left).toMatchObject({ standard: 0, move: 0, quick: 0 });
    expect(pay(ESCALATION, s, "quick", on)).toEqual({ ok: false, reason: "noSlot" });
    expect(canPay(ESCALATION, s, "free", on)).toBe(true);
  });
  it("the Interrupt only off the turn, once per round; turn actions not off the turn", () => {
    let s = freshSlots(ESCALATION);
    expect(pay(ESCALATION, s, "interrupt", on)).toEqual({ ok: false, reason: "notOffTurn" });
    expect(pay(ESCALATION, s, "standard", off)).toEqual({ ok: false, reason: "notOnTurn" });
    s = paid(ESCALATION, s, "interrupt", off);
    expect(canPay(ESCALATION, startTurn(ESCALATION, s), "interrupt", off)).toBe(false);
    expect(canPay(ESCALATION, startRound(ESCALATION, s), "interrupt", off)).toBe(true);
    expect(pay(ESCALATION, s, "teleport", on)).toEqual({ ok: false, reason: "unknownAction" });
  });
  it("escalation's economy pays as the text's table: a better action pays for a lesser one, Stunned has no Move", () => {
    // 000 §Action Types: Standard → Move → Quick; the Interrupt and Free actions pay only themselves.
    const payers: Record<Action, readonly TrackedAction[]> = {
      standard: ["standard"], move: ["move", "standard"], quick: ["quick", "move", "standard"], interrupt: ["interrupt"], free: [],
    };
    expect(ACTION_ECONOMY).toEqual(ESCALATION);
    for (let bits = 0; bits < 16; bits++) {
      const used = Object.fromEntries(TRACKED_ACTIONS.map((s, i) => [s, (bits & (1 << i)) !== 0])) as ActionsUsed;
      for (const action of ACTIONS) {
        for (const stunned of [false, true]) {
          const expected = action === "free" ? "free"
            : payers[action].find((s) => !used[s] && !(s === "move" && stunned)) ?? null;
          expect(payingSlot(used, action, stunned)).toBe(expected);
        }
      }
    }
  });
  it("property: pays exactly as escalation's own payingSlot/spendAction over any sequence (Stunned too)", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("act" as const), action: fc.constantFrom<Action>(...ACTIONS) }),
      fc.record({ kind: fc.constantFrom("turn" as const, "round" as const), stunned: fc.boolean() }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), fc.boolean(), (steps, stunned0) => {
      let used: ActionsUsed = NO_ACTIONS_USED;
      let stunned = stunned0;
      let s = startTurn(ESCALATION, freshSlots(ESCALATION), stunned ? { move: 1 } : {});
      for (const st of steps) {
        if (st.kind === "act") {
          const onTurn = st.action !== "interrupt";
          const theirs = spendAction(used, st.action, stunned);
          const ours = pay(ESCALATION, s, st.action, { onTurn });
          expect(ours.ok).toBe(theirs !== null);
          if (theirs !== null && ours.ok) { used = theirs; s = ours.state; }
        } else if (st.kind === "turn") {
          stunned = st.stunned;
          used = resetForTurn(used);
          s = startTurn(ESCALATION, s, stunned ? { move: 1 } : {});
        } else {
          used = { ...used, interrupt: false };
          s = startRound(ESCALATION, s);
        }
      }
    }));
  });
});

describe("action slots: shock (002_5e27cdf788b28f5f.txt §Actions; RULINGS.md §shock Actions)", () => {
  it("Main may become a second Move", () => {
    let s = freshSlots(SHOCK);
    s = paid(SHOCK, s, "move", on);
    expect(paymentFor(SHOCK, s, "move", on)).toMatchObject({ ok: true, bag: { main: 1 } });
    s = paid(SHOCK, s, "move", on);
    expect(canPay(SHOCK, s, "main", on)).toBe(false);
  });
  it("a Snap Attack before the turn spends the round's Main: the turn keeps only its Move", () => {
    let s = paid(SHOCK, freshSlots(SHOCK), "snapAttack", off);
    s = startTurn(SHOCK, s);
    expect(payableActions(SHOCK, s, true)).toEqual(["move", "free"]);
    expect(canPay(SHOCK, s, "totalDefense", off)).toBe(false);
    expect(canPay(SHOCK, startRound(SHOCK, s), "totalDefense", off)).toBe(true);
  });
  it("a Charge pays a Main and a Move together", () => {
    const s = paid(SHOCK, freshSlots(SHOCK), "charge", on);
    expect(s.left).toEqual({ main: 0, move: 0 });
  });
});

describe("action slots: wounds (001_dbc5fcc02a99a518.txt §Bonus Actions, §Prone, §Free Hits)", () => {
  it("Move + both Bonus buy an extra attack", () => {
    let s = startTurn(WOUNDS, freshSlots(WOUNDS));
    s = paid(WOUNDS, s, "extraAttack", on);
    expect(s.left).toMatchObject({ attack: 1, move: 0, bonus: 0 });
    expect(canPay(WOUNDS, s, "attack", on)).toBe(true);
    expect(canPay(WOUNDS, s, "extraAttack", on)).toBe(false);
  });
  it("disengage by 1 AA or 2 BA, the taker's pick", () => {
    const s = startTurn(WOUNDS, freshSlots(WOUNDS));
    expect(paid(WOUNDS, s, "disengage", { onTurn: true, option: 1 }).left).toMatchObject({ attack: 1, bonus: 0 });
    expect(paid(WOUNDS, s, "disengage", on).left).toMatchObject({ attack: 0, bonus: 2 });
    expect(pay(WOUNDS, s, "disengage", { onTurn: true, option: 5 })).toEqual({ ok: false, reason: "noSuchOption" });
  });
  it("standing up off the turn spends that action of the next turn; none left, no standing", () => {
    let s = startTurn(WOUNDS, freshSlots(WOUNDS));
    s = paid(WOUNDS, s, "standUp", { onTurn: false, option: 2 });
    expect(s.owed).toEqual({ bonus: 1 });
    expect(s.left.bonus).toBe(2);
    s = paid(WOUNDS, s, "standUp", { onTurn: false, option: 2 });
    expect(pay(WOUNDS, s, "standUp", { onTurn: false, option: 2 })).toEqual({ ok: false, reason: "noSlot" });
    s = startTurn(WOUNDS, s);
    expect(s.left.bonus).toBe(0);
    expect(s.owed).toEqual({});
  });
  it("Free Hit Slots: a round's worth, used on others' turns, back at the round start", () => {
    let s = freshSlots(WOUNDS);
    for (let i = 0; i < 3; i++) s = paid(WOUNDS, s, "freeHit", off);
    expect(pay(WOUNDS, s, "freeHit", off)).toEqual({ ok: false, reason: "noSlot" });
    expect(startRound(WOUNDS, s).left.freeHit).toBe(3);
  });
  it("property: no slot ever goes negative and owed never exceeds a turn's count", () => {
    const actions = Object.keys(WOUNDS.actions);
    const step = fc.record({ action: fc.constantFrom(...actions, "turn", "round"), onTurn: fc.boolean(), option: fc.option(fc.nat(3), { nil: undefined }) });
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      let s = freshSlots(WOUNDS);
      for (const st of steps) {
        if (st.action === "turn") s = startTurn(WOUNDS, s);
        else if (st.action === "round") s = startRound(WOUNDS, s);
        else {
          const r = pay(WOUNDS, s, st.action, { onTurn: st.onTurn, option: st.option });
          if (r.ok) s = r.state;
        }
        for (const v of Object.values(s.left)) expect(v).toBeGreaterThanOrEqual(0);
        for (const [slot, n] of Object.entries(s.owed)) expect(n).toBeLessThanOrEqual(WOUNDS.slots[slot]!.count);
      }
    }));
  });
});
