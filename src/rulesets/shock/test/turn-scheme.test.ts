import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { freshSlots, pay, type SlotState } from "../../../engine/economy/slots";
import { ACTIONS, canTake, FRESH_BUDGET, take, type ActionId, type Budget } from "../rules/actions";
import { compareTurns, SHOCK_ECONOMY, SHOCK_TURNS } from "../rules/turn-scheme";
import { runFromPool } from "../../../engine/dice/plan";

/**
 * shock's turn scheme: its round budget (rules/actions.ts, what the Foundry layer stores) pays for
 * exactly what the declared slots pay for, action by action; the initiative plan is the engine's
 * sides plan on a d8. Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Combat Sequence.
 */
const IDS = Object.keys(ACTIONS) as ActionId[];

describe("shock's turn scheme", () => {
  it("the Budget and the declared slots agree on every sequence of actions", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...IDS), { maxLength: 8 }), (ids) => {
      let budget: Budget = FRESH_BUDGET;
      let slots: SlotState = freshSlots(SHOCK_ECONOMY);
      for (const id of ids) {
        const paid = pay(SHOCK_ECONOMY, slots, ACTIONS[id].type, { onTurn: true });
        expect(paid.ok, `${id} after ${JSON.stringify(budget)}`).toBe(canTake(budget, id));
        if (!paid.ok) continue;
        slots = paid.state;
        budget = take(budget, id);
      }
    }));
  });

  it("rolls a d8 per side, the party adding its bonus and winning its ties", () => {
    const plan = SHOCK_TURNS.initiative.plan!([
      { id: "party", bonus: 2, favoured: true }, { id: "foes", bonus: 0 },
    ]);
    const run = runFromPool(plan, [3, 5]);
    expect(run?.value.order).toEqual(["party", "foes"]);
    expect(run?.value.rolls.map((r) => r.result)).toEqual([5, 5]);
  });

  it("orders sides first, then the owners' order, then name", () => {
    const e = (id: string, rank: number | null, order: number) => ({ id, rank, order, name: id });
    const sorted = [e("z", null, 0), e("b", 1, 0), e("a", 0, 2), e("c", 0, 1)].sort(compareTurns);
    expect(sorted.map((x) => x.id)).toEqual(["c", "a", "b", "z"]);
  });
});
