import { describe, expect, it } from "vitest";
import {
  opposedOdds,
  rollOneAgainstMany,
  rollOpposed,
  worstWinner,
} from "../../../engine/dice/opposed";
import {
  breakFreeSides,
  escapedFrom,
  grappleSides,
  screenCapacity,
  screenSide,
  shoveSides,
} from "../rules/maneuvers";
import { Scripted, wielder } from "./fixtures";

const strong = { id: "ogre", who: wielder({ str: 2, brawl: 1 }) };
const weak = { id: "clerk", who: wielder({ str: -1 }) };

describe("opposed maneuvers (002 §Shoving, §Grappling, §Screen an Ally; "
  + "RULINGS.md §shock Opposed checks)", () => {
  it("grapple: 2d6 + STR + Brawl each side, the size penalty on the attacker", () => {
    const [a, d] = grappleSides(strong, weak, "larger");
    expect(a.modifiers).toEqual([
      { source: "attribute:str", value: 2 },
      { source: "skill:brawl", value: 1 },
      { source: "size:larger", value: -2 },
    ]);
    expect(d.modifiers).toEqual([
      { source: "attribute:str", value: -1 },
      { source: "skill:brawl", value: 0 },
    ]);
    expect(a.dice).toBe(2);
    expect(a.faces).toBe(6);
  });

  it("shove takes the better of Brawl and Exert", () => {
    const mover = {
      id: "m",
      who: { ...wielder({ str: 1 }), skills: { ...wielder().skills, exert: 2, brawl: 0 } },
    };
    expect(shoveSides(mover, weak)[0].modifiers).toContainEqual({
      source: "skill:exert",
      value: 2,
    });
  });

  it("exact: +3 against −1 wins 1090 of 1216 decisive outcomes (80 of 1296 tie)", () => {
    const [a, d] = grappleSides(strong, weak);
    const odds = opposedOdds(a, d);
    // Difference of 4: P(2d6 − 2d6 > −4) over P(≠ −4).
    let wins = 0,
      decisive = 0;
    for (let x = 2; x <= 12; x++)
      for (let y = 2; y <= 12; y++) {
        const ways = (6 - Math.abs(x - 7)) * (6 - Math.abs(y - 7));
        if (x + 3 === y - 1) continue;
        decisive += ways;
        if (x + 3 > y - 1) wins += ways;
      }
    expect(odds).toEqual({ wins, decisive });
    expect(odds).toEqual({ wins: 1090, decisive: 1216 });
  });

  it("ties re-roll", () => {
    const [a, d] = grappleSides({ id: "a", who: wielder() }, { id: "b", who: wielder() });
    const r = rollOpposed(a, d, new Scripted([3, 3, 4, 2, 1, 1, 6, 6]));
    expect(r.rolls).toHaveLength(2);
    expect(r.winner).toBe("b");
  });

  it("break free: one check against every grappler; escapes those it beats", () => {
    const { single, others } = breakFreeSides(weak, [strong, { id: "rat", who: wielder() }]);
    // clerk 6+6−1 = 11; ogre 1+1+3 = 5 (beaten); rat 6+6 = 12 (holds).
    const r = rollOneAgainstMany(single, others, new Scripted([6, 6, 1, 1, 6, 6]));
    expect(escapedFrom(r)).toEqual(["ogre"]);
  });

  it("screen: the worst-rolling successful screener takes the attack; "
    + "capacity is the best combat skill", () => {
    const attacker = screenSide("orc", wielder({ str: 1, stab: 1 }));
    const screeners = [
      screenSide("a", wielder({ dex: 1, stab: 2 })),
      screenSide("b", wielder({ str: 0 })),
    ];
    expect(screeners[0]?.modifiers).toEqual([
      { source: "attribute:dex", value: 1 },
      { source: "skill:stab", value: 2 },
    ]);
    // orc 3+3+2 = 8; a 4+4+3 = 11 (wins); b 5+4 = 9 (wins, lower) → b.
    const r = rollOneAgainstMany(attacker, screeners, new Scripted([3, 3, 4, 4, 5, 4]));
    expect(worstWinner(r)?.id).toBe("b");
    expect(screenCapacity(wielder({ stab: 2 }))).toBe(2);
    expect(screenCapacity(wielder())).toBe(0);
  });
});
