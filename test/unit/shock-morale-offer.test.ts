import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import {
  moraleOfferLine, readMoraleOffer,
} from "../../src/rulesets/shock/play/cards/morale-offer";

const en = localizerFor(languageFor("shock"));

describe("a morale offer as its whisper keeps it", () => {
  it("reads a well-formed offer as it was stored", () => {
    const offer = { combatId: "c1", group: "Mire Folk", triggers: ["firstDown", "halfDown"] };
    expect(readMoraleOffer(offer)).toEqual(offer);
  });

  it("refuses an offer without a combat or a group", () => {
    expect(readMoraleOffer(null)).toBeNull();
    expect(readMoraleOffer("offer")).toBeNull();
    expect(readMoraleOffer({ group: "Mire Folk", triggers: [] })).toBeNull();
    expect(readMoraleOffer({ combatId: "c1", group: 3, triggers: [] })).toBeNull();
  });

  it("reads unknown or malformed triggers as none: the check is still offered", () => {
    expect(readMoraleOffer({ combatId: "c1", group: "g", triggers: ["firstDown", "won"] }))
      .toEqual({ combatId: "c1", group: "g", triggers: [] });
    expect(readMoraleOffer({ combatId: "c1", group: "g", triggers: "halfDown" }))
      .toEqual({ combatId: "c1", group: "g", triggers: [] });
  });

  it("never throws and reads back only what names a combat and a group (property)", () => {
    fc.assert(fc.property(fc.anything(), (raw) => {
      const offer = readMoraleOffer(raw);
      if (offer === null) return;
      expect(typeof offer.combatId).toBe("string");
      expect(typeof offer.group).toBe("string");
      expect(offer.triggers.every((x) => x === "firstDown" || x === "halfDown")).toBe(true);
    }));
  });
});

describe("the offer's line", () => {
  it("names the group and why it checks, triggers joined in order", () => {
    const line = moraleOfferLine("Mire Folk", ["firstDown", "halfDown"], en);
    expect(line).toBe(en("FRAY.Shock.Morale.Offer", {
      group: "Mire Folk", triggers: "first member down, half down",
    }));
    expect(line).toContain("Mire Folk");
  });

  it("says the GM called it when no trigger was crossed", () => {
    expect(moraleOfferLine("Mire Folk", [], en)).toBe(en("FRAY.Shock.Morale.Offer", {
      group: "Mire Folk", triggers: "called by the GM",
    }));
  });
});
