import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { grantKey, unrolledGrant } from "../../src/rulesets/shock/play/requests/snap-grant";
import { undoReason } from "../../src/rulesets/shock/play/requests/undo-reason";

/**
 * What shock's GM steps decide, moved to its pure play/requests/ layer, checked without Foundry.
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Snap Attack, §Shock; RULINGS.md §shock.
 */
describe("an Undo's refusal", () => {
  it("names what changed since the Apply", () => {
    expect(undoReason("gone", "system.hp.value")).toBe("noTarget");
    expect(undoReason("changed", "system.hp.value")).toBe("shockUndo.hpChangedSince");
    expect(undoReason("changed", "flags.fray.kept.c1.shieldUsed")).toBe("shockUndo.shieldChangedSince");
    expect(undoReason("changed", "system.shieldUsed")).toBe("shockUndo.shieldChangedSince");
    expect(undoReason("changed", "system.mortal")).toBe("shockUndo.marksChangedSince");
    expect(undoReason("changed", "flags.fray.kept.c1.fellRound")).toBe("shockUndo.marksChangedSince");
    expect(undoReason("changed", "defeated")).toBe("shockUndo.marksChangedSince");
  });
});

describe("a Snap Attack's unrolled grant", () => {
  const record = { step: "react", by: "u1", deltas: [] };

  it("is the awaited ally's grant, recorded, not given back, with no card linked", () => {
    expect(grantKey("c2")).toBe("snap-c2");
    expect(unrolledGrant("c2", {}, { "snap-c2": record })).toBe("c2");
    expect(unrolledGrant("c2", undefined, { "snap-c2": record })).toBe("c2");
  });

  it("is none when nothing is awaited, unrecorded, undone or rolled", () => {
    expect(unrolledGrant(null, {}, { "snap-c2": record })).toBeNull();
    expect(unrolledGrant("c2", {}, {})).toBeNull();
    expect(unrolledGrant("c2", {}, { "snap-c3": record })).toBeNull();
    expect(unrolledGrant("c2", {}, { "snap-c2": { ...record, undone: { by: "gm" } } })).toBeNull();
    expect(unrolledGrant("c2", { c2: "msg1" }, { "snap-c2": record })).toBeNull();
  });

  it("gives back at most the awaited ally's own grant", () => {
    const id = fc.constantFrom("a", "b", "c");
    fc.assert(fc.property(fc.option(id, { nil: null }), fc.dictionary(id, fc.string()),
      fc.dictionary(id.map(grantKey), fc.record({ step: fc.constant("react"), undone: fc.option(fc.constant({ by: "g" }),
        { nil: undefined }) })),
      (awaited, cards, steps) => {
        const ally = unrolledGrant(awaited, cards, steps);
        if (ally === null) return;
        expect(ally).toBe(awaited);
        expect(steps[grantKey(ally)]?.undone).toBeUndefined();
        expect(cards[ally]).toBeUndefined();
      }));
  });
});
