import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  fleeing, flightWrites, groupMembers, scoreMembers, triggersAfterFall, type MoraleCombatant,
} from "../../src/rulesets/shock/play/cards/morale-group";
import { groupMorale } from "../../src/rulesets/shock/rules/morale";

/**
 * Who an NPC group's morale reads in a combat (the decisions of `foundry/chat/morale.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Morale; RULINGS.md §shock Morale.
 */
const npc = (id: string, over: Partial<MoraleCombatant> = {}): MoraleCombatant =>
  ({ id, npc: true, group: "Mire", morale: 8, down: false, ...over });

describe("an NPC group's morale in a combat", () => {
  it("reads only the NPCs of the group, in the combat's order", () => {
    const all = [npc("a"), npc("pc", { npc: false }), npc("b", { group: "Other" }), npc("c")];
    expect(groupMembers(all, "Mire").map((m) => m.id)).toEqual(["a", "c"]);
    expect(groupMembers(all, "None")).toEqual([]);
  });

  it("checks when the first falls and when half (rounded up) is down", () => {
    const five = ["a", "b", "c", "d", "e"].map((id) => npc(id));
    const downed = (n: number) => five.map((m, i) => ({ ...m, down: i < n }));
    expect(triggersAfterFall(downed(1), false)).toEqual(["firstDown"]);
    expect(triggersAfterFall(downed(2), false)).toEqual([]);
    expect(triggersAfterFall(downed(3), false)).toEqual(["halfDown"]);
    // A pair: its first down is also half of it.
    expect(triggersAfterFall([npc("a", { down: true }), npc("b")], false))
      .toEqual(["firstDown", "halfDown"]);
    // Nobody left standing, or fearless: no check.
    expect(triggersAfterFall(downed(5), false)).toEqual([]);
    expect(triggersAfterFall(downed(1), true)).toEqual([]);
  });

  it("reads the score from the members still in the fight, and those flee when it breaks", () => {
    const members = [npc("a", { morale: 10, down: true }), npc("b", { morale: 7 }), npc("c")];
    expect(scoreMembers(members)).toEqual([
      { morale: 10, inFight: false }, { morale: 7, inFight: true }, { morale: 8, inFight: true },
    ]);
    // Never the score of who fell: the highest still in the fight.
    expect(groupMorale(scoreMembers(members), null)?.score).toBe(8);
    expect(fleeing(members)).toEqual(["b", "c"]);
    // Each flees: marked fled where the GM keeps the round, and defeated.
    expect(flightWrites(members)).toEqual({
      kept: { b: { fled: true }, c: { fled: true } },
      defeated: [{ _id: "b", defeated: true }, { _id: "c", defeated: true }],
    });
    expect(flightWrites(members.map((m) => ({ ...m, down: true })))).toBeNull();
  });

  it("those who flee and those down make up the group (property)", () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { maxLength: 12 }), (downs) => {
      const members = downs.map((down, i) => npc(`m${i}`, { down }));
      const fled = fleeing(members);
      expect(fled.length + downs.filter(Boolean).length).toBe(downs.length);
      expect(fled.every((id) => !members.find((m) => m.id === id)?.down)).toBe(true);
    }));
  });
});
