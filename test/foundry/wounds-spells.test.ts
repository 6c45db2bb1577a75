import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { startServer, type ServerWorld } from "./server-update";
import { keptChanges } from "../../src/shell/combat/kept-record";
import { KEPT_SPEC } from "../../src/rulesets/wounds/play/data/kept-spec";
import { summonTokenData } from "../../src/shell/documents/summon-data";
import { storedSummonMark } from "../../src/rulesets/wounds/play/round/summon-marks";
import { THRALL_FLAG, thrallEntriesOf } from "../../src/rulesets/wounds/play/round/thrall-offer";
import { packSource } from "../../src/rulesets/wounds/test/pack-statblocks";

/**
 * wounds' spells and summons through Foundry v13's server data layer, as the GM's client writes
 * them (`foundry/gm/cast.ts`, `battle-end.ts`): a summon's token (made by `summonTokenData` from
 * a pack NPC's prototype token) and its combatant validate and are stored as sent, its synthetic
 * actor owned by the caster's owner; the casting and summoning fields kept on the Combat; the
 * thrall offer's prompt. A player may make none of these writes itself, only its own MP outside
 * a combat.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("wounds' casts and summons in Foundry's data layer", () => {
  let world: ServerWorld;
  let gm: any;
  let player: any;
  const OWNER = 3;
  const ORLA = "Actor.orlaorlaorlaorla";
  const HOUND = "houndhoundhound1";
  const SCENE = "Scene.woundsscene00001";
  const COMBAT = "Combat.woundscombat0001";
  const CASTER = "combatantorla001";
  const TOKEN = "tokensummon00001";
  const SUMMON = "combatanthound01";

  beforeAll(async () => {
    world = await startServer();
    gm = await world.user("gamemastergamema", "GAMEMASTER");
    player = await world.user("player1player1aa", "PLAYER");
    // Each permission to the roles Foundry gives it by default (the world's setting unchanged):
    // the server's User#hasPermission reads them (common/documents/user.mjs).
    const { CONST } = world.foundry;
    const g = (globalThis as any).game;
    g.permissions ??= Object.fromEntries(Object.entries(CONST.USER_PERMISSIONS).map(([k, v]: [string, any]) =>
      [k, Object.values(CONST.USER_ROLES as Record<string, number>).filter((r) => r >= v.defaultRole)]));
    await world.seed("Actor", {
      ...packSource("pregens", "orla-venn"), _id: "orlaorlaorlaorla",
      ownership: { default: 0, [player.id]: OWNER },
    });
    await world.seed("Actor", { ...packSource("npcs", "ashhound"), _id: HOUND });
    await world.seed("Scene", {
      _id: "woundsscene00001", name: "Ash Road", grid: { type: 1, size: 100 },
      tokens: [{ _id: "tokenorlaorla001", actorId: "orlaorlaorlaorla", actorLink: true, x: 500, y: 500 }],
    });
    await world.seed("Combat", {
      _id: "woundscombat0001", round: 2, turn: 0, scene: "woundsscene00001",
      combatants: [{ _id: CASTER, actorId: "orlaorlaorlaorla", tokenId: "tokenorlaorla001",
        sceneId: "woundsscene00001" }],
    });
  });

  async function summonToken(): Promise<Record<string, unknown>> {
    const hound = await world.document(`Actor.${HOUND}`);
    const orla = await world.read(ORLA);
    return {
      _id: TOKEN,
      ...summonTokenData(hound.prototypeToken.toObject(), HOUND, { x: 400, y: 400 }, {
        disposition: 1, ownership: orla.ownership,
      }),
    };
  }

  it("the GM places the summon's token; it is unlinked, the caster's side and its owner's", async () => {
    const data = await summonToken();
    const refused = await world.create(player, "Token", data, SCENE);
    expect(refused.ok).toBe(false);
    const made = await world.create(gm, "Token", data, SCENE);
    expect(made.ok ? "" : `${made.step}: ${made.message}`).toBe("");
    const stored = await world.read(`${SCENE}.Token.${TOKEN}`);
    expect(stored).toMatchObject({
      actorId: HOUND, actorLink: false, x: 400, y: 400, disposition: 1,
      delta: { ownership: { default: 0, [player.id]: OWNER } },
    });
    // A synthetic actor's own ownership replaces its actor's (common/documents/actor-delta.mjs).
    const token = await world.document(`${SCENE}.Token.${TOKEN}`);
    expect(token.delta.getUserLevel(player)).toBe(OWNER);
  });

  it("the GM adds its combatant and keeps its round, its summoner and the caster's cast", async () => {
    const joined = { _id: SUMMON, actorId: HOUND, tokenId: TOKEN, sceneId: "woundsscene00001" };
    expect((await world.create(player, "Combatant", joined, COMBAT)).ok).toBe(false);
    expect((await world.create(gm, "Combatant", joined, COMBAT)).ok).toBe(true);
    const changes = keptChanges(KEPT_SPEC, {
      [SUMMON]: { summoned: 2, summoner: CASTER },
      [CASTER]: { casting: "wnd1ac75a8b6b258", castPaid: 1, move: 0, castReady: "" },
    });
    expect((await world.update(player, COMBAT, changes)).ok).toBe(false);
    const kept = await world.update(gm, COMBAT, changes);
    if (!kept.ok) throw new Error(kept.message);
    expect(kept.source.flags.fray.kept).toMatchObject({
      [SUMMON]: { summoned: 2, summoner: CASTER },
      [CASTER]: { casting: "wnd1ac75a8b6b258", castPaid: 1, move: 0 },
    });
  });

  it("MP: the owner pays its own outside a combat; the GM refills and charges a thrall's", async () => {
    const own = await world.update(player, ORLA, { "system.mp.value": 2 });
    expect(own.ok && own.source.system.mp.value).toBe(2);
    const refill = await world.update(gm, ORLA, { "system.mp.value": 12 });
    expect(refill.ok).toBe(true);
    expect((await world.update(player, `${SCENE}.Token.${TOKEN}`, { x: 300 })).ok).toBe(true);
  });

  it("the GM's summon mark is on the Scene, where the summon's player cannot write it", async () => {
    const key = `flags.fray.tokenMarks.${TOKEN}`;
    // As `markToken` stores it: with the scene's id.
    const held = (thrall: boolean, battle: string) =>
      ({ scene: "woundsscene00001", mark: storedSummonMark({ summoner: ORLA, battle, thrall }) });
    const made = held(false, "woundscombat0001");
    const marked = await world.update(gm, SCENE, { [key]: made });
    expect(marked.ok && marked.source.flags.fray.tokenMarks[TOKEN]).toEqual(made);
    // Its token's flags are its player's to write (common/documents/token.mjs), not the Scene's.
    const forged = held(true, "");
    expect((await world.update(player, `${SCENE}.Token.${TOKEN}`, { flags: { fray: forged.mark } })).ok)
      .toBe(true);
    for (const changes of [{ [key]: forged }, { [`flags.fray.tokenMarks.-=${TOKEN}`]: null },
      { flags: { fray: { tokenMarks: { [TOKEN]: forged } } } }]) {
      expect((await world.update(player, SCENE, changes)).ok, JSON.stringify(changes)).toBe(false);
    }
    const thrall = await world.update(gm, SCENE, { [key]: forged });
    expect(thrall.ok && thrall.source.flags.fray.tokenMarks[TOKEN]).toEqual(forged);
  });

  it("the thrall offer is a GM prompt no player may rewrite; its entries read back", async () => {
    const entries = [{
      id: SUMMON, name: "Ashhound", tokenUuid: `${SCENE}.Token.${TOKEN}`, summonerUuid: ORLA,
      summonerName: "Orla Venn", thrallCost: 6,
    }];
    // No content: the server cleans a message's HTML with a package this tier lacks (parse5).
    const prompt = { _id: "thrallprompt0001", author: gm.id,
      flags: { fray: { [THRALL_FLAG]: entries } } };
    const posted = await world.create(gm, "ChatMessage", prompt);
    expect(posted.ok ? "" : `${posted.step}: ${posted.message}`).toBe("");
    const stored = await world.read("ChatMessage.thrallprompt0001");
    expect(thrallEntriesOf(stored.flags)).toEqual(entries);
    const forged = { [`flags.fray.${THRALL_FLAG}`]: [{ ...entries[0], thrallCost: 0 }] };
    expect((await world.update(player, "ChatMessage.thrallprompt0001", forged)).ok).toBe(false);
    // Outside a battle the offer is whispered to the caster's owner and the GMs: still the GM's.
    const whispered = await world.create(gm, "ChatMessage", {
      ...prompt, _id: "thrallprompt0002", whisper: [gm.id, player.id],
    });
    expect(whispered.ok ? "" : `${whispered.step}: ${whispered.message}`).toBe("");
    expect((await world.update(player, "ChatMessage.thrallprompt0002", forged)).ok).toBe(false);
    expect((await world.update(player, "ChatMessage.thrallprompt0002", { whisper: [player.id] })).ok)
      .toBe(false);
    expect((await world.delete(player, `${SCENE}.Token.${TOKEN}`)).ok).toBe(false);
    expect((await world.delete(gm, `${SCENE}.Token.${TOKEN}`)).ok).toBe(true);
  });
});
