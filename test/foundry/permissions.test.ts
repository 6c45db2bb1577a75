import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, makeUser, startWorld, type FoundryCommon } from "./harness";

/**
 * The document writes a player's client makes in Fray, checked with Foundry v13's own permission
 * functions (`canUserModify` of the Base* documents), and the writes Fray sends to the GM instead,
 * checked to be ones Foundry would refuse a player. Player-side writes (see docs/ARCHITECTURE.md,
 * "Who writes what"): paying for a use (own combatant's actions, own item's used mark, own Power),
 * Confused self-damage, death saves, recoveries, Rally and rests on one's own character, the
 * sustain marker effect on one's own actor, and posting cards.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("player writes against Foundry's permission rules", () => {
  let f: FoundryCommon;
  let player: any;
  let gm: any;
  let own: any;
  let ally: any;
  let combat: any;
  const OWNER = 3;

  beforeAll(async () => {
    f = (await startWorld()).foundry;
    player = makeUser(f, "player1player1aa", "PLAYER");
    gm = makeUser(f, "gamemastergamema", "GAMEMASTER");
    const actor = (id: string, owner: string | null) => new f.documents.BaseActor({
      _id: id, name: id, type: "escalationCharacter", ownership: owner ? { default: 0, [owner]: OWNER } : { default: 0 },
      items: [{ _id: `item${id.slice(4)}`, name: "Strike", type: "escalationAbility" }],
      effects: [{ _id: `efct${id.slice(4)}`, name: "Dazed", statuses: ["dazed"] }],
    }, { strict: true });
    own = actor("actorownactorown", player.id);
    ally = actor("actorallyactoral", "someoneelseelse1");
    combat = new f.documents.BaseCombat({
      _id: "combatcombatcomb", combatants: [{ _id: "combatantown0001" }, { _id: "combatantally001" }],
    }, { strict: true });
    // The client's Combatant#actor resolves the combatant's actor; ownership follows it
    // (common/documents/combatant.mjs getUserLevel).
    Object.defineProperty(combat.combatants.get("combatantown0001"), "actor", { value: own });
    Object.defineProperty(combat.combatants.get("combatantally001"), "actor", { value: ally });
  });

  const may = (doc: any, action: string, data: object = {}) => doc.canUserModify(player, action, data);

  it("paying for a use: own combatant's actions, own item's used mark, own Power", () => {
    const mine = combat.combatants.get("combatantown0001");
    expect(may(mine, "update", { system: { actions: { standard: true } } })).toBe(true);
    expect(may(own.items.contents[0], "update", { system: { used: true } })).toBe(true);
    expect(may(own, "update", { system: { power: { value: 2 } } })).toBe(true);
  });

  it("one's own character: HP (Confused self-damage, recoveries, rests), death track, effects", () => {
    expect(may(own, "update", { system: { hp: { value: 3 }, death: { failures: 1 } } })).toBe(true);
    const marker = new f.documents.BaseActiveEffect({ name: "Sustaining" }, { parent: own, strict: true });
    expect(marker.canUserModify(player, "create")).toBe(true);
    expect(may(own.effects.contents[0], "delete")).toBe(true);
  });

  it("posting cards as oneself", () => {
    const message = new f.documents.BaseChatMessage({ author: player.id, content: "<p></p>" }, { strict: true });
    expect(message.canUserModify(player, "create")).toBe(true);
  });

  it("what goes to the GM is what Foundry refuses a player", () => {
    // Engagement overrides, the turn ledger, surprise and escalation live in Combat flags.
    expect(may(combat, "update", { flags: { fray: { engagement: { added: [], removed: [] } } } })).toBe(false);
    // Reordering a group and readied actions renumber other players' combatants.
    expect(may(combat.combatants.get("combatantally001"), "update", { system: { order: 1 } })).toBe(false);
    // Stabilise and grant a save write an ally's actor; Fight in Spirit creates an ally's effect;
    // sustaining holds up (or ends) effects on its targets.
    expect(may(ally, "update", { system: { death: { stabilized: true } } })).toBe(false);
    const boon = new f.documents.BaseActiveEffect({ name: "Boon" }, { parent: ally, strict: true });
    expect(boon.canUserModify(player, "create")).toBe(false);
    expect(may(ally.effects.contents[0], "update", { "flags.fray.timing.armed": false })).toBe(false);
    // Damage and conditions on tokens the player does not own.
    expect(may(ally, "update", { system: { hp: { value: 0 } } })).toBe(false);
  });

  it("the GM may make every write Fray's GM requests make", () => {
    expect(combat.canUserModify(gm, "update", { flags: { fray: { engagement: { added: ["a|b"], removed: [] } } } })).toBe(true);
    expect(ally.canUserModify(gm, "update", { system: { death: { stabilized: true } } })).toBe(true);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: permissions", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
