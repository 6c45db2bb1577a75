import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerCardKind } from "../../src/shell/cards/kind";
import { CARD_RECORDS_VERSION, migrateCards } from "../../src/shell/cards/migration";
import { ATTACK_KIND } from "../../src/rulesets/escalation/foundry/cards/attack-kind";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";
import { sealCard } from "../../src/rulesets/shock/play/cards/card-seal";
import { applyUpdate, getProperty, gmUser } from "../support/stand-ins";
import { sampleCard } from "../support/fixtures";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";

/**
 * Cards as the release before the card runtime left them in worlds (a seal, a ruleset-shaped
 * ledger with Undo's data, claims on the card, the poster still the author) are migrated once by
 * the active GM: taken over, the poster kept, their applied steps turned into the runtime's step
 * records, their claims gone. Cards never sealed and cards already migrated are left alone;
 * running it again changes nothing; the version is recorded per card type.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const GM = { id: "gamemastergamema" };
const PLAYER = { id: "playerplayerplay", isGM: false };

let settings: Record<string, unknown>;
let messages: any[];
let docs: Map<string, any>;

function message(
  id: string, type: string, system: Record<string, unknown>, whisper: string[] = [], lastBy = GM.id,
) {
  const m: any = {
    id, type, author: PLAYER, whisper, blind: false, system: structuredClone(system), updates: 0,
    _stats: { lastModifiedBy: lastBy },
    async update(changes: Record<string, unknown>) {
      m.updates++;
      const { author, ...rest } = changes;
      applyUpdate(m, rest);
      if (typeof author === "string") m.author = { id: author, isGM: author === GM.id };
    },
  };
  return m;
}

const deathBefore = { failures: 0, stabilized: false, hardFirstSave: false, lastGasp: false, upNextTurn: false };
const deathAfter = { ...deathBefore, hardFirstSave: true };
const shockCard: ShockCard = {
  actorUuid: "Actor.corvin", weaponId: "w", weaponName: "Sabre", summary: "", tokenUuid: "Scene.s.Token.tw",
  targetName: "Wenna", combatId: "combatcombatcomb", round: 2, charge: false, snap: false, dualWield: false,
  swarmOthers: 0, inMelee: false, situations: [], formula: "1d20", snapFor: "", execution: false,
  nonLethal: false, natural: 12, total: 14,
};
const up = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false } };

beforeEach(() => {
  settings = {};
  const tam = { uuid: "Scene.s.Token.tt.Actor.tam", isPC: true, effects: [] };
  const wenna = { uuid: "Actor.wenna", isPC: true, effects: { find: () => undefined } };
  docs = new Map<string, any>([
    [sampleCard.targets[0]!.tokenUuid, { id: "t0", actor: tam }],
    [sampleCard.targets[1]!.tokenUuid, { id: "t1", actor: { uuid: "Actor.hag", isPC: false } }],
    [sampleCard.actorUuid, { uuid: sampleCard.actorUuid, isPC: true }],
    ["Scene.s.Token.tw", { id: "tw", actor: wenna }],
  ]);
  // Foundry's Collection: a Map iterated by value, with an Array's find (common/utils/collection.mjs).
  const fighters = [{ tokenId: "tw", uuid: "Combat.combatcombatcomb.Combatant.cw" }];
  const combat = {
    uuid: "Combat.combatcombatcomb",
    combatants: { find: (f: any) => fighters.find(f), [Symbol.iterator]: () => fighters.values() },
  };
  const legacyEscalation = message("escattackcard001", "escalationAttack", {
    ...sampleCard,
    seal: sealAttack(sampleCard, PLAYER.id),
    ledger: { 0: [{ op: 0, by: PLAYER.id, mode: "apply", hpChange: -30, deathBefore, deathAfter,
      addedEffects: ["effecteffect0001"], lastGasp: false, selfDamage: 0 }] },
    claims: { "0-0": { nA: true } },
  }, [GM.id]);
  const legacyShock = message("shockattackcard1", "shockAttack", {
    ...shockCard,
    seal: sealCard(shockCard, PLAYER.id, { hit: true, targetCombatantId: "cw", offers: [] }),
    ledger: {
      result: { hit: true, amount: 4, kind: "hit", swarm: false, damageFormula: "1d6", dice: [2] },
      applied: { by: PLAYER.id, dealt: 4, absorbedBy: null, hpBefore: 10, hpAfter: 6, round: 2,
        shieldSpent: false, fallBefore: up, fallAfter: up },
    },
    claims: { apply: { nB: true } },
  });
  const unsealed = message("unsealedcard0001", "escalationAttack", { ...sampleCard }, [], PLAYER.id);
  // Its poster wrote it after the GM's last write: its records may be forged.
  const edited = message("editedlegacycard", "escalationAttack", {
    ...sampleCard, seal: sealAttack(sampleCard, PLAYER.id), ledger: {},
  }, [], PLAYER.id);
  messages = [legacyEscalation, legacyShock, unsealed, edited];
  vi.stubGlobal("game", {
    user: gmUser(GM), messages: { contents: messages },
    users: { get: (id: string) => (id ? { id, isGM: id === GM.id } : undefined) },
    combats: { get: (id: string) => (id === "combatcombatcomb" ? combat : undefined) },
    settings: {
      get: (_s: string, k: string) => settings[k],
      set: async (_s: string, k: string, v: unknown) => void (settings[k] = v),
    },
  });
  vi.stubGlobal("foundry", { utils: { getProperty, randomID: () => Math.random().toString(36).slice(2) } });
  vi.stubGlobal("fromUuidSync", (uuid: string) => docs.get(uuid) ?? null);
  registerCardKind(ATTACK_KIND);
  registerCardKind(SHOCK_ATTACK_KIND);
});

describe("migrating cards sealed before the card runtime", () => {
  it("takes sealed cards over, keeps the poster, turns applied steps into step records", async () => {
    expect(await migrateCards()).toBe(3);
    const [esc, shock, unsealed, edited] = messages;
    expect(edited.author.id).toBe(GM.id);
    expect(edited.system.seal).toEqual({ kind: "refused", reason: "legacyEdited", authorId: PLAYER.id });
    for (const m of [esc, shock]) {
      expect(m.author.id).toBe(GM.id);
      expect(m.system.poster).toBe(PLAYER.id);
      expect("claims" in m.system).toBe(false);
    }
    // A card whispered to the GM keeps its poster able to see it.
    expect(esc.whisper).toEqual([GM.id, PLAYER.id]);
    expect(esc.system.ledger["0"]).toHaveLength(1);
    expect(esc.system.steps["t0-0"]).toEqual({
      step: "apply", by: PLAYER.id,
      deltas: [
        { kind: "add", uuid: "Scene.s.Token.tt.Actor.tam", path: "system.hp.value", amount: -30,
          max: { uuid: "Scene.s.Token.tt.Actor.tam", path: "system.hp.max" } },
        { kind: "set", uuid: "Scene.s.Token.tt.Actor.tam", path: "system.death", before: deathBefore, after: deathAfter },
        { kind: "create", uuid: "Scene.s.Token.tt.Actor.tam.ActiveEffect.effecteffect0001" },
      ],
    });
    expect(shock.system.steps.apply.deltas).toEqual([{
      kind: "add", uuid: "Actor.wenna", path: "system.hp.value", amount: -4, nowMin: 1,
      max: { uuid: "Actor.wenna", path: "system.hp.max" },
    }]);
    // Never sealed: left for the first request on it to seal.
    expect(unsealed.author).toBe(PLAYER);
    expect(unsealed.updates).toBe(0);
    expect(settings.cardRecords).toEqual({ escalationAttack: CARD_RECORDS_VERSION, shockAttack: CARD_RECORDS_VERSION });
  });

  it("is idempotent: run again (or after the version is recorded), nothing changes", async () => {
    await migrateCards();
    const before = messages.map((m) => JSON.stringify(m.system));
    // A later world load (a new GM session: no claim held) with the version forgotten.
    settings.cardRecords = {};
    (globalThis as any).game.user = gmUser(GM);
    expect(await migrateCards()).toBe(0);
    expect(messages.map((m) => JSON.stringify(m.system))).toEqual(before);
    expect(messages.map((m) => m.updates)).toEqual([1, 1, 0, 1]);
  });
});
