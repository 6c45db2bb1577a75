import { keptFields, withKeptStore } from "../support/kept-stand-in";
import { KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import { beforeEach, describe, expect, it } from "vitest";
import { registerGrapple, MANEUVER_STEP } from "../../src/rulesets/shock/foundry/gm/grapple";
import { openingOf, openOnCard } from "../../src/rulesets/shock/foundry/gm/window";
import { factsNow, storedWindow } from "../../src/rulesets/shock/play/cards/card-window";
import { UNARMED } from "../../src/rulesets/shock/rules/statblock";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { chatMessages, getProperty, gmUser } from "../support/stand-ins";

/**
 * shock's multi-step rolls on the active GM's client, each a roll plan run with Foundry's Roll
 * (`shell/dice/run-in-foundry.ts`): the screen rolled when a card is sealed (its reaction window's
 * opening; a held screen is in test/unit/shock-gm-flow.test.ts), a shove in lieu of damage and
 * breaking free, on stand-ins for Foundry's globals as test/unit/shock-gm-flow.test.ts uses them.
 * Each request is one Roll named after who rolls it; a plan's tie asks only for the tied pair's
 * dice; every roll of a check goes in one message seen as its card or actor says. Source: `002_5e27cdf788b28f5f.txt`
 * §Screen an Ally, §Shoving, §Grappling; RULINGS.md §shock Opposed checks, Screen, Grappling.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;

let dice: number[] = [];
class FakeRoll {
  dice: { results: { result: number }[] }[] = [];
  constructor(readonly formula: string, _data: object = {}, readonly options: any = {}) {}
  async evaluate() {
    const [count, faces] = this.formula.split("d").map(Number) as [number, number];
    const results = Array.from({ length: count }, () => {
      const d = dice.shift();
      if (d === undefined || d > faces) throw new Error(`no scripted d${faces}`);
      return { result: d };
    });
    this.dice = [{ results }];
    return this;
  }
}

const GM = { id: "gamemastergamema", isGM: true };
const PLAYER = { id: "playerplayerpla1", isGM: false };
const block = (over: object = {}) => ({
  id: "x", name: "X", isPC: true, attackBonus: 0, hitDice: 1, attributes: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 0, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false,
  save: 14, snapAttack: true, morale: 12, fearless: true, group: "X", weapons: [], ...over,
});
const skilled = (stab: number, dex = 0) =>
  block({ skills: { stab, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, attributes: { str: 0, dex, con: 0, int: 0, wis: 0, cha: 0 } });

let created: any[];
let shown: any[];
let socketFn: Fn;
let combat: any;

function combatant(id: string, name: string, side: string, statblock: any, data: object = {}) {
  const actor: any = { name, health: "up", statblock, hasPlayerOwner: side === "party",
    testUserPermission: (user: any) => user.isGM || (side === "party" && user.id === PLAYER.id) };
  const c: any = {
    id, name, side, actor, isDefeated: false, token: null,
    data: { screening: "", screenedAttackers: [] as string[], grappling: "", grappledBy: [] as string[], ...data },
    budget: { main: false, moves: 0, disengaged: false, holding: false },
    get hold() { return { grappling: c.data.grappling, grappledBy: c.data.grappledBy }; },
  };
  return c;
}

/** The roll messages' rolls: formula and name, and the message's flavor and mode. */
const rollsOf = (message: any) => message.rolls.map((r: string) => {
  const roll = JSON.parse(r);
  return [roll.formula, roll.options.flavor ?? null];
});

beforeEach(() => {
  dice = [];
  created = [];
  shown = [];
  combat = {
    id: "combatcombatcomb", started: true, round: 1, shockCombatants: [] as any[],
    // Foundry's collection of them (its scene is its tokens': none here, so no grid).
    get combatants() { return this.shockCombatants; },
    turnStateOf: (c: any) => ({ actingSide: "party", side: c.side, holding: false, surprised: false }),
    async spend(c: any, _action: string, extra: object = {}) {
      if (c.budget.main) return false;
      await combat.keep({ [c.id]: { main: true, ...extra } });
      return true;
    },
    async updateEmbeddedDocuments(_type: string, data: any[]) {
      for (const d of data) Object.assign(combat.shockCombatants.find((x: any) => x.id === d._id).data, d.system);
    },
  };
  withKeptStore(combat, KEPT_SPEC);
  const users = new Map([[GM.id, GM], [PLAYER.id, PLAYER]]);
  g.game = {
    user: gmUser(GM), users: { get: (id: string) => users.get(id), activeGM: { isSelf: true } },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
    socket: { on: (_e: string, fn: Fn) => (socketFn = fn) },
    i18n: { format: (k: string) => k, localize: (k: string) => k, has: () => false },
  };
  g.CONFIG = { queries: {}, sounds: { dice: "dice.wav" } };
  g.Roll = FakeRoll;
  g.ChatMessage = chatMessages(created, shown);
  g.foundry = { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty, escapeHTML: (s: string) => s } };
  g.ui = { notifications: { warn: () => undefined } };
});

describe("a screen rolled when the card is sealed (§Screen an Ally)", () => {
  it("the reaction window's opening: the attacker against each screener, a tie again; the worst winner takes it", async () => {
    // Corvin (DEX 2, Stab 1: +3) attacks Wenna, screened by Oskar and Pia (+3 each).
    const ward = combatant("wenna", "Wenna", "party", skilled(1, 2));
    const oskar = combatant("oskar", "Oskar", "party", skilled(1, 2), { screening: "wenna" });
    const pia = combatant("pia", "Pia", "party", skilled(1, 2), { screening: "wenna" });
    combat.shockCombatants.push(...[ward, oskar, pia].map((c) => keptFields(combat, c)));
    const reading: any = {
      attacker: { name: "Corvin", statblock: skilled(1, 2) }, target: ward.actor, combat, combatant: ward,
    };
    const facts = { attacker: skilled(1, 2), weapon: UNARMED, natural: 10, total: 14, swarmOthers: 0, dualWield: false };
    const card = { whisper: [GM.id, PLAYER.id], blind: false };
    // The window asks for the dice the check uses, the attacker's with the first screener's and a
    // tied pair's as one roll: Corvin [3,3] 9 vs Oskar [4,2] 9: a tie, that pair again: Corvin
    // [1,1] 5 vs Oskar [3,3] 9; then Pia's own roll [5,5] 13 against Corvin's first 9.
    dice = [3, 3, 4, 2, 1, 1, 3, 3, 5, 5];
    const state = await openOnCard(card as any, reading, openingOf(reading, facts, "corvin"));
    expect(dice).toEqual([]);
    expect(factsNow(state)).toMatchObject({ target: "oskar", screenedBy: "oskar" });
    expect(state.frames[0]?.note).toMatchObject({
      attackerTotal: 9, takenBy: "oskar",
      screeners: [{ id: "oskar", total: 9, won: true }, { id: "pia", total: 13, won: true }],
    });
    // Each screener has screened against Corvin this round; the card keeps no AC.
    expect(oskar.data.screenedAttackers).toEqual(["corvin"]);
    expect(pia.data.screenedAttackers).toEqual(["corvin"]);
    expect(state.frames[0]?.context.ac).toEqual({ wenna: 12, oskar: 12, pia: 12 });
    expect(storedWindow(state).frames[0]?.context.ac).toEqual({});
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ flavor: "FRAY.Shock.Roll.Screen", rollMode: "gmroll", whisper: [GM.id, PLAYER.id] });
    expect(rollsOf(shown[0])).toEqual([["4d6", null], ["4d6", null], ["2d6", null]]);
  });
});

describe("a shove in lieu of damage (§Shoving)", () => {
  it("the opposed check is rolled step by step as the card is seen, and recorded", async () => {
    const weapon = {
      id: "sabresabresabre1", type: "shockWeapon", name: "Sabre",
      toObject: () => ({
        _id: "sabresabresabre1", name: "Sabre", system: {
          kind: "melee", skill: "stab", attributes: ["dex", "str"], damage: { dice: 1, die: "6" }, shock: { amount: 1, ac: 13, anyAc: false },
          magic: 0, twoHanded: false, unarmed: false, range: { normal: 0, long: 0 }, readied: true, description: "",
        },
      }),
    };
    const corvin = { name: "Corvin", statblock: block({ attributes: { str: 1, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } }), items: new Map([[weapon.id, weapon]]) };
    const wenna = { name: "Wenna", statblock: block() };
    const docs: Record<string, unknown> = { "Actor.corvin": corvin, "Scene.s.Token.wenna": { id: "wenna", actor: wenna } };
    g.fromUuidSync = (uuid: string) => docs[uuid] ?? null;
    const seal = {
      kind: "shockAttack", authorId: PLAYER.id, actorUuid: "Actor.corvin", weaponId: weapon.id, tokenUuid: "Scene.s.Token.wenna",
      targetName: "Wenna", combatId: "", targetCombatantId: "", natural: 15, total: 15, swarmOthers: 0, hit: true, offers: [],
    };
    const message = { whisper: [], blind: false };
    // Corvin STR 1 [3,3] 7 vs Wenna [5,2] 7: a tie; again [6,4] 11 vs [1,1] 2.
    dice = [3, 3, 5, 2, 6, 4, 1, 1];
    const out = await MANEUVER_STEP.run({
      request: { maneuver: "shove" }, records: { seal, ledger: { result: { kind: "hit" } } }, sender: PLAYER, message,
    } as any, {} as any);
    expect(out).toEqual({ ok: true, ledger: { maneuver: { kind: "shove", by: PLAYER.id, attackerTotal: 11, defenderTotal: 2, won: true } } });
    expect(dice).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ flavor: "FRAY.Shock.Roll.shove", rollMode: "publicroll" });
    expect(rollsOf(shown[0])).toEqual([["2d6", "Corvin"], ["2d6", "Wenna"], ["2d6", "Corvin"], ["2d6", "Wenna"]]);
  });
});

describe("breaking free (§Grappling: one check against every grappler)", () => {
  let queries = 0;
  async function request(user: { id: string }, name: string, payload: Record<string, unknown>) {
    const data = structuredClone(payload);
    socketFn(user.id, `q${queries++}`, `fray.${name}`, data);
    return g.CONFIG.queries[`fray.${name}`](data);
  }

  it("a tie with one grappler re-rolls that pair alone; the beaten grappler lets go, the other holds", async () => {
    registerGrapple();
    startRelay();
    // Brant (STR 2: +2) is held by Vask and Orla (+0).
    const brant = combatant("brant", "Brant", "party", block({ attributes: { str: 2, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } }), { grappledBy: ["vask", "orla"] });
    const vask = combatant("vask", "Vask", "foes", block(), { grappling: "brant" });
    const orla = combatant("orla", "Orla", "foes", block(), { grappling: "brant" });
    combat.shockCombatants.push(...[brant, vask, orla].map((c) => keptFields(combat, c)));
    // Brant [2,2] 6 vs Vask [3,3] 6: a tie, that pair again: Brant [5,5] 12 vs Vask [1,1] 2;
    // Orla [4,4] 8 against Brant's first 6.
    dice = [2, 2, 3, 3, 5, 5, 1, 1, 4, 4];
    expect(await request(PLAYER, "shockBreakFree", { combatId: combat.id, combatantId: "brant" })).toEqual({ ok: true });
    expect(dice).toEqual([]);
    expect(brant.budget.main).toBe(true);
    expect(brant.data.grappledBy).toEqual(["orla"]);
    expect(vask.data.grappling).toBe("");
    expect(orla.data.grappling).toBe("brant");
    // A player's character's dice are everyone's to see.
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ flavor: "FRAY.Shock.Roll.breakFree", rollMode: "publicroll" });
    expect(rollsOf(shown[0])).toEqual([
      ["2d6", "Brant"], ["2d6", "Vask"], ["2d6", "Brant"], ["2d6", "Vask"], ["2d6", "Orla"],
    ]);
    expect(created.at(-1).content).toContain("FRAY.Shock.Grapple.Escaped");
    expect(created.at(-1).content).toContain("FRAY.Shock.Grapple.Held");
  });
});
