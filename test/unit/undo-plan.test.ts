import { describe, expect, it } from "vitest";
import { planUndo } from "../../src/rulesets/escalation/foundry/chat/undo-plan";
import type { ApplyRecord } from "../../src/rulesets/escalation/foundry/chat/card-seal";
import { FRESH_DEATH_TRACK } from "../../src/rulesets/escalation/rules/death-save";

const step = (hpChange: number, extra: Partial<ApplyRecord> = {}): ApplyRecord => ({
  op: 0, by: "p", mode: "apply", hpChange, deathBefore: null, deathAfter: null, addedEffects: [], lastGasp: false, selfDamage: 0, ...extra,
});

describe("Undo reverses the recorded change, exactly or not at all", () => {
  it("gives back the damage dealt, keeping hits taken since", () => {
    // 30 → 18 by this card, then 5 more from another hit: undo gives 12 back, not 30.
    expect(planUndo(step(-12), { hp: 13, hpMax: 30, isPC: false, death: null })).toEqual({ ok: true, hp: 25, death: null });
  });
  it("an NPC dropped to 0 gets back what it had left", () => {
    expect(planUndo(step(-7), { hp: 0, hpMax: 30, isPC: false, death: null })).toEqual({ ok: true, hp: 7, death: null });
  });
  it("refuses when reversing would pass the maximum (healed since)", () => {
    expect(planUndo(step(-12), { hp: 25, hpMax: 30, isPC: false, death: null })).toEqual({ ok: false, reason: "hpChangedSince" });
  });
  it("restores a character's death track, unless a death save moved it since", () => {
    const dying = { ...FRESH_DEATH_TRACK, hardFirstSave: true };
    const rec = step(-20, { deathBefore: FRESH_DEATH_TRACK, deathAfter: dying });
    expect(planUndo(rec, { hp: -5, hpMax: 30, isPC: true, death: dying })).toEqual({ ok: true, hp: 15, death: FRESH_DEATH_TRACK });
    const saved = { ...dying, failures: 1 };
    expect(planUndo(rec, { hp: -5, hpMax: 30, isPC: true, death: saved })).toEqual({ ok: false, reason: "deathChangedSince" });
  });
  it("undoes healing too", () => {
    expect(planUndo(step(8, { mode: "heal" }), { hp: 3, hpMax: 30, isPC: true, death: null })).toEqual({ ok: true, hp: -5, death: null });
    expect(planUndo(step(8, { mode: "heal" }), { hp: 3, hpMax: 30, isPC: false, death: null })).toEqual({ ok: false, reason: "hpChangedSince" });
  });
});
