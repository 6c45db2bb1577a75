import { describe, expect, it } from "vitest";
import { DURATION_STEP } from "../../src/rulesets/escalation/foundry/cards/attack-steps";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";
import { cardView } from "../../src/rulesets/escalation/play/views/card-view";
import type { CardRecords, StepContext } from "../../src/shell/cards/kind";
import { sampleCard, GM } from "../support/fixtures";

/**
 * Choosing an effect's duration on a card (RULINGS.md: chosen when applied). The card's author
 * cannot write the card once the GM sealed it, so the choice is a card step: the GM records it in
 * the ledger (`picked`), and the card shows it.
 */
const AUTHOR = "authorauthorauth";
const seal = sealAttack(sampleCard, AUTHOR);
const records = (ledger: unknown = {}): CardRecords => ({ seal, ledger, steps: {}, posterId: AUTHOR });
const context = (args: unknown, sender = { id: AUTHOR, isGM: false }, ledger: unknown = {}) => {
  const request = DURATION_STEP.parse(args);
  return request && ({ message: {} as never, records: records(ledger), request, sender } as StepContext<NonNullable<typeof request>>);
};

describe("choosing an effect's duration on the card", () => {
  it("reads only a known duration of an effect by index", () => {
    expect(DURATION_STEP.parse({ index: 0, effect: 0, value: "endOfNextTurn" })).toEqual({ index: 0, effect: 0, value: "endOfNextTurn" });
    for (const bad of [{ index: 0, effect: 0, value: "forever" }, { index: -1, effect: 0, value: "saveEnds" }, { index: 0, value: "saveEnds" }, null])
      expect(DURATION_STEP.parse(bad)).toBeNull();
  });
  it("is the author's or the GM's, for an effect on the card, until its target is applied", () => {
    expect(DURATION_STEP.check(context({ index: 0, effect: 0, value: "saveEnds" })!)).toMatchObject({ ok: true });
    expect(DURATION_STEP.check(context({ index: 0, effect: 0, value: "saveEnds" }, { id: "gmgmgmgmgmgmgmgm", isGM: true })!)).toMatchObject({ ok: true });
    expect(DURATION_STEP.check(context({ index: 0, effect: 0, value: "saveEnds" }, { id: "otherotherothero", isGM: false })!)).toEqual({ ok: false, reason: "notAuthor" });
    expect(DURATION_STEP.check(context({ index: 0, effect: 3, value: "saveEnds" })!)).toEqual({ ok: false, reason: "notOnCard" });
    const applied = { 0: [{ op: 0, by: AUTHOR, mode: "apply", hpChange: -5, addedEffects: [], lastGasp: false, selfDamage: 0 }] };
    expect(DURATION_STEP.check(context({ index: 0, effect: 0, value: "saveEnds" }, undefined, applied)!)).toEqual({ ok: false, reason: "alreadyApplied" });
  });
  it("writes the pick to the ledger, and the card shows the pick", async () => {
    const ctx = context({ index: 0, effect: 0, value: "endOfEncounter" })!;
    const outcome = await DURATION_STEP.run(ctx, {} as never);
    expect(outcome).toEqual({ ok: true, ledger: { "picked.0.0": "endOfEncounter" } });
    const view = cardView(sampleCard, GM, { seal, ledger: { picked: { 0: { 0: "endOfEncounter" } } } });
    expect(view.targets[0]?.effects[0]?.duration).toBe("endOfEncounter");
    expect(cardView(sampleCard, GM, { seal, ledger: {} }).targets[0]?.effects[0]?.duration)
      .toBe(sampleCard.targets[0]?.effects[0]?.duration);
  });
  it("a hit with effects but no damage can still be applied", () => {
    const effectsOnly = { ...sampleCard, targets: [{ ...sampleCard.targets[0]!, damage: 0 }] };
    expect(cardView(effectsOnly, GM).targets[0]?.canApply).toBe(true);
    const nothing = { ...sampleCard, targets: [{ ...sampleCard.targets[0]!, damage: 0, effects: [] }] };
    expect(cardView(nothing, GM).targets[0]?.canApply).toBe(false);
  });
});
