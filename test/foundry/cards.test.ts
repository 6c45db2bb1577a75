import { RECORD_FIELDS } from "../../src/shell/cards/records";
import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, makeUser, readManifest, startWorld, type FoundryCommon } from "./harness";
import { sampleCard } from "../support/fixtures";
import { sealAttack, sealHeal, type ApplyRecord } from "../../src/rulesets/escalation/play/cards/card-seal";
import { type AbilityCard } from "../../src/rulesets/escalation/play/cards/card-spec";

/**
 * Fray's chat cards through Foundry v13's own ChatMessage document: created as a player creates
 * them, then updated through every state Fray writes, each write checked against Foundry's own
 * permission rules for the user who makes it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("attack and ability cards in Foundry's data layer", () => {
  let f: FoundryCommon;
  let player: any;
  let other: any;
  let gm: any;
  beforeAll(async () => {
    f = (await startWorld()).foundry;
    player = makeUser(f, "player1player1aa", "PLAYER");
    other = makeUser(f, "player2player2aa", "PLAYER");
    gm = makeUser(f, "gamemastergamema", "GAMEMASTER");
  });

  const newCard = (system: object, type = "escalationAttack") =>
    new f.documents.BaseChatMessage({ _id: "messagemessage01", type, author: player.id, system }, { strict: true });

  /** An update as Foundry validates it, after checking the user may make it. */
  function update(doc: any, user: any, changes: Record<string, unknown>): void {
    expect(doc.canUserModify(user, "update", changes), JSON.stringify(changes).slice(0, 80)).toBe(true);
    doc.updateSource(changes);
  }

  it("a player posts an attack card, and it carries none of the GM-only records", () => {
    const doc = newCard(sampleCard);
    expect(doc.canUserModify(player, "create")).toBe(true);
    expect(doc.canUserModify(other, "create")).toBe(false);
    const source = doc.toObject().system;
    for (const field of RECORD_FIELDS) expect(source[field], field).toBeUndefined();
    expect(source.targets[0].damage).toBe(30);
  });

  it("the manifest makes the records GM-only for both card types", () => {
    const types = readManifest().documentTypes.ChatMessage!;
    for (const type of ["escalationAttack", "escalationAbility"]) expect(types[type]?.gmOnlyFields).toEqual([...RECORD_FIELDS]);
  });

  it("goes through every state Fray writes: the GM's seal takes the card over, then picks, apply, undo", () => {
    const doc = newCard(sampleCard);
    const seal = sealAttack(sampleCard, player.id);
    // Before the seal the author could write anything, dotted record keys included.
    update(doc, player, { "system.seal.kind": "forged", "system.ledger.0": [{ op: 0 }] });
    // The seal replaces every record whole and makes the GM the card's author
    // (shell/cards/takeover.ts).
    update(doc, gm, {
      author: gm.id, "system.==seal": seal, "system.==ledger": {}, "system.==steps": {},
      "system.poster": player.id, "system.-=claims": null,
    });
    expect(doc.author).toBe(gm.id);
    expect(doc.system.seal.kind).toBe("attack");
    expect(doc.system.ledger).toEqual({});
    expect(doc.system.poster).toBe(player.id);
    // From now on its poster cannot write it at all, nor delete it.
    for (const changes of [{ "system.-=ledger": null }, { "system.seal.targets": [] }, { flags: { x: 1 } }])
      expect(doc.canUserModify(player, "update", changes)).toBe(false);
    expect(doc.canUserModify(player, "delete")).toBe(false);
    // The author's duration pick, recorded by the GM.
    update(doc, gm, { "system.ledger.picked.0.0": "endOfEncounter" });
    const step = (op: number, mode: ApplyRecord["mode"], hpChange: number): ApplyRecord => ({
      op, by: player.id, mode, hpChange, addedEffects: ["effecteffect0001"], lastGasp: false, selfDamage: 0,
    });
    const deltas = [
      { kind: "add", uuid: "Actor.x", path: "system.hp.value", amount: -2000, min: 0 },
      { kind: "create", uuid: "Actor.x.ActiveEffect.effecteffect0001" },
    ];
    // Any HP change that can occur fits: a big double on a large NPC, a PC far below 0.
    update(doc, gm, {
      "system.ledger.0": [step(0, "double", -2000)],
      "system.steps.t0-0": { step: "apply", by: player.id, deltas },
    });
    update(doc, gm, { "system.steps.t0-0.undone": { by: player.id } });
    update(doc, gm, { "system.ledger.0": [step(0, "double", -2000), step(1, "undo", 2000)] });
    update(doc, gm, { "system.ledger.1": [{ ...step(0, "void", 0), reason: "failed" }] });
    expect(doc.system.ledger["0"]).toHaveLength(2);
    expect(doc.system.steps["t0-0"].undone.by).toBe(player.id);
    expect(doc.system.seal.targets[0].damage).toBe(30);
  });

  it("another player may not touch the card at all", () => {
    const doc = newCard(sampleCard);
    expect(doc.canUserModify(other, "update", { system: { targets: [] } })).toBe(false);
  });

  it("a healing ability's card and its seal", () => {
    const card: AbilityCard = {
      actorUuid: "Actor.actoractoractor1", itemId: "itemitemitemitem", abilityName: "Word of Mending",
      heal: { free: false, targets: [{ uuid: "Actor.actoractoractor2", name: "Tam" }] },
    };
    const doc = newCard(card, "escalationAbility");
    expect(doc.canUserModify(player, "create")).toBe(true);
    update(doc, gm, { author: gm.id, "system.==seal": sealHeal(card, player.id), "system.poster": player.id });
    update(doc, gm, { "system.ledger.healed.0": { by: player.id, mode: "roll" } });
    expect(doc.system.heal.targets[0].name).toBe("Tam");
  });

  it("an opportunity offer is the GM's message; what was taken is in flags only a GM can write", () => {
    const offer = new f.documents.BaseChatMessage({
      _id: "messagemessage02", author: gm.id, content: "<div></div>",
      flags: { fray: { offer: { combatId: "combatcombatcomb", target: "Scene.x.Token.y", attackers: ["c1"] } } },
    }, { strict: true });
    expect(offer.canUserModify(player, "update", { "flags.fray.taken.c1": true })).toBe(false);
    update(offer, gm, { "flags.fray.claims.c1.nA": 1, "flags.fray.taken.c1": true });
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: cards", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
