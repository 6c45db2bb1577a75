import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { groupMorale } from "../rules/morale";
import { fight } from "./fights";
import { of } from "./steps";

describe("a group's one Morale score (RULINGS.md §shock Morale)", () => {
  it("the GM's score when set; else the highest among the members still in the fight", () => {
    const members = [
      { morale: 5, inFight: false }, // just fell
      { morale: 9, inFight: true },
      { morale: 7, inFight: true },
      { morale: 12, inFight: false }, // fled or down earlier
    ];
    expect(groupMorale(members)).toEqual({ score: 9, source: "highestInFight" });
    expect(groupMorale(members, 4)).toEqual({ score: 4, source: "set" });
    expect(groupMorale(members.map((m) => ({ ...m, inFight: false })))).toBeNull();
    expect(groupMorale([], 8)).toEqual({ score: 8, source: "set" });
    expect(() => groupMorale(members, 7.5)).toThrow(RangeError);
  });

  it("property: the default is the largest score still in the fight, whoever fell", () => {
    const member = fc.record({ morale: fc.integer({ min: 2, max: 12 }), inFight: fc.boolean() });
    fc.assert(fc.property(fc.array(member, { maxLength: 8 }), (members) => {
      const r = groupMorale(members);
      const inFight = members.filter((m) => m.inFight).map((m) => m.morale);
      if (!inFight.length) return void expect(r).toBeNull();
      expect(r).toEqual({ score: Math.max(...inFight), source: "highestInFight" });
      // No member out of the fight changes it.
      expect(groupMorale(members.filter((m) => m.inFight))).toEqual(r);
    }));
  });

  it("the runner: the Thornwood Bandits check at their captain's 9 while he stands, not at "
    + "the 7 of the cutthroat who just fell", { timeout: 60_000 }, () => {
    let captains = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = fight("bandits", seed, {
        observe: (e, fighters) => {
          if (e.kind !== "morale") return;
          const up = fighters.filter((f) => f.group === e.group && f.state === "up");
          expect(e).toMatchObject({
            score: Math.max(...up.map((f) => f.block.morale)), scoreFrom: "highestInFight",
          });
        },
      });
      for (const e of of(r.events, "morale")) if (e.score === 9) captains++;
    }
    expect(captains).toBeGreaterThan(100);
  });

  it("the runner: a score the GM set is the group's, whoever stands", () => {
    let checks = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const r = fight("bandits", seed, { groupMorale: { "Thornwood Bandits": 4 } });
      for (const e of of(r.events, "morale")) {
        expect(e).toMatchObject({ score: 4, scoreFrom: "set" });
        expect(e.result).toBe(e.total > 4 ? "breaks" : "holds");
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(30);
    // A score set on another group changes nothing here.
    let others = 0;
    for (let seed = 1; seed <= 10; seed++) {
      for (const e of of(fight("bandits", seed, { groupMorale: { "Mire Folk": 2 } }).events,
        "morale")) {
        expect(e.scoreFrom).toBe("highestInFight");
        others++;
      }
    }
    expect(others).toBeGreaterThan(5);
  });
});
