import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardDeletion } from "../../src/shell/cards/deleted";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { applyUpdate, chatMessages, expand, getProperty, gmUser } from "../support/stand-ins";
import { keptFields, setKept, withKeptStore } from "../support/kept-stand-in";
import { KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { rollMorale } from "../../src/rulesets/shock/foundry/chat/morale";
import { cardDone, windowView } from "../../src/rulesets/shock/play/cards/card-window";
import { sealCard } from "../../src/rulesets/shock/play/cards/card-seal";
import { migrateCards } from "../../src/shell/cards/migration";
import { canTake, take, type ActionId } from "../../src/rulesets/shock/rules/actions";
import { reportSnap } from "../../src/rulesets/shock/foundry/gm/react";
import { cardView } from "../../src/rulesets/shock/play/cards/card-view";

/**
 * shock's GM side end to end on stand-ins for Foundry's globals (no Foundry in Node): a posted card
 * is sealed by the card runtime's hook on the active GM (which takes the card over), the target's
 * owner answers with Total Defense through the relay (its real code: the server-stamped sender,
 * the queue, the claims) and the card runtime's one request, the GM settles and the author
 * applies; Undo plans from what the apply recorded; refusals change nothing. The stand-ins only hold data and record writes: the
 * permission rules themselves are checked in the Foundry tier (test/foundry/shock-cards.test.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;

/** What the card shows of its reaction window (kept as JSON in its GM-only ledger). */
const windowOn = (m: any) => windowView(m.system.seal, m.system.ledger);

/** An embedded collection as Foundry's: a Map by id whose iteration yields the documents. */
class Effects extends Map<string, any> {
  get contents(): any[] {
    return [...this.values()];
  }
  override [Symbol.iterator](): any {
    return this.values();
  }
}

/** Dice the stand-in Roll hands out, in order. */
let dice: number[] = [];
class FakeRoll {
  dice: { results: { result: number }[] }[] = [];
  total = 0;
  constructor(readonly formula: string, _data: object = {}, readonly options: any = {}) {}
  async evaluate() {
    const [count, faces] = this.formula.split("d").map(Number) as [number, number];
    const results = Array.from({ length: count }, () => {
      const d = dice.shift();
      if (d === undefined || d > faces) throw new Error(`no scripted d${faces}`);
      return { result: d };
    });
    this.dice = [{ results }];
    this.total = results.reduce((s, r) => s + r.result, 0);
    return this;
  }
}

const weaponItem = {
  id: "sabresabresabre1", type: "shockWeapon", name: "Sabre",
  toObject: () => ({
    _id: "sabresabresabre1", name: "Sabre", system: {
      kind: "melee", skill: "stab", attributes: ["dex", "str"], damage: { dice: 1, die: "6" }, shock: { amount: 1, ac: 13, anyAc: false },
      magic: 0, twoHanded: false, unarmed: false, range: { normal: 0, long: 0 }, readied: true, description: "",
    },
  }),
};
const stat = (over: object) => ({
  id: "x", name: "X", isPC: true, attackBonus: 1, hitDice: 2, attributes: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 1, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 12, ac: 14, shield: false, save: 13,
  snapAttack: true, morale: 12, fearless: true, group: "X", weapons: [], ...over,
});

/** Every stand-in document by uuid (what `fromUuidSync` finds). */
let byUuid: Map<string, any>;
let effectSerial = 0;

function actor(uuid: string, owner: string, block: object, hp: number) {
  const addEffect = (statuses: string[], by: string) => {
    const id = `effect${(effectSerial++).toString().padStart(10, "0")}`;
    const effect = {
      id, uuid: `${uuid}.ActiveEffect.${id}`, statuses: new Set(statuses), disabled: false,
      _stats: { lastModifiedBy: by }, documentName: "ActiveEffect", parent: a,
      // Its source, as an undo that deletes it records it (shell/cards/recorder.ts `deleting`).
      toObject: () => ({ _id: id, name: statuses[0] ?? "", statuses: [...statuses], disabled: false }),
      async delete() {
        a.effects.delete(id);
        byUuid.delete(effect.uuid);
        for (const s of statuses) a.statuses.delete(s);
      },
    };
    a.effects.set(id, effect);
    byUuid.set(effect.uuid, effect);
    for (const s of statuses) a.statuses.add(s);
    return effect;
  };
  const a: any = {
    uuid, name: uuid, type: "shockCharacter", isPC: true, hp: { value: hp, max: hp }, statblock: stat(block),
    items: new Map([[weaponItem.id, weaponItem]]), mortal: { injured: false, stabilised: false },
    get _source() { return { system: { hp: { ...a.hp }, mortal: { ...a.mortal } } }; },
    async update(changes: any) {
      const e = expand(changes) as any;
      if (e.system?.hp?.value !== undefined) a.hp.value = e.system.hp.value;
      if (e.system?.mortal) a.mortal = { ...a.mortal, ...e.system.mortal };
    },
    get health() { return a.hp.value > 0 ? "up" : "mortallyInjured"; },
    testUserPermission: (user: any) => user.isGM || user.id === owner,
    // Status effects as Foundry keeps them: `statuses` derived from the effects, the server's stamp.
    statuses: new Set<string>(), effects: new Effects(), addEffect,
    // As client/documents/actor.mjs toggleStatusEffect: forced active keeps an existing effect.
    async toggleStatusEffect(id: string, { active }: { active: boolean }) {
      if (active) {
        if (a.statuses.has(id)) return true;
        addEffect([id], GM.id);
        return true;
      }
      for (const e of [...a.effects.values()]) if (e.statuses.has(id)) await e.delete();
      return false;
    },
    // As the shock actor's `_preUpdate` does: a PC falling to 0 is Mortally Injured.
    changeHp: async (delta: number) => {
      const before = a.hp.value;
      a.hp.value = Math.max(0, Math.min(a.hp.max, before + delta));
      if (before > 0 && a.hp.value === 0 && a.isPC) a.mortal = { injured: true, stabilised: false };
      return { before, after: a.hp.value };
    },
  };
  return a;
}

const GM = { id: "gamemastergamema", isGM: true };
const AUTHOR = { id: "authorauthorauth", isGM: false };
const OWNER = { id: "owneronwerowner1", isGM: false };
let hooks: Record<string, Fn[]>;
let socketFn: Fn;
let attacker: any;
let target: any;
let targetCombatant: any;
let combat: any;
let messages: Map<string, any>;
let whispers: any[];
/** The roll messages the GM's client posted for its dice (shell/dice/shown-rolls.ts). */
let shown: any[];

/** Puts an Unsuspecting effect on an actor as `by` wrote it (`_stats.lastModifiedBy`, server-stamped). */
function mark(a: any, by: { id: string }) {
  a.addEffect(["shockUnsuspecting"], by.id);
}

function message(id: string, card: ShockCard, author: { id: string; isGM: boolean } = AUTHOR) {
  const m: any = {
    id, type: "shockAttack", author, whisper: [], blind: false,
    system: { ...structuredClone(card), toObject: () => structuredClone({ ...m.system, toObject: undefined }) },
    async update(changes: Record<string, unknown>) {
      const { author: to, ...rest } = changes;
      applyUpdate(m, rest);
      if (typeof to === "string") m.author = g.game.users.get(to);
      return m;
    },
  };
  messages.set(id, m);
  return m;
}

/** A request as a user's client sends it: the server stamps the sender, then the GM's query runs. */
/** The attack card's steps, asked through the card runtime's one request (`fray.card`). */
const STEPS: Record<string, string> = {
  shockReact: "react", shockApply: "apply", shockUndo: "undo", shockManeuver: "maneuver",
};
let queries = 0;

async function request(user: { id: string }, name: string, payload: Record<string, unknown>) {
  const step = STEPS[name];
  const { messageId, ...args } = payload;
  const sent = step ? { messageId, step, args } : payload;
  const query = step ? "card" : name;
  const data = structuredClone(sent);
  socketFn(user.id, `q${queries++}`, `fray.${query}`, data);
  return g.CONFIG.queries[`fray.${query}`](data);
}

beforeEach(() => {
  hooks = {};
  messages = new Map();
  dice = [];
  attacker = actor("Actor.corvin", AUTHOR.id, {}, 12);
  target = actor("Actor.wenna", OWNER.id, { ac: 14, shield: true }, 10);
  byUuid = new Map();
  targetCombatant = {
    id: "combatantwenna01", uuid: "Combat.combatcombatcomb.Combatant.combatantwenna01", tokenId: "tokenwenna",
    name: "Wenna", isDefeated: false, defeated: false, actor: target,
    data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", fellRound: 0 },
    budget: { main: false, moves: 0, disengaged: false, holding: false },
    get _source() { return { system: { ...targetCombatant.data }, defeated: targetCombatant.defeated }; },
    async update(changes: any) {
      const e = expand(changes) as any;
      Object.assign(targetCombatant.data, e.system ?? {});
      if ("defeated" in e) targetCombatant.defeated = e.defeated;
    },
  };
  const attackerCombatant = { id: "combatantcorvin1", tokenId: "tokencorvin", actor: attacker, data: { screening: "", swarming: "" } };
  combat = {
    id: "combatcombatcomb", uuid: "Combat.combatcombatcomb", started: true, round: 1,
    get _source() { return { round: combat.round, flags: structuredClone(combat.flags) }; },
    shockCombatants: [attackerCombatant, targetCombatant],
    // As an EmbeddedCollection: iterable, with get (client/documents/abstract/embedded-collection.mjs).
    get combatants() {
      const list = combat.shockCombatants;
      return Object.assign([...list], { get: (id: string) => list.find((c: any) => c.id === id), contents: list });
    },
    combatantOf: (a: any) => (a === attacker ? attackerCombatant : undefined),
    canTake: (c: any) => !c.budget.main,
    turnStateOf: (c: any) => ({ actingSide: null, side: c.side ?? "party", holding: false, surprised: combat.surprisedSides?.includes(c.side) ?? false }),
    async spend(c: any, _action: string, extra: object) {
      if (c.budget.main) return false;
      await combat.keep({ [c.id]: { main: true, ...extra } });
      return true;
    },
  };
  withKeptStore(combat, KEPT_SPEC);
  keptFields(combat, targetCombatant);
  keptFields(combat, attackerCombatant);
  const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER]]);
  shown = [];
  whispers = [];
  g.ChatMessage = chatMessages(whispers, shown);
  g.game = {
    user: gmUser(GM),
    users: { get: (id: string) => users.get(id), activeGM: { isSelf: true }, contents: [...users.values()] },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined) }, messages: { get: (id: string) => messages.get(id) },
    socket: { on: (_e: string, fn: Fn) => (socketFn = fn) }, i18n: { format: (k: string) => k, localize: (k: string) => k, has: () => false },
  };
  g.CONFIG = { queries: {}, sounds: { dice: "dice.wav" } };
  g.Hooks = { on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn) };
  g.Roll = FakeRoll;
  g.foundry = { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty, escapeHTML: (s: string) => s } };
  for (const doc of [attacker, target, targetCombatant, combat]) byUuid.set(doc.uuid, doc);
  byUuid.set("Scene.s.Token.tokenwenna", { id: "tokenwenna", actor: target });
  g.fromUuidSync = (uuid: string) => byUuid.get(uuid) ?? null;
  g.ui = { notifications: { warn: () => undefined } };
  registerGMRequests();
  registerCardKind(SHOCK_ATTACK_KIND);
  registerSealing();
  registerCardDeletion();
  registerCardRequests();
  startRelay();
});

const card: ShockCard = {
  actorUuid: "Actor.corvin", weaponId: "sabresabresabre1", weaponName: "Sabre", summary: "", tokenUuid: "Scene.s.Token.tokenwenna",
  targetName: "Wenna", combatId: "combatcombatcomb", round: 1, charge: false, snap: false, dualWield: false, swarmOthers: 0,
  inMelee: false, situations: [], formula: "1d20 + 4", snapFor: "", execution: false, nonLethal: false, natural: 11, total: 15,
};

async function post(c: ShockCard, id = "messagemessage01") {
  const m = message(id, c);
  for (const fn of hooks.createChatMessage ?? []) fn(m);
  await new Promise((r) => setTimeout(r, 0));
  return m;
}

describe("shock's GM flow", () => {
  it("seals a hit, offers Total Defense; the owner takes it, the hit becomes a miss whose Shock the shield stops", async () => {
    const m = await post(card);
    expect(m.system.seal.hit).toBe(true);
    expect(m.system.seal.offers).toEqual(["totalDefense"]);
    expect(Object.keys(m.system.ledger)).toEqual(["window"]);
    expect(windowOn(m).choices).toEqual(["totalDefense"]);
    // Only the target's owner (or the GM) may answer; the author may not apply yet.
    expect(await request(AUTHOR, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "notResolved" });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: true });
    expect(targetCombatant.data.totalDefense).toBe(true);
    expect(targetCombatant.budget.main).toBe(true);
    // 15 against AC 14 + 2: a miss, and the sabre's Shock reaches AC 13 at most (Total Defense would stop it anyway).
    expect(m.system.ledger.result).toMatchObject({ hit: false, kind: "none", amount: 0 });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "nothingToApply" });
  });

  it("no reaction: the GM rolls the damage, the author applies it once", async () => {
    const m = await post(card);
    dice = [2];
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    // 1d6 shows 2: 2 + DEX 2 = 4, above the Shock floor (none at AC 14).
    expect(m.system.ledger.result).toMatchObject({ hit: true, kind: "hit", amount: 4, dice: [2] });
    // The GM's damage roll is shown as the card is seen (a public card: public), not hidden.
    expect(shown.at(-1)).toMatchObject({ flavor: "FRAY.Shock.Roll.Damage", rollMode: "publicroll", whisper: [] });
    expect(shown.at(-1).rolls).toHaveLength(1);
    expect(await request(OWNER, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "notAuthor" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(6);
    expect(m.system.ledger.applied).toMatchObject({ dealt: 4, hpBefore: 10, hpAfter: 6, absorbedBy: null });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(target.hp.value).toBe(6);
  });

  it("undo: the author (or the GM) reverses the recorded change once; later hits stay", async () => {
    const m = await post(card);
    dice = [2];
    await request(GM, "shockReact", { messageId: m.id, choice: "none" });
    expect(await request(AUTHOR, "shockUndo", { messageId: m.id })).toEqual({ ok: false, reason: "notApplied" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(m.system.ledger.applied).toMatchObject({ round: 1, shieldSpent: false });
    // What Undo needs is the card runtime's record: the HP change, later hits allowed on top.
    expect(m.system.steps.apply.deltas).toEqual([
      { kind: "add", uuid: "Actor.wenna", path: "system.hp.value", amount: -4, nowMin: 1, max: { uuid: "Actor.wenna", path: "system.hp.max" } },
    ]);
    // A later hit of 3 stays when the card's 4 come back.
    target.hp.value = 3;
    expect(await request(OWNER, "shockUndo", { messageId: m.id })).toEqual({ ok: false, reason: "notAuthor" });
    expect(await request(AUTHOR, "shockUndo", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(7);
    expect(m.system.ledger.undone).toEqual({ by: AUTHOR.id });
    // Claimed once in the card, which is the GM's now (shell/cards/takeover.ts): no player writes it.
    expect(m.author.id).toBe(GM.id);
    expect(Object.keys(m.system.claims)).toContain("undo");
    expect(await request(GM, "shockUndo", { messageId: m.id })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(target.hp.value).toBe(7);
  });

  it("undo of a fall puts the marks back; refused once the HP is no longer what the card left", async () => {
    target.hp.value = 3;
    const m = await post(card);
    dice = [2];
    await request(GM, "shockReact", { messageId: m.id, choice: "none" });
    await request(AUTHOR, "shockApply", { messageId: m.id });
    expect(target.hp.value).toBe(0);
    expect(targetCombatant.data.fellRound).toBe(1);
    expect(target.mortal).toEqual({ injured: true, stabilised: false });
    // Healed by 1 since: the fall can no longer be reversed exactly.
    target.hp.value = 1;
    expect(await request(GM, "shockUndo", { messageId: m.id })).toEqual({ ok: false, reason: "shockUndo.hpChangedSince" });
    target.hp.value = 0;
    expect(await request(GM, "shockUndo", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(3);
    expect(target.mortal).toEqual({ injured: false, stabilised: false });
    expect(targetCombatant.data.fellRound).toBe(0);
    expect(targetCombatant.defeated).toBe(false);
  });

  it("a miss's Shock: the shield takes the first one this round, not the second", async () => {
    target.statblock = stat({ ac: 12, shield: true });
    targetCombatant.budget = { ...targetCombatant.budget, main: true };
    const miss = { ...card, natural: 7, total: 11 };
    const first = await post(miss, "messagemessage01");
    expect(first.system.seal.offers).toEqual([]);
    expect(first.system.ledger.result).toMatchObject({ kind: "shock", amount: 3 });
    expect(await request(AUTHOR, "shockApply", { messageId: first.id })).toEqual({ ok: true });
    expect(first.system.ledger.applied).toMatchObject({ dealt: 0, absorbedBy: "shield" });
    expect(targetCombatant.data.shieldUsed).toBe(true);
    const second = await post(miss, "messagemessage02");
    expect(await request(AUTHOR, "shockApply", { messageId: second.id })).toEqual({ ok: true });
    expect(second.system.ledger.applied).toMatchObject({ dealt: 3, absorbedBy: null });
    expect(target.hp.value).toBe(7);
  });

  it("refuses to seal a forged total, a swarm nobody joined, or an attacker the author does not own", async () => {
    expect((await post({ ...card, total: 25 })).system.seal).toMatchObject({ kind: "refused", reason: "total" });
    expect((await post({ ...card, swarmOthers: 1, total: 17 }, "m2")).system.seal).toMatchObject({ kind: "refused", reason: "swarm" });
    const stolen = message("m3", { ...card, actorUuid: "Actor.wenna" });
    for (const fn of hooks.createChatMessage ?? []) fn(stolen);
    await new Promise((r) => setTimeout(r, 0));
    expect(stolen.system.seal).toMatchObject({ kind: "refused", reason: "notOwner" });
    expect(await request(GM, "shockApply", { messageId: "m3" })).toEqual({ ok: false, reason: "sealRefused" });
  });

  it("Total Defense is refused once the Main is spent, and nothing changes", async () => {
    const m = await post(card);
    const before = structuredClone(m.system.ledger);
    targetCombatant.budget = { ...targetCombatant.budget, main: true };
    const answer = await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" });
    expect(answer).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.Spent.totalDefense" });
    expect(targetCombatant.data.totalDefense).toBe(false);
    expect(m.system.ledger).toEqual(before);
    // The refused step's claim was let go, so it may be asked again.
    expect(Object.keys(m.system.claims ?? {})).toEqual([]);
  });
});

describe("a card whose documents are deleted while it waits", () => {
  const silenced = async <T>(work: () => Promise<T>): Promise<T> => {
    const log = console.error;
    console.error = () => undefined;
    try {
      return await work();
    } finally {
      console.error = log;
    }
  };

  it("the target's token: answers are refused saying so; the GM's \"no reaction\" closes the card for good", async () => {
    const m = await post(card);
    byUuid.delete("Scene.s.Token.tokenwenna");
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: false, reason: "shockGone.target" });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "shockGone.target" });
    expect(targetCombatant.budget.main).toBe(false);
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closed).toEqual({ by: GM.id, gone: "target" });
    expect(m.system.ledger.result).toBeUndefined();
    expect(shown).toEqual([]);
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "closed" });
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "closed" });
    expect(cardDone(m.system.seal, m.system.ledger, false)).toBe(true);
  });

  it("the combat, or the attacker's weapon: refused with what is gone; the GM closes the card", async () => {
    const m = await post(card);
    const combats = g.game.combats;
    g.game.combats = { get: () => undefined };
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: false, reason: "shockGone.combat" });
    g.game.combats = combats;
    attacker.items.delete(weaponItem.id);
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: false, reason: "shockGone.weapon" });
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closed).toEqual({ by: GM.id, gone: "weapon" });
  });

  it("the target's combatant left the combat: a localized refusal naming it, not the window's error", async () => {
    const m = await post(card);
    combat.shockCombatants.splice(combat.shockCombatants.indexOf(targetCombatant), 1);
    const answer = await silenced(() => request(GM, "shockReact", { messageId: m.id, choice: "totalDefense" }));
    expect(answer).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.PartyGone" });
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closed).toEqual({ by: GM.id, gone: "party" });
  });

  it("a card that never got its window: the GM's \"no reaction\" closes it; a player's is refused", async () => {
    const m = await post(card);
    m.system.ledger = {};
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "noWindow" });
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closed).toEqual({ by: GM.id, gone: "window" });
  });
});

describe("a held screen", () => {
  const ALLY = { id: "allyallyallyally", isGM: false };
  let ally: any;
  let allyCombatant: any;
  beforeEach(() => {
    ally = actor("Actor.oskar", ALLY.id, { ac: 13 }, 9);
    allyCombatant = {
      id: "combatantoskar01", tokenId: "tokenoskar", name: "Oskar", side: "party", isDefeated: false, actor: ally,
      token: { uuid: "Scene.s.Token.tokenoskar" },
      data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", holding: true },
      budget: { main: false, moves: 1, disengaged: false, holding: true },
    };
    targetCombatant.side = "party";
    combat.shockCombatants[0].side = "foes";
    combat.shockCombatants.push(keptFields(combat, allyCombatant));
    const base = g.fromUuidSync;
    g.fromUuidSync = (uuid: string) => (uuid === "Scene.s.Token.tokenoskar" ? { id: "tokenoskar", actor: ally } : base(uuid));
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
  });

  it("an ally holding its action is offered the screen; winning the check, it takes the attack", async () => {
    const m = await post(card);
    expect(m.system.seal.offers).toEqual(["totalDefense", "screen:combatantoskar01"]);
    expect(m.system.seal.helpers).toEqual([{ combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.tokenoskar" }]);
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: false, reason: "notOwner" });
    // Attacker 2d6 [2,2] + DEX 2 + Stab 1 = 7; Oskar [5,5] + 3 = 13 wins; then 1d6 [3] on Oskar (AC 13).
    dice = [2, 2, 5, 5, 3];
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: true });
    expect(allyCombatant.budget.main).toBe(true);
    expect(allyCombatant.data.screening).toBe("combatantwenna01");
    expect(windowOn(m).heldScreen).toMatchObject({ won: true, total: 13, attackerTotal: 7 });
    expect(windowOn(m).target.name).toBe("Oskar");
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 5 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(ally.hp.value).toBe(4);
    expect(target.hp.value).toBe(10);
  });

  it("a tie is rolled again, each roll named after the screener; the card stores no AC", async () => {
    const m = await post(card);
    // The window keeps the Roll per need: 4d6 for both sides (Corvin +3 [2,2] 7 vs Oskar +3 [1,3]
    // 7, a tie), then 4d6 again: [6,6] 15 vs [1,1] 5, the screen fails.
    dice = [2, 2, 1, 3, 6, 6, 1, 1];
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: true });
    expect(dice).toEqual([]);
    expect(windowOn(m).heldScreen).toEqual({ name: "Oskar", won: false, total: 5, attackerTotal: 15 });
    const rolls = shown.at(-1).rolls.map((r: string) => JSON.parse(r)).map((r: any) => [r.formula, r.options.flavor]);
    expect(rolls).toEqual([["4d6", "Oskar"], ["4d6", "Oskar"]]);
    expect(shown.at(-1)).toMatchObject({ flavor: "FRAY.Shock.Roll.Screen", rollMode: "publicroll" });
    expect(m.system.ledger.window.frames[0].context.ac).toEqual({});
    expect(JSON.stringify(m.system.ledger)).not.toMatch(/"ac":\d/);
  });

  it("a declared screener is rolled against when the card is sealed, and may take the attack", async () => {
    const pia = actor("Actor.pia", ALLY.id, { ac: 12 }, 8);
    const piaCombatant: any = {
      id: "combatantpia0001", tokenId: "tokenpia", name: "Pia", side: "party", isDefeated: false, actor: pia,
      token: { uuid: "Scene.s.Token.tokenpia", name: "Pia" },
      data: { totalDefense: false, charging: false, shieldUsed: false, screening: "combatantwenna01", screenedAttackers: [], swarming: "" },
      budget: { main: true, moves: 1, disengaged: false, holding: false },
    };
    combat.shockCombatants.push(keptFields(combat, piaCombatant));
    combat.updateEmbeddedDocuments = async (_type: string, updates: any[]) => {
      for (const u of updates) Object.assign(combat.shockCombatants.find((c: any) => c.id === u._id).data, u.system);
    };
    const base = g.fromUuidSync;
    g.fromUuidSync = (uuid: string) => (uuid === "Scene.s.Token.tokenpia" ? { id: "tokenpia", actor: pia } : base(uuid));
    // Corvin +3 [1,1] 5 against Pia +3 [4,4] 11: she takes the attack (AC 12: 15 hits, 1d6 [3]).
    dice = [1, 1, 4, 4, 3];
    const m = await post(card);
    expect(m.system.seal).toMatchObject({
      tokenUuid: "Scene.s.Token.tokenpia", targetName: "Pia", targetCombatantId: "combatantpia0001", offers: [],
      screen: { ward: "Wenna", attackerTotal: 5, takenBy: "Pia", screeners: [{ name: "Pia", total: 11, won: true }] },
    });
    expect(piaCombatant.data.screenedAttackers).toEqual(["combatantcorvin1"]);
    // Nothing left to answer (Pia's Main is spent, Oskar's held screen was for the ward): settled on Pia.
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 5 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(pia.hp.value).toBe(3);
    expect(target.hp.value).toBe(10);
  });

  it("losing the check, the target still answers for itself", async () => {
    const m = await post(card);
    dice = [6, 6, 1, 1];
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: true });
    expect(windowOn(m).heldScreen).toMatchObject({ won: false });
    expect(m.system.ledger.result).toBeUndefined();
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: false, reason: "notOffered" });
    dice = [4];
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 6 });
  });
});

/**
 * A combatant as Foundry keeps it: its system data stored (`_source`), its round budget read from
 * it (documents/combatant.ts), written by `update` as Foundry merges it; found by its uuid.
 */
function combatantDoc(id: string, a: any, side: string, over: Record<string, unknown> = {}) {
  const c: any = {
    id, uuid: `Combat.combatcombatcomb.Combatant.${id}`, tokenId: `token${id}`, name: id, side, isDefeated: false,
    defeated: false, actor: a, token: { uuid: `Scene.s.Token.token${id}`, name: id },
    hold: { grappling: "", grappledBy: [] },
    system: {
      main: false, moves: 0, disengaged: false, holding: false, totalDefense: false, charging: false,
      shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", fellRound: 0, side, ...over,
    },
    get data() { return c.system; },
    get budget() { return { main: c.system.main, moves: c.system.moves, disengaged: c.system.disengaged, holding: c.system.holding }; },
    get _source() { return { system: structuredClone(c.system), defeated: c.defeated }; },
    async update(changes: Record<string, unknown>) {
      applyUpdate(c, changes);
      return c;
    },
  };
  byUuid.set(c.uuid, c);
  byUuid.set(c.token.uuid, { id: c.tokenId, actor: a });
  return c;
}

/** `ShockCombat#spend` as documents/combat.ts makes it: the rules' budget, written in one update. */
async function spendAsFoundry(c: any, action: ActionId, extra: object = {}) {
  if (!canTake(c.budget, action)) return false;
  await combat.keep({ [c.id]: { ...take(c.budget, action), ...extra } });
  return true;
}

describe("an answer's step that fails after it paid", () => {
  const ALLY = { id: "allyallyallyally", isGM: false };
  let oskar: any;
  beforeEach(() => {
    oskar = combatantDoc("combatantoskar01", actor("Actor.oskar", ALLY.id, { ac: 13 }, 9), "party", { moves: 1, holding: true });
    targetCombatant.side = "party";
    combat.shockCombatants[0].side = "foes";
    combat.shockCombatants.push(keptFields(combat, oskar));
    combat.spend = spendAsFoundry;
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
  });

  it("a held screen won, then its damage cannot be rolled: the screener's Main and marks are put back", async () => {
    const m = await post(card);
    const before = structuredClone(m.system.ledger);
    // Corvin [2,2] 7 against Oskar [5,5] 13: the screen takes the attack; its damage die fails.
    dice = [2, 2, 5, 5];
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let answer: unknown;
    try {
      answer = await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" });
    } finally {
      console.error = log;
    }
    expect(answer).toEqual({ ok: false, reason: "no scripted d6" });
    expect(errors).toHaveLength(1);
    expect(oskar.data).toMatchObject({ main: false, moves: 1, holding: true, screening: "", screenedAttackers: [] });
    expect(m.system.ledger).toEqual(before);
    expect(Object.keys(m.system.claims ?? {})).toEqual([]);
    // Asked again with the die there, it is taken and paid once.
    dice = [2, 2, 5, 5, 3];
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "screen:combatantoskar01" })).toEqual({ ok: true });
    expect(oskar.data).toMatchObject({ main: true, screening: "combatantwenna01", screenedAttackers: ["combatantcorvin1"] });
  });
});

describe("a Snap Attack answering the card", () => {
  const ALLY = { id: "allyallyallyally", isGM: false };
  const sabre = { ...weaponItem.toObject().system, id: weaponItem.id, name: "Sabre", dice: 1, die: 6, readied: true };
  let ally: any;
  let allyCombatant: any;
  let attackerCombatant: any;
  const tokenAt = (id: string, x: number) => ({ uuid: `Scene.s.Token.${id}`, x: x * 100, y: 0, width: 1, height: 1 });
  beforeEach(() => {
    ally = actor("Actor.oskar", ALLY.id, { weapons: [sabre] }, 9);
    allyCombatant = {
      id: "combatantoskar01", tokenId: "tokenoskar", name: "Oskar", side: "party", isDefeated: false, actor: ally,
      token: tokenAt("tokenoskar", 1), hold: { grappling: "", grappledBy: [] },
      data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", holding: false },
      budget: { main: false, moves: 0, disengaged: false, holding: false },
    };
    attackerCombatant = combat.shockCombatants[0];
    Object.assign(attackerCombatant, {
      side: "foes", name: "Corvin", token: tokenAt("tokencorvin", 0), hold: { grappling: "", grappledBy: [] },
      isDefeated: false, defeated: false, budget: { main: true, moves: 0, disengaged: false, holding: false },
    });
    setKept(combat, attackerCombatant.id, { totalDefense: false, charging: false, shieldUsed: false, fellRound: 0 });
    targetCombatant.side = "party";
    targetCombatant.token = tokenAt("tokenwenna", 2);
    combat.shockCombatants.push(keptFields(combat, allyCombatant));
    combat.combatantOf = (a: any) => combat.shockCombatants.find((c: any) => c.actor === a);
    combat.scene = { grid: { type: 1, size: 100 } };
    g.CONST = { GRID_TYPES: { SQUARE: 1 } };
    const base = g.fromUuidSync;
    const more: Record<string, unknown> = {
      "Actor.oskar": ally, "Scene.s.Token.tokenoskar": { id: "tokenoskar", actor: ally },
      "Scene.s.Token.tokencorvin": { id: "tokencorvin", actor: attacker },
    };
    g.fromUuidSync = (uuid: string) => more[uuid] ?? base(uuid);
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
  });

  /** Oskar's snap card as its client posts it: the sabre at −4 against Corvin, naming the card it answers. */
  async function postSnap(first: any, natural: number, id = "snapcardsnapcard") {
    const snapCard: ShockCard = {
      ...card, actorUuid: "Actor.oskar", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: true,
      snapFor: first.id, natural, total: natural,
    };
    const b = message(id, snapCard, ALLY);
    for (const fn of hooks.createChatMessage ?? []) fn(b);
    await new Promise((r) => setTimeout(r, 0));
    return b;
  }

  it("the adjacent ally is offered it; taking it spends its Main, and the damage waits for its card", async () => {
    const m = await post(card);
    expect(m.system.seal.offers).toEqual(["totalDefense", "snap:combatantoskar01"]);
    expect(m.system.seal.snappers).toEqual([{ combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.tokenoskar", weaponId: weaponItem.id }]);
    expect(m.system.seal.attackerTokenUuid).toBe("Scene.s.Token.tokencorvin");
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" })).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" })).toEqual({ ok: true });
    expect(allyCombatant.budget.main).toBe(true);
    expect(windowOn(m)).toMatchObject({ snaps: ["Oskar"], pendingSnap: "combatantoskar01" });
    expect(m.system.ledger.snapCards).toBeUndefined();
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" })).toEqual({ ok: false, reason: "notOffered" });
    // While the snap's outcome is awaited the target may not take Total Defense; "no reaction" waits for it.
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: false, reason: "snapPending" });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closing).toEqual({ by: OWNER.id });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "snapPending" });
    // The snap card: d20 15 + 4 − 4 = 15 against Corvin's AC 14, a hit for 1d6 [3] + 2. This
    // card's damage die [2] comes once the snap is done, as the runner would roll it.
    dice = [3, 2];
    const b = await postSnap(m, 15);
    expect(b.system.seal.kind).toBe("shockAttack");
    expect(m.system.ledger.snapCards.combatantoskar01).toBe(b.id);
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "snapPending" });
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(7);
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(6);
  });

  it("a snap card whose seal the server refuses leaves the grant unlinked; posted again, it links", async () => {
    const m = await post(card);
    // The first card as Foundry has it: found by its uuid, its stored data readable (what a
    // put-back reads and writes: shell/cards/recorder.ts).
    Object.assign(m, { uuid: `ChatMessage.${m.id}` });
    Object.defineProperty(m, "_source", { get: () => m });
    byUuid.set(m.uuid, m);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    // The server refuses the snap card's seal record once (the GM's takeover write of it).
    const snapCard: ShockCard = {
      ...card, actorUuid: "Actor.oskar", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: true,
      snapFor: m.id, natural: 15, total: 15,
    };
    const b = message("snapcardrefused1", snapCard, ALLY);
    const update = b.update.bind(b);
    let armed = true;
    b.update = async (changes: Record<string, unknown>) => {
      if (armed && changes["system.==seal"]) {
        armed = false;
        throw new Error("the server refused the write");
      }
      return update(changes);
    };
    dice = [3, 2];
    for (const fn of hooks.createChatMessage ?? []) fn(b);
    await new Promise((r) => setTimeout(r, 0));
    expect(b.system.seal ?? null).toBeNull();
    // Nothing links the grant to a card that was never sealed, and its claim is let go.
    expect(m.system.ledger.snapCards?.combatantoskar01 ?? null).toBeNull();
    expect(m.system.claims?.["snapCard-combatantoskar01"]).toBeUndefined();
    // The next request on the snap card seals it: the grant links to it, once.
    dice = [3, 2];
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(m.system.ledger.snapCards.combatantoskar01).toBe(b.id);
    expect(attacker.hp.value).toBe(7);
  });

  it("a snap that fells the attacker prevents its damage; a snap card nobody granted is refused", async () => {
    const m = await post(card);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    attacker.hp.value = 4;
    dice = [3];
    const b = await postSnap(m, 15);
    await request(ALLY, "shockApply", { messageId: b.id });
    expect(attacker.hp.value).toBe(0);
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "attackerFell" });
    expect(target.hp.value).toBe(10);
    // A second snap card for the same grant is not linked: refused.
    const again = await postSnap(m, 15, "snapcardsnapcar2");
    expect(again.system.seal).toMatchObject({ kind: "refused", reason: "snap" });
  });

  it("another GM tab's step lands between a request's check and its claim: refused as stale, nothing replayed", async () => {
    const m = await post(card);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    dice = [3];
    const b = await postSnap(m, 15);
    expect(m.system.ledger.window.seq).toBe(1);
    // The owner's "no reaction" is checked while the snap is awaited (its card not done: kept for
    // it, claimed as `close-1`); before that claim is written, the other tab applies the snap's
    // card and plays its outcome on this card.
    const update = m.update;
    m.update = async (changes: Record<string, unknown>) => {
      if (Object.keys(changes).some((k) => k.startsWith("system.claims.close-1"))) {
        b.system.ledger.applied = { by: ALLY.id, dealt: 5, absorbedBy: null, hpBefore: 12, hpAfter: 7 };
        attacker.hp.value = 7;
        await reportSnap(b);
      }
      return update(changes);
    };
    expect(m.system.ledger.window.seq).toBe(1);
    const answer = await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    m.update = update;
    expect(answer).toEqual({ ok: false, reason: "stale" });
    expect(m.system.ledger.closing).toBeUndefined();
    expect(m.system.ledger.window.seq).toBe(2);
    expect(windowOn(m)).toMatchObject({ pendingSnap: null, choices: ["totalDefense"] });
    expect(Object.keys(m.system.claims)).not.toContain("close-1");
    // Looked at again, the answer is taken on the window as it is.
    dice = [2];
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 4 });
  });

  it("a snap card that can never be applied (its target's token deleted): the GM's \"no reaction\" ends the wait", async () => {
    const m = await post(card);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    dice = [3];
    const b = await postSnap(m, 15);
    const base = g.fromUuidSync;
    g.fromUuidSync = (uuid: string) => (uuid === "Scene.s.Token.tokencorvin" ? null : base(uuid));
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: false, reason: "shockGone.target" });
    // The first card reads its attacker's actor, which stands: the damage is rolled.
    dice = [2];
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(windowOn(m).pendingSnap).toBeNull();
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 4 });
  });

  it("a linked snap card whose first card was deleted is applied and undone as any card", async () => {
    const m = await post(card);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    dice = [3];
    const b = await postSnap(m, 15);
    messages.delete(m.id);
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(7);
    expect(await request(ALLY, "shockUndo", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(12);
  });

  it("undoing the snap that felled the attacker: the attack it stopped is settled again and lands", async () => {
    const m = await post(card);
    await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" });
    await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    attacker.hp.value = 4;
    dice = [3];
    const b = await postSnap(m, 15);
    await request(ALLY, "shockApply", { messageId: b.id });
    expect(attacker.hp.value).toBe(0);
    expect(m.system.ledger.result).toMatchObject({ cancelled: true });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "attackerFell" });
    // Corvin stands again: Wenna's card rolls its damage (1d6 [2] + 2) and may be applied.
    dice = [2];
    expect(await request(ALLY, "shockUndo", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(4);
    expect(m.system.ledger.result).toMatchObject({ hit: true, kind: "hit", amount: 4 });
    expect(m.system.ledger.result.cancelled).toBeUndefined();
    expect(m.system.ledger.snapUndone).toEqual({ messageId: b.id, by: ALLY.id });
    expect(cardView(card, { isGM: false, userId: AUTHOR.id, ownsTarget: false }, m.system.seal, m.system.ledger))
      .toMatchObject({ canApply: true, snapUndone: true });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(6);
  });
  it("the target snaps at its own attacker (002 §Make a Snap Attack): felled, its attack deals nothing", async () => {
    // Wenna stands next to Corvin with her sabre readied, her Main unspent.
    target.statblock = { ...target.statblock, weapons: [sabre] };
    targetCombatant.token = { ...tokenAt("tokenwenna", 0), y: 100 };
    const m = await post(card);
    expect(m.system.seal.offers).toEqual(["totalDefense", "snap:combatantwenna01", "snap:combatantoskar01"]);
    expect(m.system.seal.snappers.map((s: any) => s.combatantId)).toEqual(["combatantwenna01", "combatantoskar01"]);
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantwenna01" })).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "snap:combatantwenna01" })).toEqual({ ok: true });
    expect(targetCombatant.budget.main).toBe(true);
    expect(windowOn(m)).toMatchObject({ snaps: ["Wenna"], pendingSnap: "combatantwenna01" });
    await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    // Her snap card: d20 15 + 4 − 4 = 15 against Corvin's AC 14, 1d6 [3] + 2 = 5 ≥ his 4 HP.
    attacker.hp.value = 4;
    dice = [3];
    const snapCard: ShockCard = {
      ...card, actorUuid: "Actor.wenna", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: true,
      snapFor: m.id, natural: 15, total: 15,
    };
    const b = message("wennasnapcard001", snapCard, OWNER);
    for (const fn of hooks.createChatMessage ?? []) fn(b);
    await new Promise((r) => setTimeout(r, 0));
    expect(m.system.ledger.snapCards.combatantwenna01).toBe(b.id);
    expect(await request(OWNER, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(0);
    expect(m.system.ledger.result).toMatchObject({ cancelled: true, amount: 0 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "attackerFell" });
    expect(target.hp.value).toBe(10);
  });

  /** Oskar's held attack as its client posts it: the sabre with no −4 against Corvin, naming the card it answers. */
  async function postHeld(first: any, natural: number, total: number, id = "heldcardheldcard") {
    const heldCard: ShockCard = {
      ...card, actorUuid: "Actor.oskar", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: false,
      snapFor: first.id, natural, total,
    };
    const b = message(id, heldCard, ALLY);
    for (const fn of hooks.createChatMessage ?? []) fn(b);
    await new Promise((r) => setTimeout(r, 0));
    return b;
  }

  it("a held attack (002 §Hold An Action): no −4, the held Main, resolved first; felling the attacker, its damage is never applied", async () => {
    // Oskar spent his Move holding his action; his Main is left.
    setKept(combat, allyCombatant.id, { moves: 1, holding: true });
    const m = await post(card);
    // Holding, he may also screen Wenna (the Main as a second Move) or snap at −4.
    expect(m.system.seal.offers).toEqual(["totalDefense", "screen:combatantoskar01", "snap:combatantoskar01", "held:combatantoskar01"]);
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "held:combatantoskar01" })).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "held:combatantoskar01" })).toEqual({ ok: true });
    expect(allyCombatant.budget.main).toBe(true);
    expect(windowOn(m)).toMatchObject({ heldAttacks: ["Oskar"], snaps: [], pendingSnap: "combatantoskar01" });
    // His Main is gone: no screen or snap on top of it (Wenna's answer waits for his card).
    expect(windowOn(m).choices).toEqual([]);
    await request(OWNER, "shockReact", { messageId: m.id, choice: "none" });
    // A card at −4 is not the held attack granted: its total is checked as a plain attack's.
    const forged = await postHeld(m, 15, 11, "heldforgedheldfo");
    expect(forged.system.seal).toMatchObject({ kind: "refused", reason: "total" });
    // d20 11 + 4 = 15 against Corvin's AC 14, 1d6 [3] + 2 = 5 ≥ his 4 HP.
    attacker.hp.value = 4;
    dice = [3];
    const b = await postHeld(m, 11, 15);
    expect(b.system.seal.kind).toBe("shockAttack");
    expect(m.system.ledger.snapCards.combatantoskar01).toBe(b.id);
    expect(cardView(b.system, { isGM: false, userId: ALLY.id, ownsTarget: false }, b.system.seal, b.system.ledger).options)
      .toContain("FRAY.Shock.Card.Option.held");
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(0);
    expect(m.system.ledger.result).toMatchObject({ cancelled: true, amount: 0 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: false, reason: "attackerFell" });
    expect(target.hp.value).toBe(10);
  });

  it("a held attack not granted (a snap card for it, or none asked) is refused", async () => {
    setKept(combat, allyCombatant.id, { moves: 1, holding: true });
    const m = await post(card);
    const unasked = await postHeld(m, 11, 15, "heldunaskedheldu");
    expect(unasked.system.seal).toMatchObject({ kind: "refused", reason: "snap" });
    await request(ALLY, "shockReact", { messageId: m.id, choice: "held:combatantoskar01" });
    // Granted a held attack, Oskar may not post a snap card in its place.
    const snapInstead = await postSnap(m, 15, "snapinsteadsnapi");
    expect(snapInstead.system.seal).toMatchObject({ kind: "refused", reason: "snap" });
  });

  it("a holder who spent its Main is offered no held attack, and is refused one", async () => {
    setKept(combat, allyCombatant.id, { moves: 1, holding: true, main: true });
    const m = await post(card);
    expect(m.system.seal.offers).toEqual(["totalDefense"]);
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "held:combatantoskar01" })).toEqual({ ok: false, reason: "notOffered" });
    // Offered, then its Main spent elsewhere before it answers: refused by name, nothing paid.
    setKept(combat, allyCombatant.id, { main: false });
    const n = await post(card, "messagemessage02");
    expect(n.system.seal.offers).toContain("held:combatantoskar01");
    setKept(combat, allyCombatant.id, { main: true });
    expect(await request(ALLY, "shockReact", { messageId: n.id, choice: "held:combatantoskar01" }))
      .toEqual({ ok: false, reason: "FRAY.Shock.Refuse.HeldGone" });
    expect(windowOn(n).pendingSnap).toBeNull();
  });

  it("the target with its Main spent, or with no weapon that reaches its attacker, is not offered its snap", async () => {
    target.statblock = { ...target.statblock, weapons: [sabre] };
    const far = await post(card);
    expect(far.system.seal.offers).toEqual(["totalDefense", "snap:combatantoskar01"]);
    targetCombatant.token = { ...tokenAt("tokenwenna", 0), y: 100 };
    setKept(combat, targetCombatant.id, { main: true });
    const spent = await post(card, "messagemessage02");
    expect(spent.system.seal.offers).toEqual(["snap:combatantoskar01"]);
    expect(await request(OWNER, "shockReact", { messageId: spent.id, choice: "snap:combatantwenna01" }))
      .toEqual({ ok: false, reason: "notOffered" });
  });
});

describe("a Snap Attack granted but never rolled", () => {
  const ALLY = { id: "allyallyallyally", isGM: false };
  const sabre = { ...weaponItem.toObject().system, id: weaponItem.id, name: "Sabre", dice: 1, die: 6, readied: true };
  const tokenAt = (id: string, x: number) => ({ uuid: `Scene.s.Token.${id}`, x: x * 100, y: 0, width: 1, height: 1 });
  let oskar: any;
  beforeEach(() => {
    oskar = combatantDoc("combatantoskar01", actor("Actor.oskar", ALLY.id, { weapons: [sabre] }, 9), "party");
    oskar.token = tokenAt("tokenoskar", 1);
    Object.assign(combat.shockCombatants[0], {
      side: "foes", name: "Corvin", token: tokenAt("tokencorvin", 0), hold: { grappling: "", grappledBy: [] },
      isDefeated: false, budget: { main: true, moves: 0, disengaged: false, holding: false },
    });
    targetCombatant.side = "party";
    targetCombatant.token = tokenAt("tokenwenna", 2);
    combat.shockCombatants.push(keptFields(combat, oskar));
    combat.combatantOf = (a: any) => combat.shockCombatants.find((c: any) => c.actor === a);
    combat.scene = { grid: { type: 1, size: 100 } };
    combat.spend = spendAsFoundry;
    g.CONST = { GRID_TYPES: { SQUARE: 1 } };
    const base = g.fromUuidSync;
    const more: Record<string, unknown> = {
      "Actor.oskar": oskar.actor, "Scene.s.Token.tokencorvin": { id: "tokencorvin", actor: attacker },
    };
    g.fromUuidSync = (uuid: string) => more[uuid] ?? base(uuid);
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
  });

  async function granted() {
    const m = await post(card);
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" })).toEqual({ ok: true });
    expect(oskar.data.main).toBe(true);
    // The grant is recorded: what it spent, owed back in this round only.
    expect(m.system.steps["snap-combatantoskar01"].deltas).toEqual([{
      // Kept on the combat, where only a GM writes (shell/combat/kept.ts).
      kind: "set", uuid: combat.uuid, path: "flags.fray.kept.combatantoskar01.main", before: false, after: true,
      guard: { uuid: combat.uuid, path: "round", equals: 1 },
    }]);
    return m;
  }

  it("the GM ends the wait for its card: the snapper's Main comes back, once", async () => {
    const m = await granted();
    dice = [2];
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(oskar.data.main).toBe(false);
    expect(m.system.steps["snap-combatantoskar01"].undone).toEqual({ by: GM.id });
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 4 });
  });

  it("the GM closes the card (its target deleted) while the grant waits: the Main comes back", async () => {
    const m = await granted();
    byUuid.delete("Scene.s.Token.tokenwenna");
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.closed).toEqual({ by: GM.id, gone: "target" });
    expect(oskar.data.main).toBe(false);
  });

  it("the card is deleted while the grant waits: the Main comes back", async () => {
    const m = await granted();
    messages.delete(m.id);
    for (const fn of hooks.deleteChatMessage ?? []) fn(m);
    await new Promise((r) => setTimeout(r, 0));
    expect(oskar.data.main).toBe(false);
  });

  it("a snap that was rolled (its card linked) keeps its Main spent", async () => {
    const m = await granted();
    dice = [3];
    const snapCard: ShockCard = {
      ...card, actorUuid: "Actor.oskar", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: true,
      snapFor: m.id, natural: 15, total: 15,
    };
    const b = message("snapcardsnapcard", snapCard, ALLY);
    for (const fn of hooks.createChatMessage ?? []) fn(b);
    await new Promise((r) => setTimeout(r, 0));
    expect(m.system.ledger.snapCards).toEqual({ combatantoskar01: b.id });
    messages.delete(m.id);
    for (const fn of hooks.deleteChatMessage ?? []) fn(m);
    await new Promise((r) => setTimeout(r, 0));
    expect(oskar.data.main).toBe(true);
  });
});

describe("a card of the release before the card kept its window (the migration opens it)", () => {
  const ALLY = { id: "allyallyallyally", isGM: false };
  const sabre = { ...weaponItem.toObject().system, id: weaponItem.id, name: "Sabre", dice: 1, die: 6, readied: true };
  const tokenAt = (id: string, x: number) => ({ uuid: `Scene.s.Token.${id}`, x: x * 100, y: 0, width: 1, height: 1 });
  let settings: Record<string, unknown>;
  beforeEach(() => {
    const ally = actor("Actor.oskar", ALLY.id, { weapons: [sabre] }, 9);
    // Oskar's Main went on the snap granted then.
    const allyCombatant = {
      id: "combatantoskar01", tokenId: "tokenoskar", name: "Oskar", side: "party", isDefeated: false, actor: ally,
      token: tokenAt("tokenoskar", 1), hold: { grappling: "", grappledBy: [] },
      data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", holding: false },
      budget: { main: true, moves: 0, disengaged: false, holding: false },
    };
    Object.assign(combat.shockCombatants[0], {
      side: "foes", name: "Corvin", token: tokenAt("tokencorvin", 0), hold: { grappling: "", grappledBy: [] },
      isDefeated: false, budget: { main: true, moves: 0, disengaged: false, holding: false },
    });
    targetCombatant.side = "party";
    targetCombatant.token = tokenAt("tokenwenna", 2);
    combat.shockCombatants.push(keptFields(combat, allyCombatant));
    combat.combatantOf = (a: any) => combat.shockCombatants.find((c: any) => c.actor === a);
    combat.scene = { grid: { type: 1, size: 100 } };
    g.CONST = { GRID_TYPES: { SQUARE: 1 } };
    const base = g.fromUuidSync;
    const more: Record<string, unknown> = {
      "Actor.oskar": ally, "Scene.s.Token.tokencorvin": { id: "tokencorvin", actor: attacker },
    };
    g.fromUuidSync = (uuid: string) => more[uuid] ?? base(uuid);
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
    settings = { cardRecords: { shockAttack: 1 } };
    g.game.messages.contents = [];
    Object.defineProperty(g.game.messages, "contents", { get: () => [...messages.values()], configurable: true });
    g.game.settings = {
      get: (_s: string, k: string) => settings[k],
      set: async (_s: string, k: string, v: unknown) => void (settings[k] = v),
    };
  });

  /** A card as that release left it, taken over by the GM (card runtime version 1). */
  function legacy(id: string, c: ShockCard, author: string, seal: object, ledger: object) {
    const m = message(id, c, GM);
    Object.assign(m.system, { seal, ledger, poster: author, steps: {} });
    return m;
  }

  it("a \"no reaction\" kept while a snap was awaited: its window waits for the snap's card, which settles it with the damage rolled then", async () => {
    const rolled = { hit: true, amount: 4, kind: "hit", swarm: false, damageFormula: "1d6 + 2", dice: [2] };
    const snapper = { combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.tokenoskar", weaponId: weaponItem.id };
    const seal = sealCard(card, AUTHOR.id, {
      hit: true, targetCombatantId: "combatantwenna01", offers: ["totalDefense", "snap:combatantoskar01"],
      snappers: [snapper], attackerTokenUuid: "Scene.s.Token.tokencorvin",
    });
    // That release's seal named no card it answered.
    const oldSeal: Record<string, unknown> = { ...seal };
    delete oldSeal.snapFor;
    const first = legacy("legacyfirstcard1", card, AUTHOR.id, oldSeal, {
      reaction: { choice: "none", by: OWNER.id }, result: rolled,
      snaps: { combatantoskar01: { ...snapper, by: ALLY.id, messageId: "legacysnapcard01" } },
    });
    const snapCard: ShockCard = {
      ...card, actorUuid: "Actor.oskar", tokenUuid: "Scene.s.Token.tokencorvin", targetName: "Corvin", snap: true,
      snapFor: "", natural: 15, total: 15,
    };
    const snapSeal: Record<string, unknown> = { ...sealCard(snapCard, ALLY.id, { hit: true, targetCombatantId: "combatantcorvin1", offers: [] }) };
    delete snapSeal.snapFor;
    const snapResult = { hit: true, amount: 5, kind: "hit", swarm: false, damageFormula: "1d6 + 2", dice: [3] };
    const b = legacy("legacysnapcard01", snapCard, ALLY.id, snapSeal, { result: snapResult });
    expect(await migrateCards()).toBe(1);
    expect(windowOn(first)).toMatchObject({ pendingSnap: "combatantoskar01", snaps: ["Oskar"], passed: true, choices: [] });
    expect(first.system.ledger).toMatchObject({
      closing: { by: OWNER.id }, rolled, snapCards: { combatantoskar01: b.id },
    });
    expect(first.system.ledger.result).toBeUndefined();
    expect(b.system.seal.snapFor).toBe(first.id);
    // Nothing was paid again, no die rolled.
    expect(targetCombatant.budget.main).toBe(false);
    expect(shown).toEqual([]);
    expect(await request(AUTHOR, "shockApply", { messageId: first.id })).toEqual({ ok: false, reason: "snapPending" });
    // Once: run again (the version forgotten), nothing changes.
    const before = JSON.stringify(first.system);
    settings.cardRecords = {};
    g.game.user = gmUser(GM);
    expect(await migrateCards()).toBe(0);
    expect(JSON.stringify(first.system)).toBe(before);
    // The snap's card is applied: Corvin stands (12 − 5), so the damage rolled then lands.
    expect(await request(ALLY, "shockApply", { messageId: b.id })).toEqual({ ok: true });
    expect(attacker.hp.value).toBe(7);
    expect(first.system.ledger.result).toEqual(rolled);
    expect(await request(AUTHOR, "shockApply", { messageId: first.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(6);
  });

  it("still waiting for its answer: the window offers what the seal did and the documents still allow", async () => {
    const seal = sealCard(card, AUTHOR.id, { hit: true, targetCombatantId: "combatantwenna01", offers: ["totalDefense"] });
    const m = legacy("legacywaiting001", card, AUTHOR.id, seal, {});
    expect(await migrateCards()).toBe(1);
    expect(windowOn(m).choices).toEqual(["totalDefense"]);
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "totalDefense" })).toEqual({ ok: true });
    expect(m.system.ledger.result).toMatchObject({ hit: false, kind: "none" });
  });

  it("settled, nothing awaited: left as it is, and shows the answer its ledger kept", async () => {
    const seal = sealCard(card, AUTHOR.id, { hit: true, targetCombatantId: "combatantwenna01", offers: ["totalDefense"] });
    const ledger = { reaction: { choice: "totalDefense", by: OWNER.id }, result: { hit: false, amount: 0, kind: "none", swarm: false, damageFormula: "", dice: [] } };
    const m = legacy("legacysettled001", card, AUTHOR.id, seal, ledger);
    expect(await migrateCards()).toBe(0);
    expect(m.system.ledger).toEqual(ledger);
    expect(windowOn(m)).toMatchObject({ totalDefense: true, choices: [] });
  });
});

describe("a Snap Attack whose card never came", () => {
  it("the GM's \"no reaction\" reports it from the documents and settles the card", async () => {
    const ALLY = { id: "allyallyallyally", isGM: false };
    const ally = actor("Actor.oskar", ALLY.id, { weapons: [{ ...weaponItem.toObject().system, id: weaponItem.id, name: "Sabre", dice: 1, die: 6, readied: true }] }, 9);
    const tokenAt = (id: string, x: number) => ({ uuid: `Scene.s.Token.${id}`, x: x * 100, y: 0, width: 1, height: 1 });
    const allyCombatant = {
      id: "combatantoskar01", tokenId: "tokenoskar", name: "Oskar", side: "party", isDefeated: false, actor: ally,
      token: tokenAt("tokenoskar", 1), hold: { grappling: "", grappledBy: [] },
      data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "", holding: false },
      budget: { main: false, moves: 0, disengaged: false, holding: false },
    };
    Object.assign(combat.shockCombatants[0], {
      side: "foes", name: "Corvin", token: tokenAt("tokencorvin", 0), hold: { grappling: "", grappledBy: [] }, isDefeated: false,
      budget: { main: true, moves: 0, disengaged: false, holding: false },
    });
    targetCombatant.side = "party";
    targetCombatant.token = tokenAt("tokenwenna", 2);
    combat.shockCombatants.push(keptFields(combat, allyCombatant));
    combat.combatantOf = (a: any) => combat.shockCombatants.find((c: any) => c.actor === a);
    combat.scene = { grid: { type: 1, size: 100 } };
    g.CONST = { GRID_TYPES: { SQUARE: 1 } };
    const users = new Map([[GM.id, GM], [AUTHOR.id, AUTHOR], [OWNER.id, OWNER], [ALLY.id, ALLY]]);
    g.game.users.get = (id: string) => users.get(id);
    const m = await post(card);
    expect(await request(ALLY, "shockReact", { messageId: m.id, choice: "snap:combatantoskar01" })).toEqual({ ok: true });
    // The owner's answer waits for the snap; the GM's ends the wait: Corvin still stands.
    expect(await request(OWNER, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(m.system.ledger.result).toBeUndefined();
    dice = [2];
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: true });
    expect(windowOn(m)).toMatchObject({ pendingSnap: null, snaps: ["Oskar"], passed: true });
    expect(m.system.ledger.result).toMatchObject({ hit: true, amount: 4 });
    // The snap card that comes now is linked to nothing: refused.
    expect(await request(GM, "shockReact", { messageId: m.id, choice: "none" })).toEqual({ ok: false, reason: "alreadyApplied" });
  });
});

describe("an execution attack", () => {
  // Corvin: Stab 1; Wenna's save 13. The d20 of the attack does not matter: it lands.
  const execution = { ...card, execution: true, natural: 2, total: 6 };

  it("is refused unless the GM marked the target unsuspecting", async () => {
    expect((await post(execution)).system.seal).toMatchObject({ kind: "refused", reason: "execution" });
    // A mark a player wrote (its own token's HUD, or the console) does not count.
    mark(target, OWNER);
    expect((await post(execution, "messagemessage02")).system.seal).toMatchObject({ kind: "refused", reason: "execution" });
    // Nor a disabled one.
    target.effects.clear();
    target.addEffect(["shockUnsuspecting"], GM.id).disabled = true;
    expect((await post(execution, "messagemessage03")).system.seal).toMatchObject({ kind: "refused", reason: "execution" });
  });

  it("the attack ends the mark: the target noticed; the GMs are told why", async () => {
    mark(target, GM);
    dice = [10];
    await post(execution);
    expect(target.statuses.has("shockUnsuspecting")).toBe(false);
    expect(target.effects.contents).toEqual([]);
    const told = whispers.find((w) => String(w.content).includes("Noticed.attacked"));
    expect(told?.whisper).toEqual([GM.id]);
    // So a second execution is refused.
    expect((await post(execution, "messagemessage02")).system.seal).toMatchObject({ kind: "refused", reason: "execution" });
  });

  it("any attack on a marked target ends the mark", async () => {
    mark(target, GM);
    await post(card);
    expect(target.statuses.has("shockUnsuspecting")).toBe(false);
  });

  it("lands with no reaction; a failed save (on the GM's d20) drops the target to 0 on Apply, and Undo lifts it", async () => {
    mark(target, GM);
    dice = [10];
    const m = await post(execution);
    expect(m.system.seal).toMatchObject({ execution: true, hit: true, offers: [] });
    // 10 − Stab 1 = 9 against 13: failed.
    expect(m.system.ledger.result).toMatchObject({ kind: "hit", execution: { total: 9, target: 13, saved: false } });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(0);
    expect(targetCombatant.data.fellRound).toBe(1);
    expect(await request(AUTHOR, "shockUndo", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(10);
  });

  it("a saved execution deals maximum damage", async () => {
    mark(target, GM);
    dice = [18];
    const m = await post(execution);
    // Sabre 1d6 at 6 + DEX 2 = 8.
    expect(m.system.ledger.result).toMatchObject({ amount: 8, execution: { saved: true } });
    await request(AUTHOR, "shockApply", { messageId: m.id });
    expect(target.hp.value).toBe(2);
  });
});

describe("a non-lethal execution (§Execution Attacks: \"knocked unconscious if the weapon was non-lethal\")", () => {
  const knockout = { ...card, execution: true, nonLethal: true, natural: 2, total: 6 };

  it("the GM refuses a non-lethal blow that is no execution, whatever the card says", async () => {
    mark(target, GM);
    expect((await post({ ...card, nonLethal: true })).system.seal).toMatchObject({ kind: "refused", reason: "execution" });
  });

  it("a PC's failed save: Apply knocks it out (0 HP, unconscious, not dying); Undo puts back exactly what was", async () => {
    mark(target, GM);
    dice = [10];
    const m = await post(knockout);
    expect(m.system.seal).toMatchObject({ execution: true, nonLethal: true, offers: [] });
    // 10 − Stab 1 = 9 against 13: failed, and non-lethal.
    expect(m.system.ledger.result).toMatchObject({ amount: 0, execution: { saved: false, outcome: "unconscious" } });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(0);
    expect(target.mortal).toEqual({ injured: false, stabilised: true });
    expect(target.statuses.has("unconscious")).toBe(true);
    expect(targetCombatant.data.fellRound).toBe(1);
    expect(m.system.ledger.applied).toMatchObject({ dealt: 10, hpBefore: 10, hpAfter: 0, knockedOut: true });
    // The fall is recorded exactly: HP, marks, fall round, and the status Undo must find.
    const kinds = m.system.steps.apply.deltas.map((d: any) => `${d.kind} ${d.path ?? ""}`.trim());
    expect(kinds).toEqual(expect.arrayContaining([
      "create", "set flags.fray.kept.combatantwenna01.fellRound", "set system.hp.value", "set system.mortal",
    ]));
    expect(await request(AUTHOR, "shockUndo", { messageId: m.id })).toEqual({ ok: true });
    expect(target.hp.value).toBe(10);
    expect(target.mortal).toEqual({ injured: false, stabilised: false });
    expect(target.statuses.has("unconscious")).toBe(false);
    expect(targetCombatant.data.fellRound).toBe(0);
  });

  it("Undo is refused once the knock-out's status was lifted by hand (no longer exact)", async () => {
    mark(target, GM);
    dice = [10];
    const m = await post(knockout);
    await request(AUTHOR, "shockApply", { messageId: m.id });
    await target.toggleStatusEffect("unconscious", { active: false });
    expect(await request(GM, "shockUndo", { messageId: m.id })).toEqual({ ok: false, reason: "shockUndo.marksChangedSince" });
    expect(target.hp.value).toBe(0);
  });

  it("a saved non-lethal execution still deals maximum damage, and knocks no one out", async () => {
    mark(target, GM);
    dice = [18];
    const m = await post(knockout);
    expect(m.system.ledger.result).toMatchObject({ amount: 8, execution: { saved: true, outcome: "maximumDamage" } });
    await request(AUTHOR, "shockApply", { messageId: m.id });
    expect(target.hp.value).toBe(2);
    expect(target.statuses.has("unconscious")).toBe(false);
    expect(m.system.ledger.applied.knockedOut).toBeUndefined();
  });
});

describe("a surprised side", () => {
  it("is offered no Instant in the others' free round", async () => {
    targetCombatant.side = "party";
    combat.surprisedSides = ["party"];
    dice = [2];
    const m = await post(card);
    expect(m.system.seal.offers).toEqual([]);
    expect(m.system.ledger.result).toMatchObject({ kind: "hit", amount: 4 });
  });
});

describe("falling, morale and first aid", () => {
  let created: any[];
  let bandits: any[];
  beforeEach(() => {
    created = [];
    g.ChatMessage = chatMessages(created, shown);
    const npc = (name: string, hp: number) => {
      const a = actor(`Actor.${name}`, "", { isPC: false, ac: 10, group: "Bandits", morale: 7, fearless: false }, hp);
      a.type = "shockNpc";
      a.isPC = false;
      Object.defineProperty(a, "health", { get: () => (a.hp.value > 0 ? "up" : "defeated") });
      const c: any = {
        id: `combatant${name}`, tokenId: `token${name}`, name, isDefeated: false, actor: a,
        data: { totalDefense: false, charging: false, shieldUsed: false, screening: "", screenedAttackers: [], swarming: "" },
        budget: { main: true, moves: 0, disengaged: false, holding: false },
        async update(changes: any) {
          Object.assign(c.data, changes.system ?? {});
          if ("defeated" in changes) c.isDefeated = changes.defeated;
        },
      };
      return c;
    };
    bandits = [npc("b1", 3), npc("b2", 5), npc("b3", 5)];
    combat.flags = { fray: { kept: combat.flags.fray.kept } };
    combat.shockCombatants.push(...bandits.map((b: any) => keptFields(combat, b)));
    combat.getFlag = (scope: string, key: string) => combat.flags[scope]?.[key];
    combat.updateEmbeddedDocuments = async (_type: string, updates: any[]) => {
      for (const u of updates) {
        const c = combat.shockCombatants.find((x: any) => x.id === u._id);
        if (u.defeated) c.isDefeated = true;
      }
    };
    const tokens: Record<string, unknown> = Object.fromEntries(bandits.map((b) => [`Scene.s.Token.${b.tokenId}`, { id: b.tokenId, actor: b.actor }]));
    const base = g.fromUuidSync;
    g.fromUuidSync = (uuid: string) => tokens[uuid] ?? base(uuid);
    g.game.users.contents = [GM];
  });

  it("an NPC dropped to 0 is defeated, and its group's first fall offers the GM a morale check", async () => {
    dice = [3];
    const m = await post({ ...card, tokenUuid: "Scene.s.Token.tokenb1", targetName: "b1" });
    expect(m.system.ledger.result).toMatchObject({ kind: "hit", amount: 5 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(bandits[0].isDefeated).toBe(true);
    expect(bandits[0].data.fellRound).toBe(1);
    expect(created).toHaveLength(1);
    expect(created[0].whisper).toEqual([GM.id]);
    // No score in the offer: the group's is read when the GM rolls (test/unit/shock-group-morale.test.ts).
    expect(created[0].flags.fray.shockMorale).toEqual({ combatId: combat.id, group: "Bandits", triggers: ["firstDown"] });
  });

  it("an NPC knocked out by a non-lethal execution is out of the fight (defeated, unconscious), morale checked", async () => {
    mark(bandits[0].actor, GM);
    dice = [3];
    const m = await post({ ...card, tokenUuid: "Scene.s.Token.tokenb1", targetName: "b1", execution: true, nonLethal: true, natural: 2, total: 6 });
    expect(await request(AUTHOR, "shockApply", { messageId: m.id })).toEqual({ ok: true });
    expect(bandits[0].actor.hp.value).toBe(0);
    expect(bandits[0].actor.statuses.has("unconscious")).toBe(true);
    // No dead overlay from the apply itself (the actor's marker sync leaves it off: healthMarkers).
    expect(bandits[0].actor.statuses.has("dead")).toBe(false);
    expect(bandits[0].isDefeated).toBe(true);
    const offer = created.find((c) => c.flags?.fray?.shockMorale);
    expect(offer.flags.fray.shockMorale.triggers).toEqual(["firstDown"]);
  });

  it("the GM's morale roll: above the score the standing members flee; the roll happens once", async () => {
    bandits[0].isDefeated = true;
    const offer = { combatId: combat.id, group: "Bandits", score: 7, triggers: ["firstDown"] };
    // The prompt as the GM's client posts it: a GM's plain message (shell/cards/prompts.ts).
    const whisper: any = {
      id: "moralemoralemora", type: "base", author: GM,
      flags: { fray: { shockMorale: offer } }, getFlag: (_s: string, k: string) => whisper.flags.fray[k],
      async update(changes: Record<string, unknown>) {
        applyUpdate(whisper, changes);
      },
    };
    // The same prompt written by a player (or a card the GM took over) rolls nothing.
    await rollMorale({ ...whisper, author: AUTHOR });
    await rollMorale({ ...whisper, type: "shockAttack" });
    expect(bandits.map((b) => b.isDefeated)).toEqual([true, false, false]);
    dice = [5, 4];
    await rollMorale(whisper);
    expect(bandits.map((b) => b.isDefeated)).toEqual([true, true, true]);
    expect(whisper.content).toContain("FRAY.Shock.Morale.Breaks");
    await rollMorale(whisper);
    expect(dice).toEqual([]);
  });

  it("first aid stabilises a Mortally Injured ally and spends the helper's Main", async () => {
    target.hp.value = 0;
    target.stabilise = async () => (target.stabilised = true);
    // The encounter is found from the target's token (no scene linked, none viewed).
    const scene = { id: "s" };
    const wennaToken = { id: "tokenwenna", actor: target, parent: scene };
    g.game.combat = null;
    g.game.combats.contents = [combat];
    targetCombatant.token = wennaToken;
    g.fromUuidSync = ((base: Fn) => (uuid: string) => (uuid === "Scene.s.Token.tokenwenna" ? wennaToken : base(uuid)))(g.fromUuidSync);
    const helper = combat.shockCombatants[0];
    helper.side = "party";
    helper.budget = { main: false, moves: 0, disengaged: false, holding: false };
    combat.combatantOf = (a: any) => (a === attacker ? helper : undefined);
    const payload = { helperUuid: "Actor.corvin", tokenUuid: "Scene.s.Token.tokenwenna" };
    expect(await request(OWNER, "shockFirstAid", payload)).toEqual({ ok: false, reason: "notOwner" });
    // Not on its side's turn: refused, nothing spent.
    combat.turnStateOf = (c: any) => ({ actingSide: "foes", side: c.side, holding: false, surprised: false });
    expect(await request(AUTHOR, "shockFirstAid", payload)).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.NotYourSide" });
    expect(helper.budget.main).toBe(false);
    combat.turnStateOf = (c: any) => ({ actingSide: "party", side: c.side, holding: false, surprised: false });
    // A helper outside the encounter may not.
    combat.combatantOf = () => undefined;
    expect(await request(AUTHOR, "shockFirstAid", payload)).toEqual({ ok: false, reason: "notInCombat" });
    combat.combatantOf = (a: any) => (a === attacker ? helper : undefined);
    expect(await request(AUTHOR, "shockFirstAid", payload)).toEqual({ ok: true });
    expect(target.stabilised).toBe(true);
    expect(helper.budget.main).toBe(true);
    expect(created.at(-1).content).toContain("FRAY.Shock.FirstAid.Done");
    // Its Main is spent: a second aid this round is refused.
    target.stabilised = false;
    expect(await request(AUTHOR, "shockFirstAid", payload)).toEqual({ ok: false, reason: "FRAY.Shock.Refuse.Spent.useSkill" });
    expect(target.stabilised).toBe(false);
  });
});

describe("the card runtime under fuzzed requests (shock's attack card)", () => {
  const USERS = [GM, AUTHOR, OWNER, { id: "strangerstranger", isGM: false }];
  type Act =
    | { kind: "step"; user: number; step: string; args: unknown }
    | { kind: "garbage"; user: number; payload: unknown }
    | { kind: "forge" };
  const user = fc.nat(3);
  const act: fc.Arbitrary<Act> = fc.oneof(
    { weight: 4, arbitrary: fc.record({
      kind: fc.constant("step" as const), user, step: fc.constant("react"),
      args: fc.oneof(
        fc.constant({ choice: "none" }), fc.constant({ choice: "totalDefense" }),
        fc.constant({ choice: "screen:nobodynobodynobo" }), fc.anything(),
      ),
    }) },
    { weight: 6, arbitrary: fc.record({
      kind: fc.constant("step" as const), user, step: fc.constantFrom("apply", "undo", "maneuver", "nope"),
      args: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.anything() }),
    }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage" as const), user, payload: fc.anything() }) },
    { weight: 1, arbitrary: fc.constant({ kind: "forge" as const }) },
  );

  it("every answer is a result, nothing unsanctioned changes, damage lands and leaves at most once", async () => {
    const seen = { applied: 0, undone: 0 };
    await fc.assert(fc.asyncProperty(fc.array(act, { minLength: 4, maxLength: 12, size: "max" }), async (acts) => {
      target.hp.value = 10;
      setKept(combat, targetCombatant.id, {
        main: false, moves: 0, disengaged: false, holding: false, totalDefense: false, shieldUsed: false, fellRound: 0,
      });
      const m = await post(card, `fuzz${Math.random().toString(36).slice(2, 14)}`);
      const hps = new Set([10]);
      for (const a of acts) {
        dice = [3, 3, 3, 3, 3, 3];
        let answer: unknown;
        if (a.kind === "forge") {
          // The poster lost the card at the seal: Foundry refuses its writes (proven in the
          // Foundry tier). What the GM trusts cannot change, so forging is a no-op here.
          expect(m.author.id).toBe(GM.id);
          continue;
        } else if (a.kind === "garbage") {
          const user = USERS[a.user]!;
          const payload = typeof a.payload === "object" && a.payload !== null ? a.payload : { value: a.payload };
          answer = await request(user, "card", payload as Record<string, unknown>);
        } else {
          const user = USERS[a.user]!;
          answer = await request(user, "card", { messageId: m.id, step: a.step, args: a.args });
          const ok = (answer as { ok: boolean }).ok;
          // Only the card's poster or a GM applies or undoes; only the target's owner or a GM reacts.
          if (ok && (a.step === "apply" || a.step === "undo")) expect([GM.id, AUTHOR.id]).toContain(user.id);
          if (ok && a.step === "react") expect([GM.id, OWNER.id]).toContain(user.id);
        }
        expect(answer).toEqual(expect.objectContaining({ ok: expect.any(Boolean) }));
        if (!(answer as { ok: boolean }).ok) expect(typeof (answer as { reason: unknown }).reason).toBe("string");
        hps.add(target.hp.value);
      }
      // The target only ever held its starting HP and that HP less the card's damage.
      const result = m.system.ledger.result;
      const dealt = m.system.ledger.applied?.dealt ?? 0;
      expect([...hps].every((hp) => hp === 10 || hp === 10 - dealt)).toBe(true);
      if (m.system.ledger.undone) expect(target.hp.value).toBe(10);
      else if (m.system.ledger.applied) expect(target.hp.value).toBe(10 - dealt);
      else expect(target.hp.value).toBe(10);
      if (m.system.ledger.applied) expect(result).toBeDefined();
      seen.applied += m.system.ledger.applied ? 1 : 0;
      seen.undone += m.system.ledger.undone ? 1 : 0;
    }), { numRuns: 300, seed: 20261126 });
    // The runs reached the steps that change documents, not only refusals.
    expect(seen.applied).toBeGreaterThan(0);
    expect(seen.undone).toBeGreaterThan(0);
    // 300 seeded runs take a few seconds alone; a loaded machine must not make them a failure.
  }, 30_000);

  it("a query the server delivers to a GM's two tabs acts once; the other tab stays silent", async () => {
    const m = await post(card, "twotabstwotabs01");
    dice = [3, 3, 3];
    // The same query id reaches both sockets of the GM (dist/components/activity.mjs).
    const send = () => {
      const data = { messageId: m.id, step: "react", args: { choice: "none" } };
      socketFn(OWNER.id, "qtwotabs", "fray.card", data);
      return g.CONFIG.queries["fray.card"](data, { timeout: 10 });
    };
    const [a, b] = await Promise.all([send(), send()]);
    expect([a, b]).toContainEqual({ ok: true });
    expect([a, b]).toContainEqual({ ok: false, reason: "timeout" });
    expect(targetCombatant.budget.main).toBe(false);
    expect(windowOn(m).passed).toBe(true);
    expect(m.system.ledger.window.seq).toBe(1);
  });
});

/**
 * Review: a card its poster still authors is the poster's to write, records included (the server
 * matches `gmOnlyFields` against the literal keys of an update, so dotted keys pass: pinned in
 * test/foundry/server-update.test.ts and test/foundry/unsealed-records.test.ts). Such a card exists
 * whenever no active GM's client saw its creation: posted while no GM was online, or created with
 * the socket operation's `broadcast: false` (dist/database/backend/server-backend.mjs, the
 * `modifyDocument` listener: `broadcast = operation.broadcast ?? true`), which no other client
 * hears of until it reloads. The GM must not take `system.poster` + `system.seal` written by the
 * card's own author as "sealed".
 */
describe("records the poster of a card no GM has sealed wrote itself", () => {
  it("a reaction window it wrote is replaced by the GM's own when the GM seals the card", async () => {
    // A real card gives a window to copy: its target took Total Defense, the attack missed.
    const real = await post(card, "messagereal00002");
    await request(OWNER, "shockReact", { messageId: real.id, choice: "totalDefense" });
    const forgedWindow = structuredClone(real.system.ledger.window);
    setKept(combat, targetCombatant.id, { main: false, moves: 0, disengaged: false, holding: false, totalDefense: false });
    // The same attack where no GM heard of it; its author writes the records, window included.
    const forged = message("messageforged002", card);
    await forged.update({
      "system.seal": structuredClone(real.system.seal), "system.ledger": { window: forgedWindow }, "system.poster": AUTHOR.id,
    });
    // Asked to answer, the GM seals the card first, from its content, with a window of its own.
    expect(await request(OWNER, "shockReact", { messageId: forged.id, choice: "totalDefense" })).toEqual({ ok: true });
    expect(forged.author).toBe(GM);
    expect(forged.system.ledger.window.seq).toBe(1);
    expect(forged.system.ledger.window.log[0]).toMatchObject({ kind: "spend", by: "combatantwenna01", answer: "totalDefense" });
    // Taken over, the card is the GM's: Foundry refuses its poster every write from now on
    // (test/foundry/server-update.test.ts), so no other window can be put on it.
  });

  it("are not trusted: the GM seals the card from its content instead of applying forged damage", async () => {
    // A real card, sealed and settled, gives the shapes to copy.
    const real = await post(card, "messagereal00001");
    dice = [2];
    expect(await request(GM, "shockReact", { messageId: real.id, choice: "none" })).toEqual({ ok: true });
    const seal = structuredClone(real.system.seal);
    const result = { ...structuredClone(real.system.ledger.result), amount: 99 };

    // The same attack, posted where no active GM's client heard of it: no createChatMessage hook ran.
    const forged = message("messageforged001", card);
    // Its author writes the records itself, as Foundry's server lets it (dotted keys).
    await forged.update({
      "system.seal": seal, "system.ledger": { result }, "system.poster": AUTHOR.id,
    });
    const answer = await request(AUTHOR, "shockApply", { messageId: forged.id });
    // Expected: never applied from records the author wrote; the card is sealed (and taken over) first.
    expect(target.hp.value).toBe(10);
    expect(answer.ok).toBe(false);
    expect(forged.author).toBe(GM);
  });
});

/**
 * Review: a seal that throws leaves the card with its poster, and its `seal.<id>` claim taken for a
 * day, so no later request seals it either (`sealCard` returns false on the held claim). A poster
 * can make it throw on purpose: `fromUuidSync` throws for an embedded document of a compendium
 * (client/utils/helpers.mjs `fromUuidSync`, strict by default), e.g. an `actorUuid` naming an Item
 * of one of Fray's own packs.
 */
describe("a card whose seal throws", () => {
  it("is sealed as refused and taken over, not left to its poster", async () => {
    const embedded = "Compendium.fray.shock-npcs.Actor.aaaaaaaaaaaaaaaa.Item.bbbbbbbbbbbbbbbb";
    const base = g.fromUuidSync;
    g.fromUuidSync = (uuid: string) => {
      if (uuid === embedded) throw new Error(`fromUuidSync was invoked on UUID '${uuid}' which references an Embedded Document`);
      return base(uuid);
    };
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let m: any;
    try {
      m = await post({ ...card, actorUuid: embedded }, "messagethrows001");
    } finally {
      console.error = log;
    }
    // Today: the seal threw (logged), the card is still its poster's and unsealed.
    expect(errors.length).toBeGreaterThan(0);
    expect(m.author).toBe(GM);
    expect(m.system.seal).toMatchObject({ kind: "refused" });
  });
});
