import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { packStatblock } from "./pack-statblocks";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import {
  actorPlan, maneuverPatches, maneuverRefusal, maneuverResult, targetPlan, type ManeuverFacts,
} from "../play/cards/maneuver";
import { sealAttack } from "../play/cards/seal";
import type { ApCard } from "../play/cards/card-spec";

/**
 * The special actions that are checks, as a card plays them in Foundry: their checks, costs,
 * size limits and once-a-round uses, and what each does on a win (and a failed Tumble Through's
 * provocation); a won Feint's Advantage on the next attack, used up by it.
 * Source: `004_2cc57162401858c9.txt` §Special Actions, §Feint, §Grapple, §Shove, §Disarm,
 * §Tumble Through; RULINGS.md §action-points Breaking free.
 */
const ivo = packStatblock("pregens", "ivo-dask");
const goblin = packStatblock("npcs", "goblin-cutter");
const ogre = packStatblock("npcs", "ogre");
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, order: 0, ...over });
const facts = (over: Partial<ManeuverFacts> = {}): ManeuverFacts => ({
  actor: ivo, target: goblin, weapon: ivo.weapons[0] ?? null,
  kept: { actor: kept(), target: kept() }, ids: { actor: "I", target: "G" }, ownTurn: true,
  up: true, ...over,
});
const shove = { choice: "prone" as const, both: true };

describe("the maneuvers' checks", () => {
  it("Shove and Grapple roll Athletics against Athletics; Feint the better of Melee and Deception", () => {
    expect(actorPlan("shove", facts()).target).toBe(ivo.skills.athletics);
    expect(targetPlan("grapple", facts())?.target).toBe(goblin.skills.athletics);
    expect(actorPlan("feint", facts()).target).toBe(Math.max(ivo.skills.melee, ivo.skills.deception));
    expect(targetPlan("feint", facts())?.target).toBe(Math.max(goblin.skills.melee, goblin.skills.agility));
    // Disarm is an attack at Disadvantage, unopposed; Tumble Through an Agility check.
    expect(actorPlan("disarm", facts()).edge).toBe("disadvantage");
    expect(targetPlan("disarm", facts())).toBeNull();
    expect(actorPlan("tumble", facts()).target).toBe(ivo.skills.agility);
    // A grappler acts at Disadvantage.
    expect(actorPlan("shove", facts({ kept: { actor: kept({ grappling: "X" }), target: kept() } })).edge)
      .toBe("disadvantage");
  });

  it("costs and limits: AP by the table, once a round, size; breaking free only from one's grappler", () => {
    expect(maneuverRefusal("shove", facts())).toEqual({ pay: expect.objectContaining({ ap: 4, shove: true }) });
    expect(maneuverRefusal("shove", facts({ kept: { actor: kept({ shove: true }), target: kept() } })))
      .toEqual({ refused: "FRAY.ActionPoints.Refuse.OnceARound" });
    expect(maneuverRefusal("grapple", facts({ target: ogre })))
      .toEqual({ refused: "FRAY.ActionPoints.Refuse.TargetLarger" });
    expect(maneuverRefusal("tumble", facts({ target: ogre })))
      .toEqual({ refused: "FRAY.ActionPoints.Refuse.TumbleLarge" });
    expect(maneuverRefusal("breakFree", facts())).toEqual({ refused: "apNotGrappled" });
    const held = facts({ kept: { actor: kept({ grappledBy: ["G"] }), target: kept({ grappling: "I" }) } });
    expect(maneuverRefusal("breakFree", held)).toEqual({ pay: { breakFree: true } });
    expect(maneuverRefusal("grapple", facts({ ownTurn: false }))).toEqual({ refused: "notYourTurn" });
  });
});

describe("what a maneuver does", () => {
  it("Shove: the chosen effect, both on a Hard success; a loss does nothing", () => {
    expect(maneuverResult("shove", facts(), "normal", "failure", shove).shove).toEqual(["prone"]);
    expect(maneuverResult("shove", facts(), "hard", "normal", shove).shove).toEqual(["pushBack", "prone"]);
    expect(maneuverResult("shove", facts(), "normal", "hard", shove)).toMatchObject({ won: false, shove: [] });
  });

  it("Grapple marks both; breaking free needs an outright win and clears both marks", () => {
    const g = maneuverResult("grapple", facts(), "normal", "normal", shove);
    expect(g).toMatchObject({ won: true, actor: { grappling: "G" }, target: { grappledBy: ["I"] } });
    const held = facts({ kept: { actor: kept({ grappledBy: ["G"] }), target: kept({ grappling: "I" }) } });
    expect(maneuverResult("breakFree", held, "hard", "hard", shove).won).toBe(false);
    expect(maneuverResult("breakFree", held, "major", "hard", shove))
      .toMatchObject({ won: true, actor: { grappledBy: [] }, target: { grappling: "" } });
  });

  it("Disarm by level; a failed Tumble Through provokes that enemy", () => {
    expect(maneuverResult("disarm", facts(), "major", null, shove).disarm)
      .toEqual({ hexes: 3, attackerChooses: true });
    expect(maneuverResult("tumble", facts(), "failure", null, shove)).toMatchObject({ won: false, provokes: true });
    expect(maneuverResult("tumble", facts(), "normal", null, shove).provokes).toBe(false);
  });

  it("writes the actor's payment with its marks, and the target's marks when it has any", () => {
    const g = maneuverResult("grapple", facts(), "normal", "normal", shove);
    expect(maneuverPatches({ actor: "I", target: "G" }, { ap: 3 }, g)).toEqual({
      I: { ap: 3, grappling: "G" }, G: { grappledBy: ["I"] },
    });
    const lost = maneuverResult("shove", facts(), "normal", "hard", shove);
    expect(maneuverPatches({ actor: "I", target: "G" }, { ap: 4 }, lost)).toEqual({ I: { ap: 4 } });
    // Breaking free pays no AP: only its use and the cleared marks.
    const held = facts({ kept: { actor: kept({ grappledBy: ["G"] }), target: kept({ grappling: "I" }) } });
    const freed = maneuverResult("breakFree", held, "major", "hard", shove);
    expect(maneuverPatches({ actor: "I", target: "G" }, { breakFree: true }, freed)).toEqual({
      I: { breakFree: true, grappledBy: [] }, G: { grappling: "" },
    });
    // Outside the encounter (no combatant ids) nothing is kept.
    expect(maneuverPatches({ actor: null, target: undefined }, null, g)).toEqual({});
  });

  it("a won Feint gives Advantage on the next physical attack against that foe, used up by it", () => {
    const f = maneuverResult("feint", facts(), "hard", "normal", shove);
    expect(f.actor).toEqual({ feinting: "G" });
    const card: ApCard = {
      actorUuid: "a", itemId: ivo.weapons[0]!.id, itemName: "x", tokenUuid: "t", targetTokenUuid: "u",
      targetName: "G", combatId: "c", round: 1, disadvantages: [], advantages: [], reactionFor: "", maneuver: "",
      shove: { choice: "prone", both: false },
    };
    const v = sealAttack(card, "p", {
      attacker: ivo, with: { weapon: ivo.weapons[0]! }, distance: 1, threateners: 1,
      grappling: false, feint: true, combat: { kept: kept({ feinting: "G" }), ownTurn: true, up: true },
    }, [80, 20]);
    expect(v).toMatchObject({ ok: true, seal: { roll: 20, plan: { edge: "advantage" } } });
    if (v.ok) expect(v.pay).toMatchObject({ feinting: "" });
  });
});
