import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Localize } from "../../src/engine/i18n";
import { TIE_BREAK } from "../../src/engine/initiative/sides";
import {
  healthOfActor, hpOf, isPlayerCharacter, isShockActor, mortalOf,
} from "../../src/rulesets/shock/play/round/actor-health";
import {
  groupJoins, sideEntries, sideGroupsOf, sideName, sideRollLines, sideRollName,
} from "../../src/rulesets/shock/play/round/side-rolls";
import {
  answeringBudget, mayActNext, turnStateFor,
} from "../../src/rulesets/shock/play/round/sides";
import { wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * The Combat's and the Actor's decisions moved to shock's pure play/round/ layer, checked without
 * Foundry: a side's name, the name over an initiative roll, and an actor's health from its data.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Damage; RULINGS.md §shock (Side
 * initiative, Mortally Injured, NPC defeated).
 */
const t: Localize = (key) => `<${key}>`;

describe("side names", () => {
  it("names the party's side the party's, and every other side the foes'", () => {
    expect(sideName("party", t)).toBe("<FRAY.Shock.Side.party>");
    expect(sideName("foes", t)).toBe("<FRAY.Shock.Side.foes>");
    expect(sideName("bandits", t)).toBe("<FRAY.Shock.Side.foes>");
  });

  it("names a side's roll after its side, and a tie-break after no one", () => {
    expect(sideRollName("party", t)).toBe("<FRAY.Shock.Side.party>");
    expect(sideRollName("wolves", t)).toBe("<FRAY.Shock.Side.foes>");
    expect(sideRollName(TIE_BREAK, t)).toBeUndefined();
  });
});

describe("an actor's health from its data", () => {
  const pc = (value: number, injured: boolean, stabilised: boolean) => ({
    type: "shockCharacter", system: { hp: { value, max: 12 }, mortal: { injured, stabilised } },
  });
  const npc = (value: number) => ({ type: "shockNpc", system: { hp: { value, max: 7 } } });

  it("knows shock's actor types, and which is a PC", () => {
    expect(isShockActor({ type: "shockCharacter" })).toBe(true);
    expect(isShockActor({ type: "shockNpc" })).toBe(true);
    expect(isShockActor({ type: "escalationCharacter" })).toBe(false);
    expect(isPlayerCharacter({ type: "shockCharacter" })).toBe(true);
    expect(isPlayerCharacter({ type: "shockNpc" })).toBe(false);
  });

  it("reads HP and a PC's marks; an NPC has no marks whatever its data says", () => {
    expect(hpOf(pc(5, false, false))).toEqual({ value: 5, max: 12 });
    expect(mortalOf(pc(0, true, true))).toEqual({ injured: true, stabilised: true });
    const marked = { type: "shockNpc", system: { hp: { value: 0, max: 7 }, mortal: { injured: true } } };
    expect(mortalOf(marked)).toEqual({ injured: false, stabilised: false });
  });

  it("is up above 0 HP; at 0 a PC is Mortally Injured or stabilised, an NPC defeated", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.boolean(),
      (hp, injured, stabilised) => {
        expect(healthOfActor(pc(hp, injured, stabilised))).toBe("up");
        expect(healthOfActor(npc(Math.min(hp, 7)))).toBe("up");
      }));
    expect(healthOfActor(pc(0, true, false))).toBe("mortallyInjured");
    expect(healthOfActor(pc(0, true, true))).toBe("stabilised");
    expect(healthOfActor(npc(0))).toBe("defeated");
  });
});

describe("picking who acts next", () => {
  it("is for the acting side, in a started combat, among those yet to act", () => {
    expect(mayActNext(true, "party", "party", 3, 1)).toBe(true);
    expect(mayActNext(true, "party", "party", 0, null)).toBe(true);
    expect(mayActNext(true, "party", "party", 1, 1)).toBe(false);
    expect(mayActNext(true, "party", "party", 0, 1)).toBe(false);
    expect(mayActNext(true, "foes", "party", 3, 1)).toBe(false);
    expect(mayActNext(true, null, "party", 3, 1)).toBe(false);
    expect(mayActNext(false, "party", "party", 3, 1)).toBe(false);
  });
});

describe("rolling the sides", () => {
  it("gives the party its best DEX and its ties; other sides nothing", () => {
    const party = [wielder({ dex: 1 }), wielder({ dex: 2 }), wielder({ dex: -1 })];
    expect(sideEntries(["foes", "party", "wolves"], party)).toEqual([
      { id: "foes", bonus: 0 }, { id: "party", bonus: 2, favoured: true }, { id: "wolves", bonus: 0 },
    ]);
    expect(sideEntries(["party"], [])).toEqual([{ id: "party", bonus: 0, favoured: true }]);
  });

  it("makes a group per side in order, ranked after those placed, keeping its die and bonus", () => {
    const rolled = {
      order: ["foes", "party"],
      rolls: [
        { id: "party", die: 3, bonus: 2, result: 5, favoured: true, tieBreaks: [] },
        { id: "foes", die: 7, bonus: 0, result: 7, favoured: false, tieBreaks: [] },
      ],
    };
    expect(sideGroupsOf(rolled, 1, t)).toEqual([
      { name: "<FRAY.Shock.Side.foes>", initiative: 7,
        flags: { fray: { side: "foes", rank: 1, die: 7, bonus: 0 } } },
      { name: "<FRAY.Shock.Side.party>", initiative: 5,
        flags: { fray: { side: "party", rank: 2, die: 3, bonus: 2 } } },
    ]);
  });

  it("says each side's roll on the initiative card", () => {
    const say: Localize = (key, data) => `${key} ${JSON.stringify(data)}`;
    expect(sideRollLines([{ key: "party", die: 3, bonus: 2, total: 5 }], say)).toEqual([
      'FRAY.Shock.Combat.SideRoll {"side":"FRAY.Shock.Side.party undefined","die":"3","bonus":"2","result":"5"}',
    ]);
  });
});

describe("a combatant's turn state", () => {
  it("is surprised only while its side is among the surprised", () => {
    expect(turnStateFor("party", "foes", true, ["foes"]))
      .toEqual({ actingSide: "party", side: "foes", holding: true, surprised: true });
    expect(turnStateFor(null, "party", false, ["foes"]))
      .toEqual({ actingSide: null, side: "party", holding: false, surprised: false });
  });
});

describe("the budget an answer reads", () => {
  it("is the combatant's own, but with the Main spent while its side is surprised", () => {
    const budget = { main: false, moves: 1, disengaged: false, holding: true };
    expect(answeringBudget(budget, false)).toBe(budget);
    expect(answeringBudget(budget, true)).toEqual({ ...budget, main: true });
    expect(budget.main).toBe(false);
  });
});

describe("putting combatants into their side's group", () => {
  const groups = new Map([
    ["party", { id: "gP", initiative: 7 }], ["foes", { id: "gF", initiative: null }],
  ]);
  const groupOf = (side: string) => groups.get(side);

  it("joins each combatant to its side's group with that group's initiative, once", () => {
    const members = [
      { id: "a", side: "party", group: null }, { id: "b", side: "party", group: "gP" },
      { id: "c", side: "foes", group: "gP" }, { id: "d", side: "beasts", group: null },
    ];
    expect(groupJoins(members, groupOf)).toEqual([
      { _id: "a", group: "gP", initiative: 7 },
      // A cleared roll joins with no initiative; it is rolled again among the others.
      { _id: "c", group: "gF", initiative: null },
    ]);
  });

  it("a side whose group has no id yet, or none at all, joins nobody", () => {
    expect(groupJoins([{ id: "a", side: "party", group: null }],
      () => ({ id: null, initiative: 3 }))).toEqual([]);
    expect(groupJoins([{ id: "a", side: "party", group: null }], () => undefined)).toEqual([]);
  });
});
