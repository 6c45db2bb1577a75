import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../../engine/i18n";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { packStatblock } from "./pack-statblocks";
import type { CardField, FieldToken } from "../play/cards/field";
import { draftCard, draftRefusal } from "../play/cards/draft";
import { postedView } from "../play/cards/card-view";
import { grid, kept, sword, tamsin, thug } from "./card-fixtures";

/**
 * The card a user's attack or maneuver posts (`play/cards/draft.ts`), pure: its data as drafted,
 * and the GM's own checks made first, so a card the GM would refuse is never posted; and how the
 * posted card shows before the GM seals it. On pack pregens and NPCs, on a hex grid.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions, §Reaction Attacks.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("action-points"), "action-points"));
const ogre = packStatblock("npcs", "ogre");
const token = (id: string, j: number, over: Partial<FieldToken> = {}): FieldToken => ({
  tokenId: id, uuid: `Scene.s.Token.${id}`, combatantId: `c-${id}`, side: id === "a" ? "party" : "foes",
  at: { origin: { i: 0, j } }, block: id === "a" ? tamsin : thug, up: true, kept: kept(), ...over,
});
const field = (target = token("t", 1), attacker = token("a", 0)): CardField => ({
  grid, ownTurn: true, others: [], attacker, target,
});
const base = {
  actorUuid: "Actor.t", tokenUuid: "Scene.s.Token.a",
  target: { uuid: "Scene.s.Token.t", name: "Thug" },
};

describe("the card a user's attack posts", () => {
  it("an attack with its item, before the encounter and the edges are known", () => {
    expect(draftCard({ ...base, item: { id: sword.id, name: sword.name } }, t)).toEqual({
      actorUuid: "Actor.t", itemId: sword.id, itemName: sword.name, tokenUuid: "Scene.s.Token.a",
      targetTokenUuid: "Scene.s.Token.t", targetName: "Thug", combatId: "", round: 0,
      disadvantages: [], advantages: [], reactionFor: "", maneuver: "",
      shove: { choice: "prone", both: false },
    });
  });

  it("a reaction attack names its offer; a maneuver its name in the user's language", () => {
    const reaction = draftCard({ ...base, item: { id: sword.id, name: sword.name }, reactionFor: "m1" }, t);
    expect(reaction.reactionFor).toBe("m1");
    const shove = draftCard({
      ...base, item: null, maneuver: { name: "shove", shove: { choice: "pushBack", both: true } },
    }, t);
    expect(shove).toMatchObject({
      itemId: "", itemName: t("FRAY.ActionPoints.Maneuver.shove"), maneuver: "shove",
      shove: { choice: "pushBack", both: true },
    });
    expect(shove.itemName).not.toBe("FRAY.ActionPoints.Maneuver.shove");
  });

  it("is refused first as the GM would: an attack out of reach, a maneuver on too large a foe", () => {
    const attack = { ...draftCard({ ...base, item: { id: sword.id, name: sword.name } }, t), combatId: "c" };
    expect(draftRefusal(field(), attack, false)).toBeNull();
    expect(draftRefusal(field(token("t", 6)), attack, false)).toBe("apReach");
    // A granted reaction attack was in reach when provoked.
    expect(draftRefusal(field(token("t", 6)), attack, true)).toBeNull();
    const grapple = draftCard({ ...base, item: null, maneuver: { name: "grapple" } }, t);
    expect(draftRefusal(field(), grapple, false)).toBeNull();
    expect(draftRefusal(field(token("t", 1, { block: ogre })), grapple, false))
      .toBe("FRAY.ActionPoints.Refuse.TargetLarger");
  });

  it("shows, before the GM seals it, no buttons to anyone", () => {
    const view = postedView(draftCard({ ...base, item: { id: sword.id, name: sword.name } }, t), t);
    expect(view).toMatchObject({ title: sword.name, target: "Thug", sealed: false, refusal: null });
  });
});
