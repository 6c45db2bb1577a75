import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { damageApplied } from "../../src/rulesets/shock/play/cards/apply-damage";
import type { ShockResult } from "../../src/rulesets/shock/play/cards/card-seal";
import { cancelledResult, type TargetState } from "../../src/rulesets/shock/play/cards/resolve";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";

/**
 * What applying a settled shock result does now (the decision of `foundry/gm/apply.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Damage, §Shock, §Total Defense, §Execution Attacks.
 */
const result = (over: Partial<ShockResult> = {}): ShockResult => ({
  hit: true, amount: 5, kind: "hit", swarm: false, damageFormula: "", dice: [], ...over,
});
const round = { budget: FRESH_BUDGET, totalDefense: false, charging: false, shieldUsed: false };
const target = (over: Partial<TargetState> = {}, inCombat = round): TargetState =>
  ({ ac: 13, shield: false, combat: inCombat, ...over });
const shock = result({ hit: false, kind: "shock", amount: 2 });
const execution = (saved: boolean, outcome?: "unconscious") =>
  result({ amount: saved ? 8 : 0, execution: { natural: 3, total: 3, target: 14, saved, outcome } });

describe("damage applied", () => {
  it("a hit deals its damage in full, whatever the guard", () => {
    const guarded = target({ shield: true }, { ...round, totalDefense: true });
    expect(damageApplied(result(), guarded, 9, true))
      .toEqual({ dealt: 5, absorbedBy: null, shieldSpent: false, knockedOut: false });
  });

  it("a ready shield takes a miss's Shock, spent only in a combat's round", () => {
    expect(damageApplied(shock, target({ shield: true }), 9, true))
      .toEqual({ dealt: 0, absorbedBy: "shield", shieldSpent: true, knockedOut: false });
    expect(damageApplied(shock, target({ shield: true }), 9, false).shieldSpent).toBe(false);
    // Used this round, it takes nothing more.
    expect(damageApplied(shock, target({ shield: true }, { ...round, shieldUsed: true }), 9, true))
      .toEqual({ dealt: 2, absorbedBy: null, shieldSpent: false, knockedOut: false });
  });

  it("Total Defense stops a swarm's Shock, a shield does not", () => {
    const swarm = result({ hit: false, kind: "shock", amount: 3, swarm: true });
    expect(damageApplied(swarm, target({ shield: true }), 9, true).dealt).toBe(3);
    expect(damageApplied(swarm, target({}, { ...round, totalDefense: true }), 9, true))
      .toMatchObject({ dealt: 0, absorbedBy: "totalDefense", shieldSpent: false });
  });

  it("a failed execution save takes all the HP the target has now; non-lethal, it knocks out", () => {
    expect(damageApplied(execution(false), target(), 11, true))
      .toEqual({ dealt: 11, absorbedBy: null, shieldSpent: false, knockedOut: false });
    expect(damageApplied(execution(false, "unconscious"), target(), 4, true))
      .toEqual({ dealt: 4, absorbedBy: null, shieldSpent: false, knockedOut: true });
  });

  it("a saved execution deals the attack's maximum as a hit, never knocking out", () => {
    expect(damageApplied(execution(true, "unconscious"), target(), 20, true))
      .toEqual({ dealt: 8, absorbedBy: null, shieldSpent: false, knockedOut: false });
  });

  it("never deals more than a hit's amount or the HP a failed save takes; a spent shield absorbed (property)", () => {
    fc.assert(fc.property(
      fc.constantFrom<ShockResult["kind"]>("hit", "shock", "none"), fc.nat(20), fc.boolean(),
      fc.boolean(), fc.boolean(), fc.boolean(), fc.nat(30), fc.boolean(),
      (kind, amount, swarm, shield, totalDefense, shieldUsed, hp, inRound) => {
        const r = result({ kind, amount, swarm, hit: kind === "hit" });
        const got = damageApplied(r, target({ shield }, { ...round, totalDefense, shieldUsed }), hp, inRound);
        expect(got.dealt).toBeLessThanOrEqual(kind === "none" ? 0 : amount);
        expect(got.knockedOut).toBe(false);
        if (got.shieldSpent) expect(got.absorbedBy === "shield" && inRound && shield && !shieldUsed).toBe(true);
      },
    ));
  });
});

describe("an attack whose attacker a Snap Attack felled first (§Make a Snap Attack)", () => {
  it("deals nothing, not even Shock, through any guard, and says it was cancelled", () => {
    const r = cancelledResult();
    expect(r).toMatchObject({ hit: false, amount: 0, kind: "none", cancelled: true });
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.nat(30), (shield, inRound, hp) => {
      const applied = damageApplied(r, target({ shield }), hp, inRound);
      expect(applied).toMatchObject({ dealt: 0, shieldSpent: false, knockedOut: false });
    }), { seed: 1415 });
    // A fresh object each time: a card's ledger never shares it.
    expect(cancelledResult()).not.toBe(r);
  });
});
