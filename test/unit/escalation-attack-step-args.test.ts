import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sealAttack, type ApplyRecord } from "../../src/rulesets/escalation/play/cards/card-seal";
import {
  applyStepClaim, attackSealOf, durationRefusal, parseApplyArgs, parseDurationArgs, parseUndoArgs, pickedDurations, stepKey,
  undoReason,
} from "../../src/rulesets/escalation/play/requests/attack-steps";
import { DURATIONS } from "../../src/rulesets/escalation/rules/constants";
import { sampleCard } from "../support/fixtures";

const seal = sealAttack(sampleCard, "player1");
const author = { id: "player1", isGM: false };
const applied: ApplyRecord = {
  op: 0, by: "player1", mode: "apply", hpChange: -30, addedEffects: [], lastGasp: false,
  selfDamage: 0,
};
const withEffect = seal.targets.findIndex((t) => t.effects.length > 0);

describe("attack card step arguments", () => {
  it("parse exactly the shapes the card's buttons send", () => {
    expect(parseApplyArgs({ index: 1, mode: "half" })).toEqual({ index: 1, mode: "half" });
    expect(parseApplyArgs({ index: 1, mode: "undo" })).toBeNull();
    expect(parseApplyArgs({ index: -1, mode: "apply" })).toBeNull();
    expect(parseApplyArgs({ index: 1.5, mode: "apply" })).toBeNull();
    expect(parseApplyArgs([1])).toBeNull();
    expect(parseUndoArgs({ index: 0 })).toEqual({ index: 0 });
    expect(parseUndoArgs({ index: "0" })).toBeNull();
    expect(parseDurationArgs({ index: 0, effect: 2, value: "endOfEncounter" }))
      .toEqual({ index: 0, effect: 2, value: "endOfEncounter" });
    expect(parseDurationArgs({ index: 0, effect: 0, value: "forever" })).toBeNull();
    expect(parseDurationArgs({ index: 0, value: "saveEnds" })).toBeNull();
  });

  it("property: a parsed duration is always one of the text's", () => {
    fc.assert(fc.property(fc.anything(), (args) => {
      const parsed = parseDurationArgs(args);
      if (parsed) expect(DURATIONS as readonly string[]).toContain(parsed.value);
    }));
  });
});

describe("durationRefusal", () => {
  const request = { index: withEffect, effect: 0 };
  it("the author or a GM picks on a sealed card's effect until it is applied", () => {
    expect(withEffect).toBeGreaterThanOrEqual(0);
    expect(durationRefusal(request, seal, undefined, author)).toBeNull();
    expect(durationRefusal(request, seal, undefined, { id: "gm", isGM: true })).toBeNull();
    expect(durationRefusal(request, null, undefined, author)).toBe("unsealed");
    expect(durationRefusal(request, seal, undefined, { id: "player2", isGM: false }))
      .toBe("notAuthor");
    expect(durationRefusal({ index: withEffect, effect: 99 }, seal, undefined, author))
      .toBe("notOnCard");
    const ledger = { [String(withEffect)]: [applied] };
    expect(durationRefusal(request, seal, ledger, author)).toBe("alreadyApplied");
    const undone = { [String(withEffect)]: [applied, { ...applied, op: 1, mode: "undo" }] };
    expect(durationRefusal(request, seal, undone, author)).toBeNull();
  });
});

describe("pickedDurations", () => {
  const sealed = { ...seal.targets[0]!, effects: [
    { id: "dazed" as const, save: 11, amount: 0, damageType: "weapon" as const },
    { id: "weakened" as const, save: 11, amount: 0, damageType: "weapon" as const },
  ] };
  it("the GM's record of a pick wins, then the card as posted, then save ends", () => {
    const ledger = { picked: { "0": { "1": "endOfEncounter" } } };
    expect(pickedDurations([{ duration: "endOfNextTurn" }], ledger, 0, sealed))
      .toEqual([{ duration: "endOfNextTurn" }, { duration: "endOfEncounter" }]);
    expect(pickedDurations([], undefined, 0, sealed))
      .toEqual([{ duration: "saveEnds" }, { duration: "saveEnds" }]);
  });
  it("one duration per sealed effect, whatever the edited card lists", () => {
    const posted = [{ duration: "endOfEncounter" }, { duration: "endOfEncounter" }, { duration: "endOfEncounter" }] as const;
    expect(pickedDurations(posted, {}, 0, sealed)).toHaveLength(2);
  });
});

describe("step keys and Undo's refusals", () => {
  it("key each target's step apart", () => {
    expect(stepKey(2, 0)).toBe("t2-0");
    expect(new Set([stepKey(1, 12), stepKey(11, 2)]).size).toBe(2);
  });
  it("say which record changed since the step", () => {
    expect(undoReason("gone", "system.hp.value")).toBe("noTarget");
    expect(undoReason("changed", "system.death")).toBe("deathChangedSince");
    expect(undoReason("changed", "system.hp.value")).toBe("hpChangedSince");
  });
});

describe("who may apply or undo a target, under which claim", () => {
  const gm = { id: "gamemaster", isGM: true };
  const other = { id: "player2", isGM: false };
  const records = (ledger: unknown) => ({ seal, ledger });

  it("the author applies once, then may undo its own apply; each operation has its own claim", () => {
    expect(applyStepClaim(0, "apply", records({}), author)).toEqual({ ok: true, claim: "t0-0" });
    expect(applyStepClaim(0, "apply", records({ 0: [applied] }), author))
      .toEqual({ ok: false, reason: "alreadyApplied" });
    expect(applyStepClaim(0, "undo", records({ 0: [applied] }), author)).toEqual({ ok: true, claim: "t0-1" });
    expect(applyStepClaim(0, "undo", records({}), author)).toEqual({ ok: false, reason: "notApplied" });
  });

  it("Half, Double and Heal are the GM's; another player may do nothing; a forged seal counts for nothing", () => {
    expect(applyStepClaim(0, "half", records({}), author)).toEqual({ ok: false, reason: "gmOnly" });
    expect(applyStepClaim(0, "half", records({}), gm)).toEqual({ ok: true, claim: "t0-0" });
    expect(applyStepClaim(0, "apply", records({}), other)).toEqual({ ok: false, reason: "notAuthor" });
    expect(applyStepClaim(0, "apply", { seal: { kind: "attack" }, ledger: {} }, author))
      .toEqual({ ok: false, reason: "unsealed" });
    expect(attackSealOf({ ...seal, kind: "heal" })).toBeNull();
    expect(attackSealOf(seal)).toEqual(seal);
  });
});
