import { describe, expect, it } from "vitest";
import { offerGrants, type Offer } from "../../src/shell/offers/offer";

/**
 * The grant check of a card made from a taken offer (action-points' reaction attacks, phases'
 * opportunity attacks): the offer's kind, combat, round and target, to a responder that took it.
 */
describe("an offer grants a card", () => {
  const offer: Offer = {
    kind: "actionPointsReaction", combatId: "c", round: 2, turn: 3, cause: "move",
    targetTokenUuid: "Scene.s.Token.m", targetName: "M",
    responders: [{ combatantId: "a", name: "A" }, { combatantId: "b", name: "B" }],
  };
  const card = { combatId: "c", targetTokenUuid: "Scene.s.Token.m" };
  const kind = "actionPointsReaction";

  it("only of its kind, combat, round and target, to a responder that took its part", () => {
    expect(offerGrants(offer, kind, card, "a", 2, true)).toBe(true);
    expect(offerGrants(offer, kind, card, "a", 2, false)).toBe(false);
    expect(offerGrants(offer, kind, card, "z", 2, true)).toBe(false);
    expect(offerGrants(offer, kind, card, "a", 3, true)).toBe(false);
    expect(offerGrants(offer, kind, { ...card, combatId: "d" }, "a", 2, true)).toBe(false);
    expect(offerGrants(offer, kind, { ...card, targetTokenUuid: "Scene.s.Token.x" }, "a", 2, true))
      .toBe(false);
    expect(offerGrants(offer, "phasesOpportunity", card, "a", 2, true)).toBe(false);
    expect(offerGrants(null, kind, card, "a", 2, true)).toBe(false);
  });
});
