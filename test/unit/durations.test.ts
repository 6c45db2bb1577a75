import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { endOfTurnPlan, startsArmed, type TimedEffect } from "../../src/rulesets/escalation/rules/durations";

const effect = (over: Partial<TimedEffect>): TimedEffect => ({
  key: "e", condition: "dazed", duration: "saveEnds", saveTarget: 11, amount: 0, damageType: "weapon", bearer: "B", source: "S", armed: true, ...over,
});

describe("durations (000_c2dc3d650823e22d.txt §Actions, §Conditions; RULINGS.md §escalation)", () => {
  it("end of the bearer's next turn: applied on another's turn, it ends at the bearer's next turn end", () => {
    const e = effect({ duration: "endOfNextTurn", armed: startsArmed({ duration: "endOfNextTurn", bearer: "B", source: "S" }, "S") });
    expect(e.armed).toBe(true);
    expect(endOfTurnPlan([e], "S").expire).toEqual([]);
    expect(endOfTurnPlan([e], "B").expire).toEqual([e]);
  });
  it("end of the bearer's next turn applied during its own turn survives that turn", () => {
    const armed = startsArmed({ duration: "endOfNextTurn", bearer: "B", source: "B" }, "B");
    expect(armed).toBe(false);
    const plan = endOfTurnPlan([effect({ duration: "endOfNextTurn", armed })], "B");
    expect(plan.expire).toEqual([]);
    expect(plan.arm).toHaveLength(1);
  });
  it("end of the source's next turn watches the source, not the bearer", () => {
    const armed = startsArmed({ duration: "endOfSourceNextTurn", bearer: "B", source: "S" }, "S");
    expect(armed).toBe(false);
    const e = effect({ duration: "endOfSourceNextTurn", armed: true });
    expect(endOfTurnPlan([e], "B").expire).toEqual([]);
    expect(endOfTurnPlan([e], "S").expire).toEqual([e]);
  });
  it("ongoing damage first, then a save per save-ends effect; end-of-encounter effects ignore turns", () => {
    const ongoing = effect({ key: "o", condition: "ongoing", amount: 5, damageType: "fire" });
    const dazed = effect({ key: "d" });
    const enc = effect({ key: "x", duration: "endOfEncounter" });
    const plan = endOfTurnPlan([ongoing, dazed, enc], "B");
    expect(plan.ongoing.map((e) => e.key)).toEqual(["o"]);
    expect(plan.saves.map((e) => e.key)).toEqual(["o", "d"]);
    expect(plan.expire).toEqual([]);
    expect(endOfTurnPlan([ongoing, dazed], "S")).toEqual({ ongoing: [], saves: [], expire: [], arm: [] });
  });
  it("property: every timed effect expires exactly once over any sequence of turns", () => {
    const ids = ["A", "B", "C"];
    fc.assert(fc.property(fc.array(fc.constantFrom(...ids), { minLength: 1, maxLength: 30 }), fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom("endOfNextTurn", "endOfSourceNextTurn") as fc.Arbitrary<"endOfNextTurn" | "endOfSourceNextTurn">, (turns, bearer, source, duration) => {
      // Applied during the first turn in the list.
      let live: TimedEffect[] = [effect({ duration, bearer, source, armed: startsArmed({ duration, bearer, source }, turns[0] as string) })];
      let expired = 0;
      for (const owner of turns) {
        const plan = endOfTurnPlan(live, owner);
        expired += plan.expire.length;
        live = live.filter((e) => !plan.expire.includes(e)).map((e) => (plan.arm.includes(e) ? { ...e, armed: true } : e));
      }
      expect(expired).toBeLessThanOrEqual(1);
      expect(expired + live.length).toBe(1);
    }));
  });
});
