import { beforeAll, describe, expect, it } from "vitest";
import { RECORD_FIELDS } from "../../src/shell/cards/records";
import { HAVE_FOUNDRY, makeUser, readManifest, startWorld, type FoundryCommon } from "./harness";
import { derive } from "../../src/rulesets/wounds/rules/derived";
import { woundEffectData, woundsOf } from "../../src/rulesets/wounds/play/actors/wound-effects";
import { packSource } from "../../src/rulesets/wounds/test/pack-statblocks";
import { BRUTE, woundsCard, woundsSeal } from "../support/wounds-card";

/**
 * wounds' attack card and wounds through Foundry v13's own documents, in a world playing wounds:
 * the card created as a player creates it, the GM's seal and each chain link and Apply written
 * where only a GM may write; a wound as an ActiveEffect on a pack actor, read back by the rules.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("wounds' cards and wounds in Foundry's data layer", () => {
  let f: FoundryCommon;
  let player: any;
  let other: any;
  let gm: any;
  const card = woundsCard;

  beforeAll(async () => {
    f = (await startWorld("wounds")).foundry;
    player = makeUser(f, "player1player1aa", "PLAYER");
    other = makeUser(f, "player2player2aa", "PLAYER");
    gm = makeUser(f, "gamemastergamema", "GAMEMASTER");
  });

  const newCard = (system: object) => new f.documents.BaseChatMessage(
    { _id: "messagemessage01", type: "woundsAttack", author: player.id, system }, { strict: true });

  function update(doc: any, user: any, changes: Record<string, unknown>): void {
    expect(doc.canUserModify(user, "update", changes), JSON.stringify(changes).slice(0, 80)).toBe(true);
    doc.updateSource(changes);
  }

  it("the manifest makes the card's records GM-only (Foundry's server refuses a player's write)", () => {
    expect(readManifest().documentTypes.ChatMessage?.woundsAttack?.gmOnlyFields)
      .toEqual([...RECORD_FIELDS]);
  });

  it("a player posts a card with its aim and purchases; bad data is refused or cleaned", () => {
    const doc = newCard(card);
    expect(doc.canUserModify(player, "create")).toBe(true);
    expect(doc.canUserModify(other, "create")).toBe(false);
    expect(doc.toObject().system.aim).toBe("slowing");
    for (const field of RECORD_FIELDS) expect(doc.toObject().system[field], field).toBeUndefined();
    expect(() => newCard({ ...card, aim: "nose" })).toThrow();
    // A NumberField cleans a number out of range into range (common/data/fields.mjs); the GM pays
    // what the card then asks, from the slots it keeps.
    expect(newCard({ ...card, buyToHit: 9 }).system.buyToHit).toBe(2);
  });

  it("holds the GM's seal, each chain link and Apply as written", () => {
    const seal = woundsSeal(player.id, 20, [5]);
    const doc = newCard(card);
    update(doc, gm, { "system.seal": seal, "system.ledger": {} });
    expect(doc.system.seal.check.natural).toBe(20);
    expect(doc.system.seal.chain).toBe("critical");
    update(doc, gm, { "system.claims.link0.nAbc123": true });
    update(doc, gm, { "system.ledger.links": [4] });
    update(doc, gm, { "system.claims.link1.nAbc124": true });
    update(doc, gm, { "system.ledger.links": [4, 2] });
    update(doc, gm, { "system.claims.apply.nAbc125": true });
    update(doc, gm, { "system.ledger.applied": true, "system.ledger.fatal": null });
    expect(doc.system.ledger).toMatchObject({ links: [4, 2], applied: true });
    expect(doc.system.seal.hit.aim).toBe("slowing");
  });

  it("a wound is an ActiveEffect its bearer's owner may see, and the rules read it back", () => {
    const source = packSource("npcs", "orc-brute");
    const actor = new f.documents.BaseActor({
      ...source, ownership: { default: 0, [player.id]: 3 },
    }, { strict: true });
    const flag = { aim: "slowing" as const, combat: "combatcombatcomb", round: 2, dealt: 1 };
    const effect = new f.documents.BaseActiveEffect({
      _id: "woundwoundwound1", ...woundEffectData("Slowing wound", flag),
    }, { parent: actor, strict: true });
    expect(effect.canUserModify(gm, "create")).toBe(true);
    expect(effect.toObject().statuses).toEqual(["wounds.wound"]);
    expect(effect.toObject().flags.fray.wound).toEqual(flag);
    const read = woundsOf([effect.toObject()], "combatcombatcomb");
    expect(read).toEqual([{ id: "woundwoundwound1", aim: "slowing", round: 2, combat: flag.combat,
      dealt: 1 }]);
    expect(derive(BRUTE, read, 2).movement).toBe(BRUTE.movement - 2);
  });
});
