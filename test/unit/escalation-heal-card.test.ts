import { describe, expect, it } from "vitest";
import { sealHeal } from "../../src/rulesets/escalation/play/cards/card-seal";
import {
  healedIn, healRows, healSealRefusal, mayHeal,
} from "../../src/rulesets/escalation/play/cards/heal-card";
import type { AbilityCard } from "../../src/rulesets/escalation/play/cards/card-spec";

const card = (free: boolean): AbilityCard => ({
  actorUuid: "Actor.a", itemId: "i", abilityName: "Heal",
  heal: { free, targets: [{ uuid: "Actor.b", name: "Bea" }, { uuid: "Actor.c", name: "Cy" }] },
});
const pc = (uuid: string) => ({ uuid, isPC: true });
const seal = sealHeal(card(false), "author");

describe("sealing a heal card (§Recoveries)", () => {
  it("seals when the ability heals as the card says and each target is a character, once", () => {
    expect(healSealRefusal(card(false), "recovery", [pc("b"), pc("c")])).toBeNull();
    expect(healSealRefusal(card(true), "freeRecovery", [pc("b")])).toBeNull();
  });
  it("refuses a claimed heal the ability does not give", () => {
    expect(healSealRefusal(card(true), "recovery", [pc("b")])).toBe("badRequest");
    expect(healSealRefusal(card(false), "freeRecovery", [pc("b")])).toBe("badRequest");
    expect(healSealRefusal(card(false), "none", [pc("b")])).toBe("badRequest");
  });
  it("refuses a target that is not a character, and one actor named twice", () => {
    expect(healSealRefusal(card(false), "recovery", [pc("b"), null])).toBe("noTarget");
    expect(healSealRefusal(card(false), "recovery", [{ uuid: "n", isPC: false }])).toBe("noTarget");
    expect(healSealRefusal(card(false), "recovery", [pc("b"), pc("b")])).toBe("badRequest");
  });
});

describe("heal buttons", () => {
  const author = { isGM: false, userId: "author" };
  it("are the author's and the GM's, on a sealed card", () => {
    expect(mayHeal(author, seal)).toBe(true);
    expect(mayHeal({ isGM: true, userId: "gm" }, null)).toBe(true);
    expect(mayHeal({ isGM: false, userId: "other" }, seal)).toBe(false);
    expect(mayHeal(author, null)).toBe(false);
  });
  it("each target offers roll and average until the GM records it healed", () => {
    const ledger = { healed: { "1": { by: "author", mode: "roll" } } };
    expect(healedIn(ledger, 1)).toBe(true);
    expect(healedIn(ledger, 0)).toBe(false);
    expect(healedIn(undefined, 0)).toBe(false);
    const rows = healRows(seal, ledger, author);
    expect(rows.map((r) => r.name)).toEqual(["Bea", "Cy"]);
    expect(rows[0]!.buttons.map((b) => [b.args, b.labelKey])).toEqual([
      [{ index: 0, mode: "roll" }, "FRAY.Recovery.HealRoll"],
      [{ index: 0, mode: "average" }, "FRAY.Recovery.Average"],
    ]);
    expect(rows[1]!.buttons).toEqual([]);
    expect(healRows(seal, undefined, { isGM: false, userId: "other" }).flatMap((r) => r.buttons))
      .toEqual([]);
    expect(healRows(null, undefined, author)).toEqual([]);
  });
});
