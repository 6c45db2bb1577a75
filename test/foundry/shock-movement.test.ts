import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, makeUser, startWorld, type FoundryCommon } from "./harness";

/**
 * shock's moves and the Unsuspecting mark against Foundry v13's own data layer, in a world playing
 * shock: what a player's client may write itself and what it must ask the GM for, each checked with
 * Foundry's own permission functions (common/documents/token.mjs, active-effect.mjs,
 * chat-message.mjs, combatant.mjs). Source: `002_5e27cdf788b28f5f.txt` §Grappling, §Run,
 * §Execution Attacks.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("shock's moves and marks in Foundry's data layer", () => {
  let f: FoundryCommon;
  let player: any;
  let gm: any;
  let own: any;
  let foe: any;
  const OWNER = 3;

  beforeAll(async () => {
    f = (await startWorld("shock")).foundry;
    player = makeUser(f, "player1player1aa", "PLAYER");
    gm = makeUser(f, "gamemastergamema", "GAMEMASTER");
    const actor = (id: string, type: string, owner: string | null) => new f.documents.BaseActor({
      _id: id, name: id, type, ownership: owner ? { default: 0, [owner]: OWNER } : { default: 0 },
    }, { strict: true });
    own = actor("actorbrantbrant1", "shockCharacter", player.id);
    foe = actor("actorvaskvaskva1", "shockNpc", null);
  });

  /** A token of `actor` (Foundry's client links it; here the link is set by hand). */
  function token(id: string, actor: any): any {
    const t = new f.documents.BaseToken({ _id: id, name: id, actorId: actor.id, x: 500, y: 500 }, { strict: true });
    Object.defineProperty(t, "actor", { value: actor });
    return t;
  }

  it("a player moves its own grappler's token, never the foe's: carrying the foe goes to the GM", () => {
    expect(token("tokenbrantbrant1", own).canUserModify(player, "update", { x: 300 })).toBe(true);
    const held = token("tokenvaskvaskva1", foe);
    expect(held.canUserModify(player, "update", { x: 400 })).toBe(false);
    expect(held.canUserModify(gm, "update", { x: 400 })).toBe(true);
  });

  it("a player could mark its own actor Unsuspecting, so the mark counts only when a GM wrote it", () => {
    const mark = (parent: any) => new f.documents.BaseActiveEffect({
      name: "Unsuspecting (may be executed)", img: "icons/svg/sleep.svg", statuses: ["shockUnsuspecting"],
      description: "<p>Entirely unsuspecting of danger.</p>",
    }, { parent, strict: true });
    expect(mark(own).canUserModify(player, "create")).toBe(true);
    expect(mark(foe).canUserModify(player, "create")).toBe(false);
    expect(mark(foe).canUserModify(gm, "create")).toBe(true);
    // The stamp the GM's seal reads: a managed field of every effect's stats, which the server
    // sets from the writing user (the client's value is dropped: managedFields).
    const stats = f.data.fields.DocumentStatsField;
    expect(stats.managedFields).toContain("lastModifiedBy");
    expect(mark(foe).schema.has("_stats")).toBe(true);
    expect(mark(foe).statuses.has("shockUnsuspecting")).toBe(true);
    expect(mark(foe).description).toContain("unsuspecting");
  });

  it("the GM's move offer (turn and cause) is a message players cannot edit or claim", () => {
    const offer = new f.documents.BaseChatMessage({
      _id: "messagemessage09", author: gm.id, content: "<div></div>",
      flags: { fray: { shockOpportunity: {
        combatId: "combatcombatcomb", round: 2, turn: 1, cause: "move", targetTokenUuid: "Scene.s.Token.tokenbrantbrant1",
        targetName: "Brant", attackers: [{ combatantId: "combatantvask001", name: "Vask" }],
      } } },
    }, { strict: true });
    expect(offer.flags.fray.shockOpportunity.cause).toBe("move");
    expect(offer.canUserModify(player, "update", { "flags.fray.shockOpportunity.attackers": [] })).toBe(false);
    expect(offer.canUserModify(player, "update", { "flags.fray.claims.combatantvask001.nA": true })).toBe(false);
    expect(offer.canUserModify(gm, "update", { "flags.fray.claims.combatantvask001.nA": true })).toBe(true);
  });

  it("the Main a carry spends and the holds it ends are written by the GM on both sides' combatants", () => {
    const combat = new f.documents.BaseCombat({
      _id: "combatcombatcomb",
      combatants: [{ _id: "combatantbrant01", system: { side: "party", grappling: "combatantvask001" } },
        { _id: "combatantvask001", system: { side: "foes", grappledBy: ["combatantbrant01"] } }],
    }, { strict: true });
    const brant = combat.combatants.get("combatantbrant01");
    const vask = combat.combatants.get("combatantvask001");
    // Ownership of a combatant follows its actor (common/documents/combatant.mjs getUserLevel).
    Object.defineProperty(brant, "actor", { value: own });
    Object.defineProperty(vask, "actor", { value: foe });
    expect(brant.canUserModify(player, "update", { system: { main: true } })).toBe(true);
    // Letting go of a thrown or escaped foe writes the foe's combatant: only the GM may.
    expect(vask.canUserModify(player, "update", { system: { grappledBy: [] } })).toBe(false);
    expect(vask.canUserModify(gm, "update", { system: { grappledBy: [] } })).toBe(true);
    vask.updateSource({ system: { grappledBy: [] } });
    brant.updateSource({ system: { grappling: "", main: true } });
    expect(vask.system.grappledBy).toEqual([]);
    expect(brant.system.main).toBe(true);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: shock moves", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
