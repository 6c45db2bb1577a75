import { describe, expect, it } from "vitest";
import { ambushRaisesDie, nextAmbusherTurn, ruleRound, toggleAmbusher } from "../../src/rulesets/escalation/rules/surprise";
import { escalationForRound } from "../../src/rulesets/escalation/rules/escalation-die";

describe("surprise round (§Surprise and Ambushes)", () => {
  it("two ambushers at most", () => {
    expect(toggleAmbusher(toggleAmbusher([], "a"), "b")).toEqual(["a", "b"]);
    expect(() => toggleAmbusher(["a", "b"], "c")).toThrow(RangeError);
    expect(toggleAmbusher(["a", "b"], "a")).toEqual(["b"]);
  });
  it("only ambushers take turns in it, in turn order", () => {
    const turns = ["x", "b", "y", "a", "z"];
    expect(nextAmbusherTurn(turns, ["a", "b"], -1)).toBe(1);
    expect(nextAmbusherTurn(turns, ["a", "b"], 1)).toBe(3);
    expect(nextAmbusherTurn(turns, ["a", "b"], 3)).toBeNull();
  });
  it("the escalation die follows the text's rounds: 0 in the surprise round and the first real round", () => {
    expect([1, 2, 3].map((r) => escalationForRound(ruleRound(r, true)))).toEqual([0, 0, 1]);
    expect([1, 2, 3].map((r) => escalationForRound(ruleRound(r, true), { ambush: true }))).toEqual([0, 1, 2]);
    expect(ruleRound(3, false)).toBe(3);
  });
  it("the die starts at 1 only after a PC ambush with the option on", () => {
    const pc = { isPC: true };
    const npc = { isPC: false };
    expect(ambushRaisesDie(true, [pc, pc])).toBe(true);
    expect(ambushRaisesDie(false, [pc, pc])).toBe(false);
    expect(ambushRaisesDie(true, [npc, npc])).toBe(false);
    expect(ambushRaisesDie(true, [pc, npc])).toBe(false);
    expect(ambushRaisesDie(true, [])).toBe(false);
  });
});
