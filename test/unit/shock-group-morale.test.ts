import { beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  groupScoreNow, parseSetScore, setScoreOf, setScoresOf, withSetScore,
} from "../../src/rulesets/shock/play/cards/morale-score";
import {
  moraleNow, moraleOfferOf, offerMorale, rollMorale, setGroupMorale,
} from "../../src/rulesets/shock/foundry/chat/morale";
import { moraleOfferHtml, moraleScoreText } from "../../src/rulesets/shock/play/cards/card-morale";
import { registerCardKind } from "../../src/shell/cards/kind";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { applyUpdate, getProperty } from "../support/stand-ins";

/**
 * A group's one Morale score in Foundry (RULINGS.md §shock Morale): the score its GM set on it in
 * the combat, by default the highest Morale among its members still in the fight, read when the
 * GM rolls, not when the prompt is posted; only a GM sets it (a Combat flag). The prompt is trusted
 * only when a GM's client posted it (`shell/cards/prompts.ts`). Run on stand-ins for Foundry's
 * globals and documents. Source: `002_5e27cdf788b28f5f.txt` §Morale.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

describe("the set scores in the Combat's flag, pure", () => {
  it("reads only whole scores from 2 to 12 per group, first one wins; junk is no score", () => {
    const flag = [
      { group: "Bandits", score: 4 }, { group: "Bandits", score: 9 }, { group: "Mire Folk", score: 13 },
      { group: "St. Cuthbert's", score: 2.5 }, null, "x", { group: 3, score: 5 }, { group: "Hounds", score: 12 },
    ];
    expect(setScoresOf(flag)).toEqual([{ group: "Bandits", score: 4 }, { group: "Hounds", score: 12 }]);
    expect(setScoreOf(flag, "Bandits")).toBe(4);
    expect(setScoreOf(flag, "Mire Folk")).toBeNull();
    expect(setScoresOf(undefined)).toEqual([]);
    expect(setScoresOf({ Bandits: 4 })).toEqual([]);
  });

  it("sets, replaces and clears one group's score, keeping the others; refuses a score out of range", () => {
    const one = withSetScore(undefined, "St. Cuthbert's", 6);
    expect(one).toEqual([{ group: "St. Cuthbert's", score: 6 }]);
    const two = withSetScore(one, "Bandits", 4);
    expect(withSetScore(two, "Bandits", 8)).toEqual([{ group: "St. Cuthbert's", score: 6 }, { group: "Bandits", score: 8 }]);
    expect(withSetScore(two, "Bandits", null)).toEqual([{ group: "St. Cuthbert's", score: 6 }]);
    for (const bad of [1, 13, 7.5, Number.NaN]) expect(() => withSetScore(two, "Bandits", bad)).toThrow(RangeError);
  });

  it("property: a set score reads back; clearing it gives the default again; other groups never change", () => {
    const groups = fc.constantFrom("Bandits", "Mire Folk", "a.b", "");
    const entry = fc.record({ group: groups, score: fc.integer({ min: 2, max: 12 }) });
    fc.assert(fc.property(fc.array(entry, { maxLength: 6 }), groups, fc.integer({ min: 2, max: 12 }), (flag, group, score) => {
      const set = withSetScore(flag, group, score);
      expect(setScoreOf(set, group)).toBe(score);
      expect(setScoreOf(withSetScore(set, group, null), group)).toBeNull();
      for (const other of setScoresOf(flag).filter((e) => e.group !== group))
        expect(setScoreOf(set, other.group)).toBe(other.score);
    }));
  });

  it("reads what a GM types: blank is the default, else 2 to 12", () => {
    expect(["", "  ", null, undefined, "9", 4, "12", "1", "13", "7.5", "x"].map(parseSetScore))
      .toEqual([null, null, null, null, 9, 4, 12, "invalid", "invalid", "invalid", "invalid"]);
  });

  it("the group's score: the GM's when set, else the highest still in the fight", () => {
    const members = [{ morale: 7, inFight: false }, { morale: 9, inFight: true }, { morale: 5, inFight: true }];
    expect(groupScoreNow(members, [], "Bandits")).toEqual({ score: 9, source: "highestInFight" });
    expect(groupScoreNow(members, [{ group: "Bandits", score: 4 }], "Bandits")).toEqual({ score: 4, source: "set" });
    expect(groupScoreNow(members, [{ group: "Other", score: 4 }], "Bandits")).toEqual({ score: 9, source: "highestInFight" });
    expect(groupScoreNow(members.map((m) => ({ ...m, inFight: false })), [], "Bandits")).toBeNull();
  });
});

const GM = { id: "gamemastergamema", isGM: true };
const PLAYER = { id: "playerplayerplay", isGM: false };
let created: any[];
let rolls: number[];
let combat: any;
let bandits: any[];

/** Dice the stand-in Roll hands out, in order. */
class FakeRoll {
  dice: { results: { result: number }[] }[] = [];
  total = 0;
  constructor(readonly formula: string) {}
  async evaluate() {
    const results = [rolls.shift(), rolls.shift()].map((d) => {
      if (d === undefined) throw new Error("no scripted d6");
      return { result: d };
    });
    this.dice = [{ results }];
    this.total = results.reduce((s, r) => s + r.result, 0);
    return this;
  }
}

function npc(name: string, morale: number) {
  const actor: any = {
    type: "shockNpc", hp: { value: 5 }, statblock: { group: "Thornwood Bandits", morale, fearless: false },
    get health() { return actor.hp.value > 0 ? "up" : "defeated"; },
  };
  return { id: `combatant${name}`, name, isDefeated: false, actor };
}

/** Fells a bandit as the apply does: 0 HP, defeated. */
function fell(b: any) {
  b.actor.hp.value = 0;
  b.isDefeated = true;
}

/** The prompt as the GM's client posted it: a GM's plain message with the offer in its flags. */
function prompt(data: any, author = GM) {
  const m: any = {
    id: "moralemoralemora", type: "base", author, flags: structuredClone(data.flags), content: data.content,
    getFlag: (scope: string, key: string) => m.flags[scope]?.[key],
    async update(changes: Record<string, unknown>) {
      applyUpdate(m, changes);
    },
  };
  return m;
}

beforeEach(() => {
  created = [];
  rolls = [];
  bandits = [npc("cutthroat1", 7), npc("captain", 9), npc("cutthroat2", 7)];
  combat = {
    id: "combatcombatcomb", started: true, shockCombatants: bandits, flags: {},
    getFlag: (scope: string, key: string) => combat.flags[scope]?.[key],
    async setFlag(scope: string, key: string, value: unknown) {
      applyUpdate(combat, { [`flags.${scope}.${key}`]: value });
    },
    async updateEmbeddedDocuments(_type: string, updates: any[]) {
      for (const u of updates) {
        const c = bandits.find((b) => b.id === u._id);
        if (u.defeated) c.isDefeated = true;
        // The fled mark is the GM's, kept on the combat: never written on a Combatant.
        expect(Object.keys(u).sort()).toEqual(["_id", "defeated"]);
      }
    },
    // ShockCombat#keep as it writes the kept store (one dotted key per field).
    async keep(patches: Record<string, Record<string, unknown>>) {
      for (const [id, patch] of Object.entries(patches))
        for (const [k, v] of Object.entries(patch)) applyUpdate(combat, { [`flags.fray.kept.${id}.${k}`]: v });
    },
  };
  vi.stubGlobal("game", {
    user: { ...GM, flags: {} },
    users: { contents: [GM, PLAYER] },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
    i18n: { localize: (k: string) => k, format: (k: string, d: Record<string, string>) => `${k}${JSON.stringify(d)}` },
  });
  vi.stubGlobal("ChatMessage", { create: async (data: unknown) => void created.push(data) });
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("foundry", { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty } });
  registerCardKind(SHOCK_ATTACK_KIND);
});

/** The result line of a rolled prompt, unescaped. */
const said = (m: any): string => String(m.content).replaceAll("&quot;", '"');

/** The first cutthroat falls; the GM is offered the group's first check. */
async function firstDown() {
  fell(bandits[0]);
  await offerMorale(combat, bandits[0].actor);
  expect(created).toHaveLength(1);
  return prompt(created[0]);
}

describe("a morale check in Foundry", () => {
  it("the offer names no score; the roll is against the captain's 9 while he stands, not the fallen 7", async () => {
    const m = await firstDown();
    expect(m.flags.fray.shockMorale).toEqual({ combatId: combat.id, group: "Thornwood Bandits", triggers: ["firstDown"] });
    expect(created[0].whisper).toEqual([GM.id]);
    expect(moraleNow(combat, "Thornwood Bandits")).toEqual({ score: 9, source: "highestInFight" });
    rolls = [4, 4];
    await rollMorale(m);
    // 8 is not above 9: they hold.
    expect(m.content).toContain("FRAY.Shock.Morale.Holds");
    expect(said(m)).toContain('"score":"9"');
    expect(bandits.map((b) => b.isDefeated)).toEqual([true, false, false]);
  });

  it("the score is the group's when the GM rolls: the captain fell since, so 7", async () => {
    const m = await firstDown();
    fell(bandits[1]);
    rolls = [4, 4];
    await rollMorale(m);
    // 8 is above 7: they break, and the last cutthroat flees.
    expect(m.content).toContain("FRAY.Shock.Morale.Breaks");
    expect(said(m)).toContain('"score":"7"');
    expect(bandits.map((b) => b.isDefeated)).toEqual([true, true, true]);
    // Only the one still standing fled, and the GM keeps that mark on the combat.
    expect(combat.flags.fray.kept).toEqual({ [bandits[2].id]: { fled: true } });
  });

  it("a score the GM set is the group's, whoever stands, and the result says so", async () => {
    const m = await firstDown();
    await setGroupMorale(combat, "Thornwood Bandits", 4);
    expect(combat.flags.fray.moraleScores).toEqual([{ group: "Thornwood Bandits", score: 4 }]);
    expect(moraleNow(combat, "Thornwood Bandits")).toEqual({ score: 4, source: "set" });
    rolls = [3, 2];
    await rollMorale(m);
    expect(m.content).toContain("FRAY.Shock.Morale.Breaks");
    expect(said(m)).toContain('"score":"4","source":"FRAY.Shock.Morale.ScoreFrom.set"');
    // Cleared, the default is back.
    await setGroupMorale(combat, "Thornwood Bandits", null);
    expect(combat.flags.fray.moraleScores).toEqual([]);
  });

  it("only a GM sets a group's score; nothing changes otherwise", async () => {
    (globalThis as any).game.user = { ...PLAYER };
    await expect(setGroupMorale(combat, "Thornwood Bandits", 4)).rejects.toThrow("FRAY.Shock.Morale.GMOnly");
    expect(combat.flags).toEqual({});
  });

  it("a prompt a player wrote (or a card kind) rolls nothing; the GM's rolls once", async () => {
    const m = await firstDown();
    rolls = [6, 6];
    await rollMorale(prompt(created[0], PLAYER));
    await rollMorale({ ...prompt(created[0]), type: "shockAttack" });
    expect(rolls).toEqual([6, 6]);
    await rollMorale(m);
    expect(rolls).toEqual([]);
    rolls = [6, 6];
    await rollMorale(m);
    expect(rolls).toEqual([6, 6]);
  });

  it("with nobody left in the fight and no score set, the roll is refused and the prompt stays open", async () => {
    const m = await firstDown();
    fell(bandits[1]);
    fell(bandits[2]);
    await expect(rollMorale(m)).rejects.toThrow("FRAY.Shock.Morale.NoneLeft");
    expect(m.flags.fray.taken).toBeUndefined();
  });

  it("reads a prompt's offer defensively; older offers with a score still read", () => {
    const read = (offer: unknown) => moraleOfferOf({ getFlag: () => offer } as any);
    expect(read({ combatId: "c", group: "g", score: 7, triggers: ["firstDown"] })).toEqual({ combatId: "c", group: "g", triggers: ["firstDown"] });
    expect(read({ combatId: "c", group: 3, triggers: [] })).toBeNull();
    expect(read(undefined)).toBeNull();
    expect(read({ combatId: "c", group: "g", triggers: ["everyone"] })).toEqual({ combatId: "c", group: "g", triggers: [] });
  });

  it("the prompt carries the GM's Roll and Set buttons, and says the score a roll now uses", () => {
    const t = (k: string, d?: Record<string, unknown>) => (d ? `${k}${JSON.stringify(d)}` : k);
    const html = moraleOfferHtml("offer", t);
    expect(html).toContain('data-shock-morale="roll"');
    expect(html).toContain('data-shock-morale="set"');
    expect(moraleScoreText({ score: 9, source: "highestInFight" }, "g", t))
      .toBe('FRAY.Shock.Morale.ScoreNow{"score":9,"source":"FRAY.Shock.Morale.ScoreFrom.highestInFight"}');
    expect(moraleScoreText(null, "g", t)).toBe('FRAY.Shock.Morale.NoneLeft{"group":"g"}');
  });
});
