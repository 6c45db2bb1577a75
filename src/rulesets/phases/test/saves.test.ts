import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool, runSync } from "../../../engine/dice/plan";
import { SeededRoller } from "../../../engine/dice/roller";
import {
  DURATION_NAMES, durationMeaning, effectDuration, MARK_DURATIONS, moveEdgeDuration,
  PHASES_TIMINGS, type DurationName, type TimedCondition,
} from "../rules/durations";
import { endPhasePlan, resolveSave, saveOdds, SAVE_CHECK } from "../rules/saves";
import { activate, battleActions, usable } from "../rules/battle";
import { conditionSet, isCondition, CONDITION_RULES } from "../rules/conditions";

/**
 * phases' End phase, durations, conditions and Battle actions: 2d6, 7+ ends a save-ended effect
 * or keeps a sustained one; "until the end of the round" ends without a save; Disengage's edge
 * lasts a round more; Defend until the bearer's next turn. Source: `003_d18720f6cd315cc2.txt`
 * §End Phase, §Battle Actions, §Movement Phase; RULINGS.md §phases End phase, Conditions.
 */
const effect = (key: string, name: DurationName, round = 1): TimedCondition => ({
  key, bearer: "wren", source: "gob", condition: "slowed", armed: true,
  duration: { name, round },
});

describe("the save (003 §End Phase)", () => {
  it("2d6, 7 or higher: exactly 21 of 36", () => {
    expect(saveOdds()).toEqual({ successes: 21, total: 36 });
    expect(SAVE_CHECK).toMatchObject({ dice: 2, faces: 6, target: 7, modifier: 0, autoSuccess: null });
    expect(resolveSave([3, 4]).success).toBe(true);
    expect(resolveSave([1, 5]).success).toBe(false);
    expect(resolveSave([6, 6]).total).toBe(12);
    expect(() => resolveSave([7, 1])).toThrow(RangeError);
    let count = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (resolveSave([a, b]).success) count++;
    expect(count).toBe(21);
  });
});

describe("durations (engine timed effects)", () => {
  it("read as the engine's durations", () => {
    expect(durationMeaning({ name: "saveEnds", round: 3 }))
      .toEqual({ kind: "save", at: "roundEnd", onSuccess: "ends" });
    expect(durationMeaning({ name: "sustained", round: 3 }))
      .toEqual({ kind: "save", at: "roundEnd", onSuccess: "sustains" });
    expect(durationMeaning({ name: "endOfRound", round: 3 })).toEqual({ kind: "roundEnd", round: 3 });
    expect(durationMeaning({ name: "endOfNextRound", round: 3 })).toEqual({ kind: "roundEnd", round: 4 });
    expect(durationMeaning({ name: "untilNextTurn", round: 3 }))
      .toEqual({ kind: "turn", edge: "start", who: "bearer" });
    expect(() => durationMeaning({ name: "forever" as DurationName, round: 1 })).toThrow(RangeError);
    expect(effectDuration("saveEnds", 2)).toEqual({ name: "saveEnds", round: 2 });
    expect(moveEdgeDuration("endOfNextRound", 2)).toEqual({ name: "endOfNextRound", round: 2 });
    expect(MARK_DURATIONS).toEqual({ seized: "endOfRound", noAttack: "endOfRound", defending: "untilNextTurn" });
  });
  it("Defend ends as its bearer's next turn starts, in either phase", () => {
    const defend = effect("d", "untilNextTurn");
    expect(PHASES_TIMINGS.turnStartPlan([defend], { combatantId: "wren", phase: "movement" }).expire)
      .toEqual([defend]);
    expect(PHASES_TIMINGS.turnStartPlan([defend], { combatantId: "gob", phase: "battle" }).expire).toEqual([]);
  });
});

describe("the End phase (003 §End Phase)", () => {
  const all = [
    effect("save", "saveEnds"), effect("sus", "sustained"), effect("round", "endOfRound"),
    effect("next", "endOfNextRound"), effect("defend", "untilNextTurn"),
  ];
  it("one 2d6 per save-ended or sustained effect, labelled with its key, in order", () => {
    const plan = endPhasePlan(all, 1);
    const first = plan.next();
    expect(first.value).toEqual({ count: 2, faces: 6, label: "save" });
    const second = plan.next([1, 1]);
    expect(second.value).toEqual({ count: 2, faces: 6, label: "sus" });
  });
  it("success ends a save-ended effect and keeps a sustained one; round ends need no roll", () => {
    const ok = runFromPool(endPhasePlan(all, 1), [4, 3, 6, 1])!;
    expect(ok.used).toBe(4);
    expect(ok.value.saves.map((s) => [s.effect.key, s.success])).toEqual([["save", true], ["sus", true]]);
    expect(ok.value.ended.map((e) => e.key)).toEqual(["save", "round"]);
    expect(ok.value.kept.map((e) => e.key)).toEqual(["sus", "next", "defend"]);
    const bad = runFromPool(endPhasePlan(all, 1), [1, 5, 2, 2])!;
    expect(bad.value.ended.map((e) => e.key)).toEqual(["sus", "round"]);
    expect(bad.value.kept.map((e) => e.key)).toEqual(["save", "next", "defend"]);
  });
  it("Disengage's edge lasts through the next round's End phase; an older round-end effect ends", () => {
    const r = runFromPool(endPhasePlan([effect("next", "endOfNextRound"), effect("old", "endOfRound")], 2), [])!;
    expect(r.value.ended.map((e) => e.key)).toEqual(["next", "old"]);
    expect(runFromPool(endPhasePlan([effect("later", "endOfRound", 3)], 2), [])!.value.kept).toHaveLength(1);
  });
  it("exactly: a save-ended effect ends in 21 of 36, a sustained one ends in 15 of 36", () => {
    let ends = 0;
    let sustainedEnds = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
      const one = runFromPool(endPhasePlan([effect("s", "saveEnds"), effect("u", "sustained")], 1), [a, b, a, b])!;
      if (one.value.ended.some((e) => e.key === "s")) ends++;
      if (one.value.ended.some((e) => e.key === "u")) sustainedEnds++;
    }
    expect([ends, sustainedEnds]).toEqual([21, 15]);
  });
  it("property: every effect is ended or kept once, saves are the save-ended and sustained ones", () => {
    const name = fc.constantFrom(...DURATION_NAMES);
    fc.assert(fc.property(
      fc.array(fc.tuple(name, fc.integer({ min: 1, max: 4 })), { maxLength: 8 }),
      fc.integer({ min: 1, max: 4 }), fc.integer(),
      (specs, round, seed) => {
        const effects = specs.map(([n, r], k) => effect(`e${k}`, n, r));
        const result = runSync(endPhasePlan(effects, round), new SeededRoller(seed));
        expect(result.ended.length + result.kept.length).toBe(effects.length);
        expect(new Set([...result.ended, ...result.kept]).size).toBe(effects.length);
        const saving = effects.filter((e) => e.duration.name === "saveEnds" || e.duration.name === "sustained");
        expect(result.saves.map((s) => s.effect)).toEqual(saving);
        for (const e of effects) {
          const ended = result.ended.includes(e);
          const save = result.saves.find((s) => s.effect === e);
          switch (e.duration.name) {
            case "saveEnds": expect(ended).toBe(save!.success); break;
            case "sustained": expect(ended).toBe(!save!.success); break;
            case "endOfRound": expect(ended).toBe(e.duration.round <= round); break;
            case "endOfNextRound": expect(ended).toBe(e.duration.round + 1 <= round); break;
            case "untilNextTurn": expect(ended).toBe(false); break;
          }
        }
      },
    ), { numRuns: 500 });
  });
});

describe("conditions (RULINGS.md §phases Conditions)", () => {
  it("Dazed: Disadvantage on its attacks; Exposed: Advantage against it; Slowed stops, Immobilised forbids", () => {
    expect(CONDITION_RULES.dazed).toEqual({ ownAttacks: -1, attacksAgainst: 0, movement: "free" });
    expect(CONDITION_RULES.exposed).toEqual({ ownAttacks: 0, attacksAgainst: 1, movement: "free" });
    expect(CONDITION_RULES.slowed.movement).toBe("stops");
    expect(CONDITION_RULES.immobilised.movement).toBe("none");
    expect(conditionSet(["exposed", "dazed", "exposed"])).toEqual(["dazed", "exposed"]);
    expect([isCondition("slowed"), isCondition("prone"), isCondition(3)]).toEqual([true, false, false]);
  });
});

describe("Battle actions (003 §Battle Actions)", () => {
  const state = { moved: null, conditions: [], activatables: [{ uses: { value: 1, max: 2 } }], hasAttack: true };
  it("all five open by default; no Attack after a Run; no Disengage while Immobilised or Slowed", () => {
    expect(battleActions(state)).toEqual(["attack", "activateItem", "delay", "defend", "disengage"]);
    expect(battleActions({ ...state, moved: { forbidsAttack: true } })).not.toContain("attack");
    expect(battleActions({ ...state, hasAttack: false })).not.toContain("attack");
    expect(battleActions({ ...state, conditions: ["immobilised"] })).not.toContain("disengage");
    expect(battleActions({ ...state, conditions: ["slowed"] })).not.toContain("disengage");
    expect(battleActions({ ...state, activatables: [{ uses: { value: 0, max: 2 } }] }))
      .toEqual(["attack", "delay", "defend", "disengage"]);
  });
  it("Activate Item spends a use; at will (max 0) spends none; none left is refused", () => {
    expect(activate({ uses: { value: 2, max: 3 } })).toEqual({ ok: true, uses: { value: 1, max: 3 } });
    expect(activate({ uses: { value: 0, max: 0 } })).toEqual({ ok: true, uses: { value: 0, max: 0 } });
    expect(activate({ uses: { value: 0, max: 3 } })).toEqual({ ok: false, reason: "noUses" });
    expect(usable({ uses: { value: 0, max: 0 } })).toBe(true);
  });
});
