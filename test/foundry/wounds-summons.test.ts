// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import type { Client } from "./client";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat } from "./combat-client";

/**
 * Summons on the active GM, with Foundry v13's client Actor (WoundsActor, Orla Venn from the
 * pregens pack) and the NPC compendium's Ashhound; the scene and tokens are stand-ins (no canvas
 * here), on a gridless scene. Outside a battle (`foundry/gm/cast.ts` summonOutside, the
 * `woundsSummonOutside` request through the relay as a player's client sends it): the summon
 * stands one space beside its caster, marked its summoner's and of no battle, the spell's MP
 * paid, and a thrall offer whispered to the caster's owners and the GMs; each refusal changes
 * nothing. In a battle (Foundry's client Combat as WoundsCombat, the cast a GM's spend): the
 * summon joins it; a summon that cannot join puts the whole press back.
 * Source: `001_dbc5fcc02a99a518.txt` §Thralling, §Summoning Slots.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const PLAYER = "playerplayerplay";
const OTHER = "otherotherother1";
const ORLA = "orlaorlaorlaorla";
const HOUND = "houndworldcopy01";
const pack = woundsPack;

describe.skipIf(!HAVE_FOUNDRY)("summons on the GM's client, outside a battle and in one", () => {
  const g = globalThis as Record<string, Any>;
  let client: Client;
  let orla: Any;
  let scene: Any;
  let token: Any;
  let posted: Any[];
  let Combat: Any;
  let socketFn: (...args: unknown[]) => void;
  let queries = 0;
  const houndSource = pack("npcs/ashhound");
  const packUuid = `Compendium.fray.wounds-npcs.Actor.${houndSource._id}`;

  /** The request as a client sends it: the server stamps its sender, then the GM's query runs. */
  async function request(user: string, payload: unknown): Promise<Any> {
    socketFn(user, `q${queries++}`, "fray.woundsSummonOutside", payload);
    return g.CONFIG.queries["fray.woundsSummonOutside"](payload);
  }

  beforeAll(async () => {
    const wired = await woundsClient();
    client = wired.client;
    const { Combat: WoundsCombat, Actor: WoundsActor } = wired;
    const { afterCast } = await import("../../src/rulesets/wounds/foundry/gm/cast");
    WoundsCombat.castWork = afterCast;
    Combat = WoundsCombat;
    const { Collection } = g.foundry.utils;
    // Each viewing the scene (client/documents/collections/users.mjs `_handleUserActivity`).
    const users = [GM, PLAYER, OTHER].map((id) => ({
      id, isGM: id === GM, name: id, viewedScene: "scenesummonout01", testUserPermission: () => false,
    }));
    g.game.users = Object.assign(users, {
      get: (id: string) => users.find((u) => u.id === id), contents: users,
    });
    g.game.socket = { on: (_e: string, fn: (...args: unknown[]) => void) => (socketFn = fn) };
    g.CONFIG.queries = {};
    orla = new WoundsActor({ ...pack("pregens/orla-venn"), _id: ORLA,
      ownership: { default: 0, [PLAYER]: 3 } });
    orla.update = async (changes: Any) => orla.updateSource(changes);
    // The world's copy of the compendium's Ashhound, imported before (`world-actor.ts`).
    const hound = new WoundsActor({ ...houndSource, _id: HOUND,
      _stats: { compendiumSource: packUuid } });
    const actors = new Collection([[ORLA, orla], [HOUND, hound]]);
    g.game.actors = actors;
    const index = new Collection([[houndSource._id, { _id: houndSource._id, name: "Ashhound" }]]);
    g.game.packs = new Map([["fray.wounds-npcs", {
      getIndex: async () => index, getDocument: async () => ({ uuid: packUuid }),
    }]]);
    const { registerSummonOutside } = await import("../../src/rulesets/wounds/foundry/gm/cast");
    const { startRelay } = await import("../../src/shell/relay/gm-relay");
    registerSummonOutside();
    startRelay();
    g.ChatMessage.create = async (data: Any) => void posted.push(data);
  });

  beforeEach(() => {
    g.game.user = activeGM(GM);
    g.game.combats = { contents: [] };
    g.game.combat = null;
    posted = [];
    orla.updateSource({ "system.mp.max": 24, "system.mp.value": 24 });
    const tokens: Any[] = [];
    scene = {
      id: "scenesummonout01", uuid: "Scene.scenesummonout01", flags: {},
      grid: { type: 0, size: 100 },
      tokens: { contents: tokens, get: (id: string) => tokens.find((t) => t.id === id) },
      async update(changes: Record<string, unknown>) {
        for (const [path, value] of Object.entries(changes)) g.foundry.utils.setProperty(scene, path, value);
      },
      async deleteEmbeddedDocuments(_name: string, ids: string[]) {
        for (const id of ids) tokens.splice(tokens.findIndex((t) => t.id === id), 1);
      },
      async createEmbeddedDocuments(_name: string, data: Any[]) {
        return data.map((d, i) => {
          const id = `tokensummon${String(tokens.length + i).padStart(5, "0")}`;
          const made = {
            ...d, id, documentName: "Token", uuid: `Scene.scenesummonout01.Token.${id}`, parent: scene,
            actor: g.game.actors.get(d.actorId), name: "Ashhound", texture: { src: "" },
            regions: new Set(), clearMovementHistory: async () => undefined,
            // A put-back deletes a summon it made (`shell/cards/recorder.ts` makeWrites).
            delete: async () => void tokens.splice(tokens.indexOf(made), 1),
          };
          tokens.push(made);
          return made;
        });
      },
    };
    token = {
      id: "tokenorlaorla001", documentName: "Token", uuid: "Scene.scenesummonout01.Token.tokenorlaorla001",
      x: 500, y: 500, width: 1, height: 1, disposition: 1, hidden: false, actor: orla, parent: scene,
      name: "Orla", texture: { src: "" },
      // What Foundry's turn events read of a combatant's token (client/documents/combat.mjs).
      regions: new Set(), clearMovementHistory: async () => undefined,
    };
    tokens.push(token);
    g.game.scenes = { contents: [scene], get: (id: string) => (id === scene.id ? scene : undefined) };
    const resolve = g.foundry.utils.fromUuidSync;
    g.fromUuidSync = (uuid: string) => scene.tokens.contents.find((t: Any) => t.uuid === uuid)
      ?? resolve(uuid);
  });

  const call = () => orla.items.find((i: Any) => i.name === "Call Ashhound");
  const asked = (user = PLAYER, spellId = call().id) =>
    request(user, { tokenUuid: token.uuid, spellId });

  it("the owner's cast: the hound beside Orla, marked hers and of no battle; MP paid; an offer", async () => {
    expect(await asked()).toEqual({ ok: true });
    const made = scene.tokens.contents[1];
    // Gridless: a grid size clear of the caster's right edge (`engine/space/free-spot.ts`).
    expect(made).toMatchObject({ x: 700, y: 500, actorId: HOUND, actorLink: false, disposition: 1 });
    expect(made.delta.ownership).toEqual({ default: 0, [PLAYER]: 3 });
    expect(scene.flags.fray.tokenMarks[made.id]).toEqual({
      scene: scene.id, mark: { woundsSummon: { summoner: orla.uuid, battle: "", thrall: false } },
    });
    expect(orla.system.mp.value).toBe(24 - 6);
    expect(posted).toHaveLength(1);
    const offer = posted[0];
    expect(offer.whisper.sort()).toEqual([GM, PLAYER].sort());
    const entry = offer.flags.fray.woundsThralls[0];
    expect(entry).toMatchObject({
      id: made.id, name: "Ashhound", tokenUuid: made.uuid, summonerUuid: orla.uuid,
      summonerName: orla.name,
    });
    expect(entry.thrallCost).toBeGreaterThan(0);
    expect(offer.content).toContain("data-fray-owner=\"woundsThrall\"");
  });

  it("refuses another player, a spell summoning nothing, too few MP, a full set of slots", async () => {
    const dart = orla.items.find((i: Any) => i.name === "Ember Dart");
    const refusals = [
      [await asked(OTHER), "notOwner"],
      [await asked(PLAYER, dart.id), "FRAY.Wounds.Refuse.NotSummoning"],
      [await asked(PLAYER, "nosuchspell00001"), "FRAY.Wounds.Refuse.NoSpell"],
    ];
    orla.updateSource({ "system.mp.value": 5 });
    refusals.push([await asked(), "FRAY.Wounds.Refuse.NoMp"]);
    expect(refusals.map(([r]) => r.reason)).toEqual(refusals.map(([, why]) => why));
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(5);
    // Her slots (level 3, Legion Leader: 5) fill with the summons she holds, wherever they stand.
    orla.updateSource({ "system.mp.max": 31, "system.mp.value": 31 });
    for (let i = 0; i < 5; i++) expect(await asked()).toEqual({ ok: true });
    expect(scene.tokens.contents).toHaveLength(6);
    const full = await asked();
    expect(full).toMatchObject({ ok: false, reason: "FRAY.Wounds.Refuse.NoSummonSlot" });
    expect(scene.tokens.contents).toHaveLength(6);
    expect(orla.system.mp.value).toBe(1);
    expect(posted).toHaveLength(5);
  });

  it("refuses while she fights in a started battle, or one is under way on her scene", async () => {
    g.game.combats = { contents: [{ started: true, combatants: [{ actor: orla }] }] };
    expect(await asked()).toMatchObject({ ok: false, reason: "FRAY.Wounds.Refuse.InBattle" });
    // She left its tracker (a player may delete its own combatant): the battle is still there.
    g.game.combats = { contents: [{ started: true, scene, combatants: [] }] };
    expect(await asked()).toMatchObject({ ok: false, reason: "FRAY.Wounds.Refuse.InBattle" });
    // One not started yet, or on another scene, is no battle here.
    g.game.combats = { contents: [{ started: false, scene, combatants: [] },
      { started: true, scene: { id: "sceneelsewhere01" }, combatants: [] }] };
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(24);
    expect(await asked()).toEqual({ ok: true });
  });

  it("a player's token hidden from it, or on a scene it does not view, is refused", async () => {
    token.hidden = true;
    expect(await asked()).toEqual({ ok: false, reason: "notInView" });
    token.hidden = false;
    g.game.users.get(PLAYER).viewedScene = "sceneelsewhere01";
    try {
      expect(await asked()).toEqual({ ok: false, reason: "notInView" });
    } finally {
      g.game.users.get(PLAYER).viewedScene = scene.id;
    }
    expect(scene.tokens.contents).toHaveLength(1);
    // The GM's hidden caster: its summon is hidden too.
    token.hidden = true;
    expect(await asked(GM)).toEqual({ ok: true });
    expect(scene.tokens.contents[1].hidden).toBe(true);
  });

  it("no summon to be had, or no room for it: nothing stands, nothing is paid", async () => {
    // No such creature in the compendium: the pack's index is all a spell's name can reach.
    const index = await g.game.packs.get("fray.wounds-npcs").getIndex();
    const entry = index.get(houndSource._id);
    index.delete(houndSource._id);
    try {
      const result = await asked();
      expect(result.ok).toBe(false);
      expect(result.reason).toContain("Ashhound");
    } finally {
      index.set(houndSource._id, entry);
    }
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(24);
    // No free space for it, or its mark cannot be written: the MP paid first are given back,
    // and a token already made is deleted (`shell/gm/put-back.ts`).
    const create = scene.createEmbeddedDocuments;
    scene.createEmbeddedDocuments = async () => [];
    try {
      expect(await asked()).toMatchObject({ ok: false, reason: expect.stringContaining("free space") });
    } finally {
      scene.createEmbeddedDocuments = create;
    }
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(24);
    const update = scene.update;
    scene.update = async () => { throw new Error("the scene is gone"); };
    try {
      expect(await asked()).toMatchObject({ ok: false, reason: "the scene is gone" });
    } finally {
      scene.update = update;
    }
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(24);
    expect(posted).toEqual([]);
    expect(client.notes.filter((n) => n.level === "error")).toEqual([]);
  });

  /** A started battle on the scene: Orla's turn first, the brute's after (kept places). */
  async function battle(): Promise<Any> {
    g.game.actors.set("brutebrutebrute1", new (g.CONFIG.Actor.documentClass)({
      ...pack("npcs/orc-brute"), _id: "brutebrutebrute1" }));
    const { combat, run } = drivenCombat(Combat, {
      _id: "woundscombat0009", round: 0, turn: null,
      flags: { fray: { kept: { [ORLA]: { order: 0 }, brutecombatant01: { order: 1 } } } },
      combatants: [
        { _id: ORLA, name: "Orla", actorId: ORLA, tokenId: token.id, sceneId: scene.id },
        { _id: "brutecombatant01", name: "Brute", actorId: "brutebrutebrute1" },
      ],
    }, GM);
    await run("startCombat");
    g.game.combats = { contents: [combat] };
    return combat;
  }

  it("in a battle: the hound beside Orla joins it, summoned this round by her, MP paid", async () => {
    const combat = await battle();
    await combat.spendKept(combat.combatants.get(ORLA), { action: "cast", spellId: call().id });
    const made = scene.tokens.contents[1];
    expect(made).toMatchObject({ actorId: HOUND, actorLink: false, disposition: 1 });
    expect(scene.flags.fray.tokenMarks[made.id].mark.woundsSummon)
      .toEqual({ summoner: orla.uuid, battle: combat.id, thrall: false });
    const hound = combat.combatants.find((c: Any) => c.tokenId === made.id);
    expect(hound.data).toMatchObject({ summoned: combat.round, summoner: ORLA });
    expect(orla.system.mp.value).toBe(24 - 6);
    // Its slot is counted by the mark: deleting its combatant frees none; defeated, it holds none.
    const { summonsStanding } = await import("../../src/rulesets/wounds/foundry/documents/combat");
    combat.combatants.delete(hound.id);
    expect(summonsStanding(orla.uuid)).toBe(1);
    g.CONFIG.specialStatusEffects.DEFEATED = "dead";
    made.actor.statuses.add("dead");
    try {
      expect(summonsStanding(orla.uuid)).toBe(0);
    } finally {
      made.actor.statuses.delete("dead");
    }
    // Its combatant gone, it is offered to no one: it vanishes as the battle ends.
    const { endBattle } = await import("../../src/rulesets/wounds/foundry/gm/battle-end");
    await endBattle(combat);
    expect(scene.tokens.contents.map((t: Any) => t.id)).toEqual(["tokenorlaorla001"]);
  });

  it("in a battle, a summon that cannot join puts the whole press back", async () => {
    const combat = await battle();
    const before = structuredClone(combat.combatants.get(ORLA).data);
    const create = combat.createEmbeddedDocuments.bind(combat);
    // Foundry created no combatant (a hook refused it): the token made beside her goes too.
    combat.createEmbeddedDocuments = async (name: string, data: Any[]) =>
      (name === "Combatant" ? [] : create(name, data));
    const pressed = combat.spendKept(combat.combatants.get(ORLA), { action: "cast", spellId: call().id });
    await expect(pressed).rejects.toThrow(/could not join/);
    expect(scene.tokens.contents).toHaveLength(1);
    expect(orla.system.mp.value).toBe(24);
    expect(combat.combatants.get(ORLA).data).toEqual(before);
    expect(combat.combatants.size).toBe(2);
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */
