import { describe, expect, it } from "vitest";
import { timedEffectData, timingOf, toTimedEffect } from "../../src/rulesets/escalation/play/actors/timed-effects";
import { endOfTurnPlan } from "../../src/rulesets/escalation/rules/durations";

/** The ActiveEffect ↔ TimedEffect translation Foundry's end-of-turn code relies on (pure helpers). */
describe("timed conditions as ActiveEffects", () => {
  const dazed = { id: "dazed" as const, duration: "endOfNextTurn" as const, save: 11, amount: 0, damageType: "weapon" as const };
  it("builds one effect per condition with its status and timing", () => {
    const data = timedEffectData(dazed, { name: "Dazed", img: "icons/svg/stoned.svg" }, { bearer: "B", source: "S", currentTurn: "S" });
    expect(data).toEqual({
      name: "Dazed", img: "icons/svg/stoned.svg", statuses: ["dazed"],
      flags: { fray: { timing: { duration: "endOfNextTurn", save: 11, amount: 0, damageType: "weapon", source: "S", armed: true, ability: "" } } },
    });
  });
  it("an end-of-next-turn effect applied on the bearer's own turn waits a turn (unarmed)", () => {
    const data = timedEffectData(dazed, { name: "Dazed", img: "" }, { bearer: "B", source: "B", currentTurn: "B" });
    expect(data.flags.fray.timing.armed).toBe(false);
  });
  it("names ongoing damage with its amount and remembers a sustained ability", () => {
    const data = timedEffectData({ ...dazed, id: "ongoing", duration: "saveEnds", amount: 5, damageType: "fire" }, { name: "Ongoing damage", img: "" }, { bearer: null, source: null, currentTurn: null, ability: "item1" });
    expect(data.name).toBe("Ongoing damage 5");
    expect(data.flags.fray.timing).toMatchObject({ source: "", ability: "item1", amount: 5 });
  });
  it("reads back into the core's TimedEffect, and the end-of-turn plan sees it", () => {
    const data = timedEffectData(dazed, { name: "Dazed", img: "" }, { bearer: "B", source: "S", currentTurn: "S" });
    const effect = toTimedEffect({ id: "ae1", statuses: new Set(data.statuses), flags: data.flags }, "B");
    expect(effect).toMatchObject({ key: "ae1", condition: "dazed", bearer: "B", source: "S", armed: true });
    expect(endOfTurnPlan([effect!], "B").expire).toEqual([effect]);
  });
  it("ignores effects without a valid timing (plain status toggles, other modules' flags)", () => {
    expect(timingOf({ flags: {} })).toBeNull();
    expect(timingOf({ flags: { fray: { timing: { duration: "forever" } } } })).toBeNull();
    expect(toTimedEffect({ id: "x", statuses: new Set(["dazed"]), flags: {} }, "B")).toBeNull();
    expect(toTimedEffect({ id: "x", statuses: new Set(["dead"]), flags: { fray: { timing: { duration: "saveEnds" } } } }, "B")).toBeNull();
  });
});
