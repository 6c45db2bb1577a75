import { beforeEach, describe, expect, it } from "vitest";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { registerMovementRules } from "../../src/shell/movement/watch";
import { beforeMove } from "../../src/rulesets/shock/foundry/chat/grapple-watch";
import { afterMove } from "../../src/rulesets/shock/foundry/gm/movement";
import { chatMessages, getProperty, gmUser } from "../support/stand-ins";
import { keptFields, setKept, withKeptStore } from "../support/kept-stand-in";
import { KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import { canTake, take, type ActionId } from "../../src/rulesets/shock/rules/actions";

/**
 * shock's moves on the active GM, end to end on stand-ins for Foundry's globals: carrying or
 * throwing a grappled foe through the relay (`gm/carry.ts`, the real relay with its server-stamped
 * sender) and the `moveToken` watch that offers Attacks of Opportunity to the foes a move leaves
 * (`gm/movement.ts`). The stand-ins only hold data and record writes; Foundry's permission rules
 * are checked in the Foundry tier (test/foundry/shock-movement.test.ts).
 * Source: `002_5e27cdf788b28f5f.txt` §Grappling, §Run, §Disengage.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;
const S = 100;

let dice: number[] = [];
class FakeRoll {
  dice: { results: { result: number }[] }[] = [];
  constructor(readonly formula: string) {}
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
const OTHER = { id: "otherotherother1", isGM: false };
const sword = { id: "sword", name: "Sword", kind: "melee", skill: "stab", attributes: ["str"], dice: 1, die: 8, magic: 0,
  shock: { amount: 0, ac: 0, anyAc: false }, twoHanded: false, unarmed: false, range: { normal: 0, long: 0 }, readied: true };
const block = (over: object = {}) => ({
  id: "x", name: "X", isPC: true, attackBonus: 0, hitDice: 1, attributes: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 0, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false,
  save: 14, snapAttack: true, morale: 12, fearless: true, group: "X", weapons: [sword], ...over,
});

let hooks: Record<string, Fn[]>;
let socketFn: Fn;
let created: any[];
let moves: { id: string; to: object; options: any }[];
/** The actions the GM spent, in order. */
let spent: ActionId[];
let combat: any;
const byId = (id: string) => combat.shockCombatants.find((c: any) => c.id === id);

function fighter(id: string, side: string, col: number, row: number, owner: string, over: object = {}) {
  const actor: any = {
    name: id, health: "up", statblock: block(over), statuses: new Set<string>(),
    testUserPermission: (user: any) => user.isGM || user.id === owner,
    async toggleStatusEffect(status: string, { active }: { active: boolean }) {
      if (active) actor.statuses.add(status);
      else actor.statuses.delete(status);
    },
  };
  const c: any = {
    id, name: id, side, tokenId: `token${id}`, isDefeated: false, actor,
    data: { grappling: "", grappledBy: [] as string[] }, budget: { main: false, moves: 0, disengaged: false, holding: false },
    get hold() { return { grappling: c.data.grappling, grappledBy: c.data.grappledBy }; },
    token: {
      id: `token${id}`, uuid: `Scene.s.Token.token${id}`, x: col * S, y: row * S, width: 1, height: 1,
      _source: { _movementHistory: [] },
      parent: { id: "s", grid: { type: 1, size: S } },
      async move(to: any, options: any) {
        moves.push({ id, to, options });
        Object.assign(c.token, to);
        return true;
      },
    },
  };
  return c;
}

/** Each query has its own id, as `User#query` draws one (client/documents/user.mjs). */
let queries = 0;

async function request(user: { id: string }, name: string, payload: Record<string, unknown>) {
  const data = structuredClone(payload);
  socketFn(user.id, `q${queries++}`, `fray.${name}`, data);
  return g.CONFIG.queries[`fray.${name}`](data);
}

beforeEach(() => {
  hooks = {};
  created = [];
  moves = [];
  spent = [];
  dice = [];
  // Brant (the party's, STR 2 Brawl 1) holds Vask (a foe); Orla (a foe with a sword) stands by.
  const brant = fighter("brant", "party", 5, 5, PLAYER.id, { attributes: { str: 2, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } });
  const vask = fighter("vask", "foes", 6, 5, "");
  const orla = fighter("orla", "foes", 4, 5, "");
  brant.data.grappling = "vask";
  vask.data.grappledBy = ["brant"];
  combat = {
    id: "combatcombatcomb", started: true, round: 1, turn: 0, scene: { id: "s", grid: { type: 1, size: S } },
    shockCombatants: [brant, vask, orla],
    combatants: {
      get: (id: string) => byId(id), find: (f: Fn) => combat.shockCombatants.find(f),
      [Symbol.iterator]: () => combat.shockCombatants[Symbol.iterator](),
    },
    turnStateOf: (c: any) => ({ actingSide: combat.actingSide ?? "party", side: c.side, holding: false, surprised: false }),
    // The real payment rules (rules/actions.ts), as ShockCombat.spend applies them.
    async spend(c: any, action: ActionId) {
      spent.push(action);
      if (!canTake(c.budget, action)) return false;
      c.budget = take(c.budget, action);
      return true;
    },
    async updateEmbeddedDocuments(_type: string, data: any[]) {
      for (const d of data) Object.assign(byId(d._id).data, d.system);
    },
  };
  withKeptStore(combat, KEPT_SPEC);
  for (const f of combat.shockCombatants) keptFields(combat, f);
  const users = new Map([[GM.id, GM], [PLAYER.id, PLAYER], [OTHER.id, OTHER]]);
  g.game = {
    user: gmUser(GM), combat, users: { get: (id: string) => users.get(id), activeGM: { isSelf: true } },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined), get contents() { return [combat]; } },
    messages: { contents: [] as any[] },
    socket: { on: (_e: string, fn: Fn) => (socketFn = fn) }, i18n: { format: (k: string) => k, localize: (k: string) => k, has: () => false },
  };
  g.CONFIG = { queries: {}, sounds: { dice: "dice.wav" } };
  g.CONST = { GRID_TYPES: { SQUARE: 1 } };
  g.Hooks = {
    on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
    once: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
  };
  g.Roll = FakeRoll;
  g.ChatMessage = chatMessages(created, []);
  g.foundry = {
    utils: { randomID: () => Math.random().toString(36).slice(2), getProperty, escapeHTML: (s: string) => s },
    applications: { handlebars: { renderTemplate: async (_p: string, data: unknown) => JSON.stringify(data) } },
  };
  g.ui = { notifications: { warn: () => undefined } };
  registerGMRequests();
  registerMovementRules({ before: beforeMove, after: afterMove });
  startRelay();
});

const carry = (mode: string, col: number, row: number) => ({ combatId: combat.id, combatantId: "brant", mode, x: col * S, y: row * S });

describe("carrying a grappled foe (§Grappling)", () => {
  it("won: the grappler's Main is spent, both tokens move by the same offset, the hold stays", async () => {
    // Brant 2d6 [5,5] + STR 2 + Brawl 0 = 12 against Vask [1,2] = 3.
    dice = [5, 5, 1, 2];
    expect(await request(PLAYER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: true });
    expect(byId("brant").budget.main).toBe(true);
    expect(spent).toEqual(["moveGrappled"]);
    expect(moves.map((m) => [m.id, m.to])).toEqual([["brant", { x: 300, y: 500 }], ["vask", { x: 400, y: 500 }]]);
    // Fray's own moves: neither the grapple watch nor the opportunity watch judges them.
    expect(moves.every((m) => m.options.frayForced === true)).toBe(true);
    expect(byId("vask").data.grappledBy).toEqual(["brant"]);
    expect(created.at(-1).content).toContain("FRAY.Shock.Carry.Won.carry");
    // The card leads with its result as a badge (view/card-grapple.ts).
    expect(created.at(-1).content).toMatch(/^<div class="fray-card shock-grapple">.*<div class="card-badges"><span class="fray-badge fray-badge--hit">.*FRAY\.Shock\.Grapple\.Badge\.carried/);
  });

  it("lost: the foe breaks free and nothing moves", async () => {
    dice = [1, 1, 6, 6];
    expect(await request(PLAYER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: true });
    expect(moves).toEqual([]);
    expect(byId("vask").data.grappledBy).toEqual([]);
    expect(byId("brant").data.grappling).toBe("");
    expect(byId("brant").budget.main).toBe(true);
    expect(created.at(-1).content).toContain("FRAY.Shock.Carry.Lost");
    expect(created.at(-1).content).toContain('fray-badge--miss"><i class="fa-solid fa-link-slash" aria-hidden="true"></i>FRAY.Shock.Grapple.Badge.brokeFree');
  });

  it("throw: the foe lands one square that way, prone and let go; the grappler stays", async () => {
    dice = [6, 6, 1, 1];
    expect(await request(PLAYER, "shockCarry", carry("throw", 9, 5))).toEqual({ ok: true });
    expect(moves.map((m) => [m.id, m.to])).toEqual([["vask", { x: 700, y: 500 }]]);
    expect(byId("vask").actor.statuses.has("prone")).toBe(true);
    expect(byId("vask").data.grappledBy).toEqual([]);
  });

  it("refusals change nothing: another player, too far, a spent Main, not its side's turn, no hold", async () => {
    expect(await request(OTHER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(PLAYER, "shockCarry", carry("carry", 2, 5))).toEqual({ ok: false, reason: "FRAY.Shock.Carry.TooFar.carry" });
    expect(await request(PLAYER, "shockCarry", { ...carry("carry", 3, 5), mode: "hurl" })).toEqual({ ok: false, reason: "badRequest" });
    combat.actingSide = "foes";
    expect(await request(PLAYER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.NotYourSide" });
    combat.actingSide = "party";
    byId("brant").budget = { ...byId("brant").budget, main: true };
    expect(await request(PLAYER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.Spent.moveGrappled" });
    byId("brant").budget = { ...byId("brant").budget, main: false };
    // A mark Vask's side did not agree to is no hold.
    setKept(combat, "vask", { grappledBy: [] });
    expect(await request(PLAYER, "shockCarry", carry("carry", 3, 5))).toEqual({ ok: false, reason: "FRAY.Shock.Carry.NotHolding" });
    expect(moves).toEqual([]);
    expect(byId("brant").budget.main).toBe(false);
  });
});

describe("a move out of reach provokes (§Run, §Disengage)", () => {
  // Made by the token's player unless said (the server stamps the mover: the hook's `user`).
  const move = (
    id: string, to: [number, number], options: object = {}, method = "dragging", mover = PLAYER,
  ) => {
    const c = byId(id);
    const origin = { x: c.token.x, y: c.token.y };
    Object.assign(c.token, { x: to[0] * S, y: to[1] * S });
    const movement = { origin, destination: { x: to[0] * S, y: to[1] * S }, passed: { waypoints: [{ x: to[0] * S, y: to[1] * S }] }, method };
    for (const fn of hooks.moveToken ?? []) fn(c.token, movement, options, mover);
    return new Promise((r) => setTimeout(r, 0));
  };
  const offers = () => created.filter((m) => m.flags?.fray?.offer).map((m) => m.flags.fray.offer);

  beforeEach(() => {
    // Free Brant: a plain move. Orla (sword, at 4,5) is next to him; Vask (at 6,5) too.
    setKept(combat, "brant", { grappling: "" });
    setKept(combat, "vask", { grappledBy: [] });
  });

  it("the GM offers the foes left behind their free attack, naming the move", async () => {
    await move("brant", [5, 8]);
    expect(offers()).toEqual([expect.objectContaining({
      kind: "shockOpportunity", cause: "move", round: 1, turn: 0, targetTokenUuid: "Scene.s.Token.tokenbrant",
      responders: [{ combatantId: "vask", name: "vask" }, { combatantId: "orla", name: "orla" }],
    })]);
    expect(created[0].content).toContain("FRAY.Shock.Move.LeftReach");
  });

  it("not after a Disengage, not for Fray's own moves or an undo, not on a player's client", async () => {
    byId("brant").budget = { ...byId("brant").budget, disengaged: true };
    await move("brant", [5, 8]);
    byId("brant").budget = { ...byId("brant").budget, disengaged: false };
    // The GM's own undo, rule's move and Token Config edit (a player's are checked: see
    // test/unit/movement-watch.test.ts).
    await move("brant", [5, 5], {}, "undo", GM);
    await move("brant", [5, 8], { frayForced: true }, "api", GM);
    await move("brant", [5, 5], {}, "config", GM);
    g.game.user = { ...PLAYER, isActiveGM: false };
    await move("brant", [5, 8]);
    expect(offers()).toEqual([]);
  });

  it("a foe already offered this turn (the Run's own offer) is left out", async () => {
    g.game.messages.contents = [{
      author: GM, type: "base", flags: { fray: { offer: {
        kind: "shockOpportunity", combatId: combat.id, round: 1, turn: 0, cause: "action",
        targetTokenUuid: "Scene.s.Token.tokenbrant", targetName: "brant",
        responders: [{ combatantId: "orla", name: "orla" }],
      } } },
    }];
    await move("brant", [5, 8]);
    expect(offers().map((o: any) => o.responders.map((a: any) => a.combatantId))).toEqual([["vask"]]);
  });

  it("a fallen mover provokes nothing (its body is carried)", async () => {
    byId("brant").actor.health = "mortallyInjured";
    await move("brant", [5, 8]);
    expect(offers()).toEqual([]);
  });
});
