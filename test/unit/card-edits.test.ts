import { describe, expect, it } from "vitest";
import { withEffectDuration } from "../../src/rulesets/escalation/foundry/chat/card-edits";
import { cardView } from "../../src/rulesets/escalation/foundry/chat/card-view";
import { sampleCard, GM } from "../support/fixtures";

describe("choosing an effect's duration on the card (RULINGS.md: chosen when applied)", () => {
  const card = sampleCard;
  it("changes exactly that effect's duration", () => {
    const targets = withEffectDuration(card, 0, 0, "saveEnds", false);
    expect(targets?.[0]?.effects[0]?.duration).toBe("saveEnds");
    expect(targets?.[1]).toEqual(card.targets[1]);
  });
  it("refuses unknown durations, bad indexes and applied targets", () => {
    expect(withEffectDuration(card, 0, 0, "forever", false)).toBeNull();
    expect(withEffectDuration(card, 5, 0, "saveEnds", false)).toBeNull();
    expect(withEffectDuration(card, 0, 3, "saveEnds", false)).toBeNull();
    expect(withEffectDuration(card, 0, 0, "saveEnds", true)).toBeNull();
  });
  it("a hit with effects but no damage can still be applied", () => {
    const effectsOnly = { ...card, targets: [{ ...card.targets[0]!, damage: 0 }] };
    expect(cardView(effectsOnly, GM).targets[0]?.canApply).toBe(true);
    const nothing = { ...card, targets: [{ ...card.targets[0]!, damage: 0, effects: [] }] };
    expect(cardView(nothing, GM).targets[0]?.canApply).toBe(false);
  });
});
