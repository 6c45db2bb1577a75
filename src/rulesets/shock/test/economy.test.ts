import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ACTIONS,
  canChargeDistance,
  canSnapAttack,
  canTake,
  canTotalDefense,
  FRESH_BUDGET,
  opportunityAttackers,
  take,
  type ActionId,
} from "../rules/actions";

describe("action economy (002 §Combat Action Types, §Combat Actions; "
  + "RULINGS.md §shock Actions)", () => {
  it("one Main and one Move; the Main buys a second Move; a charge spends both", () => {
    let b = take(FRESH_BUDGET, "run");
    expect(canTake(b, "run")).toBe(true);
    b = take(b, "run");
    expect(b).toMatchObject({ main: true, moves: 2 });
    expect(canTake(b, "meleeAttack")).toBe(false);
    expect(canTake(b, "run")).toBe(false);
    const charged = take(FRESH_BUDGET, "charge");
    expect(charged).toMatchObject({ main: true, moves: 1 });
    expect(canTake(take(FRESH_BUDGET, "run"), "charge")).toBe(false);
    expect(() => take(b, "meleeAttack")).toThrow();
  });

  it("Total Defense and Snap Attack need the unspent Main and spend it", () => {
    expect(canTotalDefense(FRESH_BUDGET)).toBe(true);
    const after = take(FRESH_BUDGET, "totalDefense");
    expect(after.main).toBe(true);
    expect(canTotalDefense(after)).toBe(false);
    expect(canSnapAttack(true, after)).toBe(false);
    expect(canSnapAttack(false, FRESH_BUDGET)).toBe(false);
    expect(canSnapAttack(true, take(FRESH_BUDGET, "run"))).toBe(true);
  });

  it("property: any sequence of actions spends at most one Main and two Moves", () => {
    const ids = Object.keys(ACTIONS) as ActionId[];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids), { maxLength: 12 }), (seq) => {
        let b = FRESH_BUDGET;
        let mains = 0;
        for (const id of seq) {
          if (!canTake(b, id)) continue;
          const next = take(b, id);
          if (next.main && !b.main) mains++;
          b = next;
          expect(b.moves).toBeLessThanOrEqual(2);
          if (b.moves === 2) expect(b.main).toBe(true);
        }
        expect(mains).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("Attacks of Opportunity: provoking actions, armed adjacent foes, none after Disengage", () => {
    const adjacent = [
      { key: "a", armedForMelee: true, able: true },
      { key: "b", armedForMelee: false, able: true },
      { key: "c", armedForMelee: true, able: false },
    ];
    expect(opportunityAttackers(ACTIONS.run.provokes === "yes", FRESH_BUDGET, adjacent)).toEqual([
      "a",
    ]);
    expect(
      opportunityAttackers(
        (ACTIONS.meleeAttack.provokes as string) === "yes",
        FRESH_BUDGET,
        adjacent,
      ),
    ).toEqual([]);
    expect(opportunityAttackers(true, take(FRESH_BUDGET, "disengage"), adjacent)).toEqual([]);
    expect(ACTIONS.useSkill.provokes).toBe("yes");
    expect(ACTIONS.holdAction).toEqual({ type: "move", provokes: "no" });
  });

  it("Hold an Action spends the Move and marks the rest of the turn as held", () => {
    const held = take(FRESH_BUDGET, "holdAction");
    expect(held).toMatchObject({ moves: 1, holding: true, main: false });
  });

  it("charge distance: at least 5 ft, at most twice the rate", () => {
    expect([0, 5, 60, 65].map((f) => canChargeDistance(f))).toEqual([false, true, true, false]);
  });
});
