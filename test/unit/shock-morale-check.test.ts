import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import {
  moraleOfferLine, moraleOutcome, readMoraleOffer,
} from "../../src/rulesets/shock/play/cards/morale-check";

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

describe("a rolled morale check", () => {
  const set = { score: 8, source: "set" as const };

  it("holds on a roll at or under the score, breaks above it", () => {
    expect(moraleOutcome("Mire Folk", 8, set, en)).toEqual({
      broken: false,
      line: "Mire Folk: 2d6 = 8 against Morale 8 (set by the GM): they hold.",
    });
    expect(moraleOutcome("Mire Folk", 9, { score: 8, source: "highestInFight" }, en)).toEqual({
      broken: true,
      line: "Mire Folk: 2d6 = 9 against Morale 8 (the highest still in the fight): they break "
        + "and flee.",
    });
  });

  it("breaks exactly when 2d6 exceeds the score, for every roll and score (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 }),
      (total, score) => {
        expect(moraleOutcome("g", total, { score, source: "set" }, en).broken)
          .toBe(total > score);
      }));
  });

  it("breaks on 2d6 above 8 with probability 10/36", () => {
    let broken = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) if (moraleOutcome("g", a + b, set, en).broken) broken++;
    expect(broken).toBe(10);
  });
});
