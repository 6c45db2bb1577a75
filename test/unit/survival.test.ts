import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { afterDeathSave, FRESH_DEATH_TRACK, hardDrop, isDead, onDropped, onHealed, planDeathSave, resolveDeathSave, stabilize, startLastGasp } from "../../src/rulesets/escalation/rules/death-save";
import { averageDie, healWithRecovery, recoveryAverage, recoveryFormula } from "../../src/rulesets/escalation/rules/recovery";
import { fullRest, quickRest, rechargeChecks, recoveriesToHeal, type PowerState } from "../../src/rulesets/escalation/rules/rest";
import { poolDistribution } from "../../src/engine/dice/distribution";

/** Exact probability that a pool's natural is at least `min`, as counts/total. */
function atLeast(plan: ReturnType<typeof planDeathSave>, min: number): number {
  const { counts, total } = poolDistribution(plan.pool);
  return counts.slice(min).reduce((a, b) => a + b, 0) / total;
}

describe("death saves (000_c2dc3d650823e22d.txt §Dying and Death)", () => {
  it("is a 13+ save: 56/216 on 3d6", () => {
    const plan = planDeathSave(FRESH_DEATH_TRACK, []);
    expect(plan.target).toBe(13);
    expect(atLeast(plan, 13)).toBeCloseTo(56 / 216, 12);
  });
  it("has 2 Disadvantage on the first save after a hard drop (5d6 keep lowest 3)", () => {
    const plan = planDeathSave({ ...FRESH_DEATH_TRACK, hardFirstSave: true }, []);
    expect(plan.pool).toMatchObject({ count: 5, keep: 3, mode: "lowest" });
    expect(atLeast(plan, 13)).toBeLessThan(56 / 216);
  });
  it("adds Enervated's Disadvantage", () => expect(planDeathSave(FRESH_DEATH_TRACK, ["enervated"]).edge).toBe(-1));
  it("a hard drop is a crit or −½ max HP or lower", () => {
    expect(hardDrop(0, 30, true)).toBe(true);
    expect(hardDrop(-14, 30, false)).toBe(false);
    expect(hardDrop(-15, 30, false)).toBe(true);
    expect(hardDrop(-7, 15, false)).toBe(false);
    expect(hardDrop(-8, 15, false)).toBe(true);
    expect(hardDrop(5, 30, true)).toBe(false);
  });
  it("reads the dice: 13+ success, natural 17+ crit, else failure", () => {
    const plan = planDeathSave(FRESH_DEATH_TRACK, []);
    expect(resolveDeathSave(plan, [4, 4, 4]).outcome).toBe("failure");
    expect(resolveDeathSave(plan, [4, 4, 5]).outcome).toBe("success");
    expect(resolveDeathSave(plan, [5, 6, 6]).outcome).toBe("crit");
  });
  it("success heals from 0 with a recovery; crit also acts now", () => {
    expect(afterDeathSave(FRESH_DEATH_TRACK, "success")).toMatchObject({ healFromZero: true, actNow: false, dead: false });
    expect(afterDeathSave(FRESH_DEATH_TRACK, "crit")).toMatchObject({ healFromZero: true, actNow: true });
  });
  it("the fourth failure in the encounter kills, and only the first save is hard", () => {
    let track = onDropped(FRESH_DEATH_TRACK, true);
    for (let i = 1; i <= 3; i++) {
      const r = afterDeathSave(track, "failure");
      expect(r.dead).toBe(false);
      expect(r.track.hardFirstSave).toBe(false);
      track = r.track;
    }
    // A success in between heals, but failures stay marked for the encounter.
    track = afterDeathSave(track, "success").track;
    expect(track.failures).toBe(3);
    const last = afterDeathSave(onDropped(track, false), "failure");
    expect(last.dead).toBe(true);
    expect(isDead(last.track)).toBe(true);
  });
  it("stabilised: failures are not marked; healing ends it; the dead cannot be stabilised", () => {
    const track = stabilize({ ...FRESH_DEATH_TRACK, failures: 3 });
    expect(afterDeathSave(track, "failure")).toMatchObject({ dead: false, track: { failures: 3 } });
    expect(onHealed(track).stabilized).toBe(false);
    expect(() => stabilize({ ...FRESH_DEATH_TRACK, failures: 4 })).toThrow(RangeError);
  });
  it("Last Gasp: success keeps HP and ends it, healing does not, a granted failed save is not marked", () => {
    const track = startLastGasp(FRESH_DEATH_TRACK);
    expect(afterDeathSave(track, "success")).toMatchObject({ healFromZero: false, lastGaspEnded: true, track: { lastGasp: false } });
    expect(onHealed(track).lastGasp).toBe(true);
    expect(afterDeathSave(track, "failure", true).track.failures).toBe(0);
    expect(afterDeathSave(track, "failure").track.failures).toBe(1);
  });
});

describe("recoveries (§Recoveries)", () => {
  it("averages each die rounded down: 2d8 → 8, not 9", () => {
    expect(recoveryAverage({ dice: 2, die: 8, bonus: 0 })).toBe(8);
    expect([4, 6, 8, 10, 12].map((d) => averageDie(d as 4))).toEqual([2, 3, 4, 5, 6]);
    expect(recoveryAverage({ dice: 3, die: 10, bonus: 4 })).toBe(19);
    expect(recoveryFormula({ dice: 3, die: 10, bonus: -2 })).toBe("3d10 - 2");
  });
  const track = { hp: 5, hpMax: 40, recoveries: 2, penalty: 0 };
  it("spends a recovery and heals, capped at max", () => {
    expect(healWithRecovery(track, 10)).toMatchObject({ track: { hp: 15, recoveries: 1, penalty: 0 }, gained: 10, usedRecovery: true });
    expect(healWithRecovery(track, 100).track.hp).toBe(40);
  });
  it("with none left: half (rounded down) and a stacking −1 penalty", () => {
    const none = { ...track, recoveries: 0 };
    const once = healWithRecovery(none, 11);
    expect(once).toMatchObject({ track: { hp: 10, recoveries: 0, penalty: 1 }, withoutRecovery: true, usedRecovery: false });
    expect(healWithRecovery(once.track, 4).track).toMatchObject({ hp: 12, penalty: 2 });
  });
  it("a Dying PC heals from 0 HP", () => {
    expect(healWithRecovery({ ...track, hp: -12 }, 9).track.hp).toBe(9);
  });
  it("a free recovery spends nothing and is not halved", () => {
    expect(healWithRecovery({ ...track, recoveries: 0 }, 8, true).track).toMatchObject({ hp: 13, recoveries: 0, penalty: 0 });
  });
  it("refuses bad amounts", () => expect(() => healWithRecovery(track, -1)).toThrow(RangeError));
  it("property: never above max, recoveries never below 0, penalty only grows when none are left", () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 80 }), (hp, max, rec, amount) => {
      const t = { hp: Math.min(hp, max), hpMax: max, recoveries: rec, penalty: 0 };
      const r = healWithRecovery(t, amount);
      expect(r.track.hp).toBeLessThanOrEqual(max);
      expect(r.track.hp).toBeGreaterThanOrEqual(Math.min(t.hp, max));
      expect(r.track.recoveries).toBeGreaterThanOrEqual(0);
      expect(r.track.penalty).toBe(rec === 0 ? 1 : 0);
    }));
  });
});

describe("rests (§Quick Rest, §Full Rest)", () => {
  const powers: PowerState[] = [
    { id: "atwill", frequency: "atWill", recharge: 11, used: false },
    { id: "enc", frequency: "encounter", recharge: 11, used: true },
    { id: "day", frequency: "daily", recharge: 11, used: true },
    { id: "r9", frequency: "recharge", recharge: 9, used: true },
    { id: "r13", frequency: "recharge", recharge: 13, used: true },
    { id: "fresh", frequency: "encounter", recharge: 11, used: false },
  ];
  const track = { hp: 4, hpMax: 30, recoveries: 3, penalty: 1 };
  it("Quick Rest: spends recoveries, restores Encounter powers, rolls each expended Recharge power", () => {
    expect(rechargeChecks(powers).map((c) => [c.id, c.plan.target])).toEqual([["r9", 9], ["r13", 13]]);
    const r = quickRest({ track, powers, heals: [8, 7], rechargeDice: { r9: [3, 3, 3], r13: [4, 4, 4] } });
    expect(r.track).toMatchObject({ hp: 19, recoveries: 1, penalty: 1 });
    expect(r.restored).toEqual(["enc", "r9"]);
    expect(r.stillExpended).toEqual(["r13"]);
    expect(r).toMatchObject({ recoveriesSpent: 2, hpGained: 15 });
  });
  it("Quick Rest refuses to spend more recoveries than are left or to skip a recharge roll", () => {
    expect(() => quickRest({ track, powers, heals: [1, 1, 1, 1], rechargeDice: { r9: [3, 3, 3], r13: [3, 3, 3] } })).toThrow(RangeError);
    expect(() => quickRest({ track, powers, heals: [], rechargeDice: { r9: [3, 3, 3] } })).toThrow(RangeError);
  });
  it("Full Rest resets HP, recoveries, every power and the penalty", () => {
    const r = fullRest({ ...track, recoveriesMax: 8 }, powers);
    expect(r.track).toEqual({ hp: 30, hpMax: 30, recoveries: 8, penalty: 0 });
    expect(r.restored).toEqual(["enc", "day", "r9", "r13"]);
    expect(r.death).toEqual(FRESH_DEATH_TRACK);
  });
  it("proposes recoveries that heal without waste, and always enough to get above Staggered", () => {
    expect(recoveriesToHeal({ hp: -3, hpMax: 30, recoveries: 8, penalty: 0 }, 8)).toBe(3);
    expect(recoveriesToHeal({ hp: 20, hpMax: 30, recoveries: 8, penalty: 0 }, 8)).toBe(1);
    expect(recoveriesToHeal({ hp: 23, hpMax: 30, recoveries: 8, penalty: 0 }, 8)).toBe(0);
    expect(recoveriesToHeal({ hp: 14, hpMax: 30, recoveries: 8, penalty: 0 }, 20)).toBe(1);
    expect(recoveriesToHeal({ hp: 0, hpMax: 30, recoveries: 1, penalty: 0 }, 8)).toBe(1);
  });
});
