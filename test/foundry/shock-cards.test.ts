import { RECORD_FIELDS } from "../../src/shell/cards/records";
import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, makeUser, readManifest, startWorld, type FoundryCommon } from "./harness";
import { type ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { sealCard } from "../../src/rulesets/shock/play/cards/card-seal";
import { heldBy, TARGET, windowLedger } from "../support/shock-window";

/**
 * shock's attack card and combat writes through Foundry v13's own documents, in a world playing
 * shock: the card created as a player creates it, then every state the GM writes (seal, reaction
 * window, result, applied step, claims); each write checked with Foundry's own permission functions for
 * the user who makes it, and the writes sent to the GM checked to be ones Foundry refuses a player.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("shock's cards and combat in Foundry's data layer", () => {
  let f: FoundryCommon;
  let player: any;
  let other: any;
  let gm: any;
  const OWNER = 3;
  const card: ShockCard = {
    actorUuid: "Actor.attackerattacker", weaponId: "weaponweaponweap", weaponName: "Sabre", summary: "+4 vs AC · 1d6+2 · Shock 3/AC 13",
    tokenUuid: "Scene.scenescenescene.Token.targettargettarg", targetName: "Bandit", combatId: "combatcombatcomb", round: 1,
    charge: true, snap: false, dualWield: false, swarmOthers: 2, inMelee: false, situations: ["halfCover", "adjacentProne"],
    formula: "1d20 + 6", snapFor: "", execution: false, nonLethal: false, natural: 12, total: 18,
  };

  beforeAll(async () => {
    f = (await startWorld("shock")).foundry;
    player = makeUser(f, "player1player1aa", "PLAYER");
    other = makeUser(f, "player2player2aa", "PLAYER");
    gm = makeUser(f, "gamemastergamema", "GAMEMASTER");
  });

  const newCard = (system: object) =>
    new f.documents.BaseChatMessage({ _id: "messagemessage01", type: "shockAttack", author: player.id, system }, { strict: true });

  function update(doc: any, user: any, changes: Record<string, unknown>): void {
    expect(doc.canUserModify(user, "update", changes), JSON.stringify(changes).slice(0, 80)).toBe(true);
    doc.updateSource(changes);
  }

  it("the manifest makes the card's records GM-only (Foundry's server refuses a player's write to them)", () => {
    expect(readManifest().documentTypes.ChatMessage?.shockAttack?.gmOnlyFields).toEqual([...RECORD_FIELDS]);
  });

  it("a player posts a card; it carries none of the GM's records; bad data is refused", () => {
    const doc = newCard(card);
    expect(doc.canUserModify(player, "create")).toBe(true);
    expect(doc.canUserModify(other, "create")).toBe(false);
    const source = doc.toObject().system;
    for (const field of RECORD_FIELDS) expect(source[field], field).toBeUndefined();
    expect(source.situations).toEqual(["halfCover", "adjacentProne"]);
    expect(() => newCard({ ...card, situations: ["nowhere"] })).toThrow();
    // Foundry's NumberField cleans out-of-range numbers into range (common/data/fields.mjs
    // NumberField#_cleanType); the GM's seal then finds the total does not match and refuses it.
    expect(newCard({ ...card, natural: 25 }).system.natural).toBe(20);
    expect(newCard({ ...card, swarmOthers: 5 }).system.swarmOthers).toBe(4);
  });

  it("goes through every state the GM writes: seal, claim, reaction window, result, applied", () => {
    const doc = newCard(card);
    const seal = sealCard(card, player.id, { hit: true, targetCombatantId: TARGET, offers: ["totalDefense"] });
    const opened = windowLedger({ defenders: [TARGET] });
    update(doc, gm, { "system.seal": seal, "system.ledger": opened });
    update(doc, gm, { "system.claims.react-0.nAbc123": true });
    const result = { hit: false, amount: 3, kind: "shock", swarm: true, damageFormula: "", dice: [] };
    // The react step's outcome: the window replaced whole (`==`), the result beside it.
    const reacted = windowLedger({ defenders: [TARGET] }, { kind: "answer", by: TARGET, answer: "totalDefense" });
    update(doc, gm, { "system.ledger.==window": reacted.window, "system.ledger.result": result });
    expect(doc.system.ledger.window).toEqual(reacted.window);
    update(doc, gm, { "system.claims.apply.nDef456": true });
    update(doc, gm, { "system.ledger.applied": { by: player.id, dealt: 0, absorbedBy: "totalDefense", hpBefore: 7, hpAfter: 7 } });
    expect(doc.system.seal.offers).toEqual(["totalDefense"]);
    expect(doc.system.ledger.applied.absorbedBy).toBe("totalDefense");
    expect(doc.system.ledger.result).toEqual(result);
    expect(Object.keys(doc.system.claims)).toEqual(["react-0", "apply"]);
    // An undo: its claim, then the ledger's undone mark, over an applied step with its undo records.
    const undoable = newCard(card);
    const fall = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false } };
    const step = {
      by: player.id, dealt: 4, absorbedBy: null, hpBefore: 7, hpAfter: 3, shieldSpent: false, round: 1,
      fallBefore: fall, fallAfter: fall,
    };
    update(undoable, gm, { "system.seal": seal, "system.ledger": { result: { ...result, hit: true, kind: "hit" }, applied: step } });
    update(undoable, gm, { "system.claims.undo.nJkl012": true });
    update(undoable, gm, { "system.ledger.undone": { by: player.id } });
    expect(undoable.system.ledger.applied.fallAfter).toEqual(fall);
    expect(undoable.system.ledger.undone).toEqual({ by: player.id });
    // A grapple in lieu of damage: the apply claim, then the opposed check in the GM-only ledger.
    const grappled = newCard(card);
    update(grappled, gm, { "system.seal": seal, "system.ledger": { result: { ...result, hit: true, kind: "hit" } } });
    update(grappled, gm, { "system.claims.apply.nGhi789": true });
    const maneuver = { kind: "grapple", by: player.id, attackerTotal: 9, defenderTotal: 5, won: true };
    update(grappled, gm, { "system.ledger": { result: { ...result, hit: true, kind: "hit" }, maneuver } });
    expect(grappled.system.ledger.maneuver).toEqual(maneuver);
    // A screened attack: the seal names the screener who took it and the checks rolled.
    const screened = newCard(card);
    const screen = { ward: "Bandit", attackerTotal: 7, takenBy: "Oskar", screeners: [{ name: "Oskar", total: 9, won: true }] };
    update(screened, gm, {
      "system.seal": sealCard(card, player.id, {
        hit: false, targetCombatantId: "combatantoskar01", offers: [], screen,
        screenerToken: { uuid: "Scene.scenescenescene.Token.oskaroskaroskar1", name: "Oskar" },
      }),
      "system.ledger": { result: { hit: false, amount: 0, kind: "none", swarm: false, damageFormula: "", dice: [] } },
    });
    expect(screened.system.seal.screen.takenBy).toBe("Oskar");
    // A held screen offered on the card, taken by the ally (its check and the attack turned on it).
    const held = newCard(card);
    const helper = { combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.scenescenescene.Token.oskaroskaroskar1" };
    const open = { defenders: [TARGET], holders: [heldBy("combatantoskar01")] };
    update(held, gm, {
      "system.seal": sealCard(card, player.id, {
        hit: true, targetCombatantId: TARGET, offers: ["totalDefense", "screen:combatantoskar01"], helpers: [helper],
      }),
      "system.ledger": windowLedger(open),
    });
    update(held, gm, { "system.claims.react-0.nA1": true });
    const heldWon = windowLedger(open, { kind: "answer", by: "combatantoskar01", answer: "screen" }, { kind: "dice", results: [1, 1, 6, 6] });
    update(held, gm, { "system.ledger.==window": heldWon.window });
    expect(held.system.ledger.window.frames[0].facts.target).toBe("combatantoskar01");
    // A Snap Attack taken, then linked to its card (one key per ally, merged into the ledger), and
    // "no reaction" kept while its outcome is awaited.
    const snapped = newCard({ ...card, snapFor: "" });
    const snapper = { combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.scenescenescene.Token.oskaroskaroskar1", weaponId: "sabresabresabre1" };
    update(snapped, gm, {
      "system.seal": sealCard(card, player.id, {
        hit: true, targetCombatantId: TARGET, offers: ["snap:combatantoskar01"], snappers: [snapper],
        attackerTokenUuid: "Scene.scenescenescene.Token.attackerattacke",
      }),
      "system.ledger": windowLedger({ snappers: ["combatantoskar01"] }),
    });
    const taken = windowLedger({ snappers: ["combatantoskar01"] }, { kind: "answer", by: "combatantoskar01", answer: "snapAttack" });
    update(snapped, gm, { "system.ledger.==window": taken.window });
    update(snapped, gm, { "system.ledger.closing": { by: other.id } });
    update(snapped, gm, { "system.ledger.snapCards.combatantoskar01": "messagemessage02" });
    expect(snapped.system.seal.snappers).toEqual([snapper]);
    expect(snapped.system.ledger.window).toEqual(taken.window);
    expect(snapped.system.ledger.snapCards).toEqual({ combatantoskar01: "messagemessage02" });
    // The snap card itself is a player's card naming the one it answers (the GM checks the grant).
    expect(newCard({ ...card, snap: true, snapFor: "messagemessage01" }).system.snapFor).toBe("messagemessage01");
    // An execution: the player's card asks for it, the GM seals it with no offers and settles the save.
    const executed = newCard({ ...card, charge: false, swarmOthers: 0, execution: true });
    expect(executed.system.execution).toBe(true);
    update(executed, gm, {
      "system.seal": sealCard({ ...card, execution: true }, player.id, { hit: true, targetCombatantId: "", offers: [] }),
      "system.ledger": { result: { ...result, hit: true, kind: "hit", amount: 0, execution: { natural: 4, total: 2, target: 13, saved: false } } },
    });
    expect(executed.system.seal.execution).toBe(true);
    expect(executed.system.ledger.result.execution.saved).toBe(false);
    // A non-lethal execution: the player's choice on the card, the GM's seal, outcome and knock-out.
    const knockout = newCard({ ...card, charge: false, swarmOthers: 0, execution: true, nonLethal: true });
    expect(knockout.system.nonLethal).toBe(true);
    const up = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false }, unconscious: false };
    const out = { mortal: { injured: false, stabilised: true }, combatant: { fellRound: 1, defeated: false }, unconscious: true };
    const knockedOut = { natural: 4, total: 2, target: 13, saved: false, outcome: "unconscious" };
    update(knockout, gm, {
      "system.seal": sealCard({ ...card, execution: true, nonLethal: true }, player.id, { hit: true, targetCombatantId: "", offers: [] }),
      "system.ledger": { result: { ...result, hit: true, kind: "hit", amount: 0, execution: knockedOut } },
    });
    update(knockout, gm, { "system.claims.apply.nKo1": true });
    update(knockout, gm, {
      "system.ledger.applied": {
        by: player.id, dealt: 7, absorbedBy: null, hpBefore: 7, hpAfter: 0, shieldSpent: false, round: 1,
        fallBefore: up, fallAfter: out, knockedOut: true,
      },
    });
    expect(knockout.system.seal.nonLethal).toBe(true);
    expect(knockout.system.ledger.applied.fallAfter.unconscious).toBe(true);
    // A refused card is sealed as such, with the reason.
    const refused = newCard(card);
    update(refused, gm, { "system.seal": { kind: "refused", reason: "swarm" } });
    expect(refused.system.seal.reason).toBe("swarm");
  });

  it("another player may not touch the card", () => {
    expect(newCard(card).canUserModify(other, "update", { system: { total: 30 } })).toBe(false);
  });

  describe("combat writes", () => {
    let own: any;
    let ally: any;
    let combat: any;
    beforeAll(() => {
      const actor = (id: string, owner: string | null) => new f.documents.BaseActor({
        _id: id, name: id, type: "shockCharacter", ownership: owner ? { default: 0, [owner]: OWNER } : { default: 0 },
      }, { strict: true });
      own = actor("actorownactorown", player.id);
      ally = actor("actorallyactoral", other.id);
      combat = new f.documents.BaseCombat({
        _id: "combatcombatcomb",
        combatants: [{ _id: "combatantown0001", system: { side: "party" } }, { _id: "combatantally001", system: { side: "party" } }],
        groups: [{ _id: "groupgroupgroup1", name: "the party", initiative: 7, flags: { fray: { side: "party", rank: 0 } } }],
      }, { strict: true });
      // Ownership of a combatant follows its actor (common/documents/combatant.mjs getUserLevel).
      Object.defineProperty(combat.combatants.get("combatantown0001"), "actor", { value: own });
      Object.defineProperty(combat.combatants.get("combatantally001"), "actor", { value: ally });
    });

    it("shock's Combatant model holds the side and the round's budget", () => {
      const c = combat.combatants.get("combatantown0001");
      expect(c.system.side).toBe("party");
      expect(c.system.main).toBe(false);
      expect(() => c.updateSource({ system: { side: 3, moves: "x" } })).toThrow();
    });

    it("a player pays its own combatant's actions (attack, charge, actions from the sheet)", () => {
      const mine = combat.combatants.get("combatantown0001");
      expect(mine.canUserModify(player, "update", { system: { main: true, moves: 1, charging: true } })).toBe(true);
      expect(mine.canUserModify(player, "update", { system: { totalDefense: true, main: true } })).toBe(true);
      // Screen an Ally names the ward on the screener's own combatant.
      expect(mine.canUserModify(player, "update", { system: { moves: 1, screening: "combatantally001" } })).toBe(true);
      mine.updateSource({ system: { moves: 1, screening: "combatantally001" } });
      expect(mine.system.screening).toBe("combatantally001");
      // Joining a swarm names its target on the assistant's own combatant.
      expect(mine.canUserModify(player, "update", { system: { main: true, swarming: "combatantfoe0001" } })).toBe(true);
      // The grapple marks are combatant data (the GM writes both sides' through shockManeuver).
      mine.updateSource({ system: { grappling: "combatantfoe0001", grappledBy: ["combatantfoe0002"] } });
      expect(mine.system.grappling).toBe("combatantfoe0001");
      expect(mine.system.grappledBy).toEqual(["combatantfoe0002"]);
    });

    it("what goes to the GM is what Foundry refuses a player", () => {
      // Total Defense in answer to an attack on an ally's combatant; act-next renumbers the side.
      expect(combat.combatants.get("combatantally001").canUserModify(player, "update", { system: { totalDefense: true } })).toBe(false);
      // Joining a side's group and the groups themselves (side initiative).
      expect(combat.combatants.get("combatantown0001").canUserModify(player, "update", { group: "groupgroupgroup1" })).toBe(false);
      // A side's group keeps its d8 and bonus in its flags (documents/combat.ts #rollSides).
      const rolled = { name: "the foes", initiative: 3, flags: { fray: { side: "foes", rank: 1, die: 3, bonus: 0 } } };
      const group = new f.documents.BaseCombatantGroup(rolled, { parent: combat, strict: true });
      expect(group.canUserModify(player, "create")).toBe(false);
      expect(group.canUserModify(gm, "create")).toBe(true);
      expect(group.flags.fray).toEqual({ side: "foes", rank: 1, die: 3, bonus: 0 });
      expect(group.canUserModify(player, "update", { "flags.fray.die": 8 })).toBe(false);
      expect(group.canUserModify(gm, "update", { "flags.fray.die": 8 })).toBe(true);
      // Surprise and the round bookkeeping live in the Combat's flags.
      expect(combat.canUserModify(player, "update", { flags: { fray: { surprised: ["party"] } } })).toBe(false);
      // Damage, Shock and first aid write the target's actor.
      expect(ally.canUserModify(player, "update", { system: { hp: { value: 0 }, mortal: { injured: true } } })).toBe(false);
      expect(ally.canUserModify(player, "update", { system: { mortal: { stabilised: true } } })).toBe(false);
      expect(ally.canUserModify(gm, "update", { system: { mortal: { stabilised: true } } })).toBe(true);
    });

    it("the GM's writes: groups, sides, shield use, fall round, defeated and fled", () => {
      const c = combat.combatants.get("combatantally001");
      update(c, gm, { group: "groupgroupgroup1", initiative: 7 });
      update(c, gm, { system: { shieldUsed: true, fellRound: 2, screenedAttackers: ["combatantfoe0001"] }, defeated: true, "flags.fray.fled": true });
      expect(combat.combatants.get("combatantown0001").canUserModify(player, "update", { group: null })).toBe(false);
      update(combat, gm, { "flags.fray.surprised": ["foes"], "flags.fray.turnLedger": ["round:2", "start:2:x"] });
      expect(c.group).toBe("groupgroupgroup1");
    });

    it("a morale offer is the GM's message; its claim is in flags only the GM can write", () => {
      const offer = new f.documents.BaseChatMessage({
        _id: "messagemessage02", author: gm.id, content: "<div></div>",
        flags: { fray: { shockMorale: { combatId: "combatcombatcomb", group: "Bandits", score: 8, triggers: ["firstDown"] } } },
      }, { strict: true });
      expect(offer.canUserModify(player, "update", { "flags.fray.claims.morale.nA": true })).toBe(false);
      update(offer, gm, { "flags.fray.claims.morale.nA": true, content: "<p>holds</p>" });
    });
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: shock cards", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
