import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  effectsEndingWithSource, judgeRoundEvent, judgeTurnEvent, ledgerEntry, namedTimings, resolveSaves, roundEndPlan,
  startsArmed, TIMINGS, turnEndPlan, turnStartPlan, type Timed, type TimedDuration, type TimedEffect, type TurnEvent,
} from "../../src/engine/effects/timed";
import * as esc from "../../src/rulesets/escalation/rules/durations";
import { DURATIONS, type Duration } from "../../src/rulesets/escalation/rules/constants";

const effect = (key: string, duration: TimedDuration, over: Partial<TimedEffect> = {}): TimedEffect => ({
  key, bearer: "B", source: "S", duration, armed: true, ...over,
});
const keys = (es: readonly { readonly key: string }[]): string[] => es.map((e) => e.key);
/** Two plans list the same effects (by key) under each of the second's headings. */
const same = (a: Record<string, readonly { key: string }[]>, b: Record<string, readonly { key: string }[]>): void => {
  for (const k of Object.keys(b)) expect(keys(a[k] ?? [])).toEqual(keys(b[k] ?? []));
};

/** Escalation's durations on the neutral shapes (how escalation will move onto this file). */
const NEUTRAL: Record<Duration, TimedDuration> = {
  saveEnds: { kind: "save", at: "bearerTurnEnd", onSuccess: "ends" },
  endOfNextTurn: { kind: "turn", edge: "end", who: "bearer" },
  endOfSourceNextTurn: { kind: "turn", edge: "end", who: "source" },
  endOfEncounter: { kind: "encounter" },
};

describe("timed effects (RULINGS.md §escalation Instances, §shock Shock, §phases End phase)", () => {
  it("until the start of the bearer's next turn (Total Defense): outlasts the turn it is taken in", () => {
    const td = effect("td", { kind: "turn", edge: "start", who: "bearer" }, { bearer: "B" });
    expect(startsArmed(td, { combatantId: "B" })).toBe(true);
    expect(turnEndPlan([td], { combatantId: "B" }).expire).toEqual([]);
    expect(turnStartPlan([td], { combatantId: "A" }).expire).toEqual([]);
    expect(keys(turnStartPlan([td], { combatantId: "B" }).expire)).toEqual(["td"]);
  });
  it("until the end of the bearer's next turn, applied on its own turn, arms then expires a turn later", () => {
    const d: TimedDuration = { kind: "turn", edge: "end", who: "bearer" };
    let e = effect("e", d, { armed: startsArmed(effect("e", d), { combatantId: "B" }) });
    expect(e.armed).toBe(false);
    const first = turnEndPlan([e], { combatantId: "B" });
    expect(keys(first.arm)).toEqual(["e"]);
    expect(first.expire).toEqual([]);
    e = { ...e, armed: true };
    expect(keys(turnEndPlan([e], { combatantId: "B" }).expire)).toEqual(["e"]);
  });
  it("until the end of a round: this round's or the next (phases' Disengage)", () => {
    const now = effect("now", { kind: "roundEnd", round: 3 });
    const next = effect("next", { kind: "roundEnd", round: 4 });
    expect(keys(roundEndPlan([now, next], 3).expire)).toEqual(["now"]);
    expect(keys(roundEndPlan([now, next], 4).expire)).toEqual(["now", "next"]);
  });
  it("phases' End phase: one save per effect; success ends a save-ends effect and keeps a sustained one", () => {
    const dazed = effect("dazed", { kind: "save", at: "roundEnd", onSuccess: "ends" }, { bearer: "X" });
    const zone = effect("zone", { kind: "save", at: "roundEnd", onSuccess: "sustains" }, { bearer: "Y" });
    const plan = roundEndPlan([dazed, zone, effect("enc", { kind: "encounter" })], 1);
    expect(keys(plan.saves)).toEqual(["dazed", "zone"]);
    const allPass = resolveSaves(plan.saves, () => true);
    expect([keys(allPass.ended), keys(allPass.kept)]).toEqual([["dazed"], ["zone"]]);
    const allFail = resolveSaves(plan.saves, () => false);
    expect([keys(allFail.ended), keys(allFail.kept)]).toEqual([["zone"], ["dazed"]]);
  });
  it("the save check is pluggable: phases' 2d6 ≥ 7 from scripted dice", () => {
    const dice = [[3, 3], [4, 3]];
    const saves = [1, 2].map((i) => effect(`s${i}`, { kind: "save", at: "roundEnd", onSuccess: "ends" }));
    const r = resolveSaves(saves, () => (dice.shift() ?? [1, 1]).reduce((a, b) => a + b, 0) >= 7);
    expect(keys(r.ended)).toEqual(["s2"]);
  });
  it("a turn narrowed to a phase: phases' Defend ends at the start of the bearer's next Battle turn", () => {
    const defend = effect("def", { kind: "turn", edge: "start", who: "bearer", phase: "battle" });
    expect(turnStartPlan([defend], { combatantId: "B", phase: "movement" }).expire).toEqual([]);
    expect(keys(turnStartPlan([defend], { combatantId: "B", phase: "battle" }).expire)).toEqual(["def"]);
  });
  it("effects waiting for the source's turns end when the source is out of the fight", () => {
    const a = effect("a", { kind: "turn", edge: "end", who: "source" });
    const b = effect("b", { kind: "turn", edge: "start", who: "source" });
    const c = effect("c", { kind: "turn", edge: "end", who: "bearer" });
    expect(keys(effectsEndingWithSource([a, b, c], "S"))).toEqual(["a", "b"]);
  });
  it("property: the same plans as escalation's endOfTurnPlan and startsArmed on its four durations", () => {
    const ids = fc.constantFrom("A", "B", "C");
    const arb = fc.record({ duration: fc.constantFrom(...DURATIONS), bearer: ids, source: ids, armed: fc.boolean() });
    fc.assert(fc.property(fc.array(arb, { maxLength: 8 }), ids, fc.option(ids, { nil: null }), (raw, owner, current) => {
      const old = raw.map((r, i): esc.TimedEffect => ({ key: `k${i}`, condition: "dazed", saveTarget: 11, amount: 0, damageType: "weapon", ...r }));
      const neutral = raw.map((r, i): TimedEffect => ({ key: `k${i}`, bearer: r.bearer, source: r.source, armed: r.armed, duration: NEUTRAL[r.duration] }));
      const a = esc.endOfTurnPlan(old, owner);
      const b = turnEndPlan(neutral, { combatantId: owner });
      expect([keys(b.saves), keys(b.expire), keys(b.arm)]).toEqual([a.saves, a.expire, a.arm].map((l) => l.map((e) => e.key)));
      raw.forEach((r, i) => {
        expect(startsArmed(neutral[i] as TimedEffect, current === null ? null : { combatantId: current })).toBe(esc.startsArmed(r, current));
      });
      expect(keys(effectsEndingWithSource(neutral, owner))).toEqual(esc.effectsEndingWithSource(old, owner).map((e) => e.key));
    }));
  });
});

describe("named durations: a ruleset's stored words read as the engine's (Timings)", () => {
  const PHASED = namedTimings({
    defend: { kind: "turn", edge: "start", who: "bearer", phase: "battle" },
    seize: { kind: "roundEnd", round: 2 },
    endPhase: { kind: "save", at: "roundEnd", onSuccess: "sustains" },
    held: { kind: "turn", edge: "end", who: "source" },
  } satisfies Record<string, TimedDuration>);
  type Word = "defend" | "seize" | "endPhase" | "held";
  it("property: every rule gives what it gives the same effects carrying the durations themselves", () => {
    const ids = fc.constantFrom("A", "B", "C");
    const word = fc.constantFrom<Word>("defend", "seize", "endPhase", "held");
    const arb = fc.record({ duration: word, bearer: ids, source: ids, armed: fc.boolean() });
    const phase = fc.option(fc.constantFrom("movement", "battle"), { nil: undefined });
    fc.assert(fc.property(fc.array(arb, { maxLength: 8 }), ids, phase, fc.nat(4), (raw, who, ph, round) => {
      const named: Timed<Word>[] = raw.map((r, i) => ({ key: `k${i}`, ...r }));
      const direct: TimedEffect[] = named.map((e) => ({ ...e, duration: PHASED.meaning(e.duration) }));
      const turn = { combatantId: who, phase: ph };
      same(PHASED.turnEndPlan(named, turn), TIMINGS.turnEndPlan(direct, turn));
      same(PHASED.turnStartPlan(named, turn), TIMINGS.turnStartPlan(direct, turn));
      same(PHASED.roundEndPlan(named, round), TIMINGS.roundEndPlan(direct, round));
      expect(keys(PHASED.effectsEndingWithSource(named, who))).toEqual(keys(effectsEndingWithSource(direct, who)));
      named.forEach((e, i) => {
        const d = direct[i] as TimedEffect;
        expect(PHASED.watchedCombatant(e)).toBe(TIMINGS.watchedCombatant(d));
        expect(PHASED.startsArmed(e, turn)).toBe(TIMINGS.startsArmed(d, turn));
        expect(PHASED.savesAtTurnEnd(e)).toBe(TIMINGS.savesAtTurnEnd(d));
      });
    }));
  });
  it("a word the ruleset never named is refused", () => {
    expect(() => PHASED.watchedCombatant({ duration: "forever" as Word, bearer: "A", source: "B" })).toThrow(RangeError);
  });
  it("escalation's reading by comparison is its table of meanings, and refuses a word it lacks", () => {
    expect(esc.DURATION_MEANINGS).toEqual(NEUTRAL);
    for (const d of DURATIONS) expect(esc.DURATION_TIMINGS.meaning(d)).toBe(esc.DURATION_MEANINGS[d]);
    expect(() => esc.DURATION_TIMINGS.meaning("forever" as Duration)).toThrow(RangeError);
  });
});

describe("the turn ledger (000 §Actions; generalised from escalation's turn-ledger.ts)", () => {
  it("stepping back and forward: each turn end and start is processed once", () => {
    let ledger: readonly string[] = [];
    const order = ["A", "B", "C"];
    const done: string[] = [];
    const step = (edge: "start" | "end", id: string, round: number, turn: number): void => {
      const v = judgeTurnEvent(ledger, { edge, combatantId: id, round }, { round, turn, order });
      ledger = v.ledger;
      if (v.process) done.push(`${edge} ${id}`);
    };
    step("start", "A", 1, 0); step("end", "A", 1, 1); step("start", "B", 1, 1);
    // The GM steps back to A (B's turn is left, not over: it stands after the current turn)…
    step("end", "B", 1, 0); step("start", "A", 1, 0);
    // …and forward again, then on to C.
    step("end", "A", 1, 1); step("start", "B", 1, 1); step("end", "B", 1, 2); step("start", "C", 1, 2);
    // Back to B and forward to C once more: nothing is repeated.
    step("end", "C", 1, 1); step("start", "B", 1, 1); step("end", "B", 1, 2); step("start", "C", 1, 2);
    expect(done).toEqual(["start A", "end A", "start B", "end B", "start C"]);
  });
  it("the last turn of a round ends after the round advanced, keyed by its own round", () => {
    const v = judgeTurnEvent([], { edge: "end", combatantId: "C", round: 1 }, { round: 2, turn: 0, order: ["A", "B", "C"] });
    expect(v.process).toBe(true);
    expect(v.ledger).toEqual(["1:C"]);
    expect(judgeTurnEvent(v.ledger, { edge: "end", combatantId: "C", round: 2 }, { round: 2, turn: 2, order: ["A", "B", "C"] }).process).toBe(true);
  });
  it("a delayed turn is put off, not over; phases' two turns a round are told apart", () => {
    const putOff = judgeTurnEvent([], { edge: "end", combatantId: "A", round: 1 }, { round: 1, turn: 0, order: ["B", "A"] });
    expect(putOff).toEqual({ process: false, ledger: [] });
    const mv: TurnEvent = { edge: "end", combatantId: "A", round: 1, phase: "movement" };
    const v = judgeTurnEvent([], mv, { round: 1, phase: "movement", turn: 1, order: ["A", "B"] });
    const w = judgeTurnEvent(v.ledger, { ...mv, phase: "battle" }, { round: 1, phase: "battle", turn: 1, order: ["A", "B"] });
    expect([v.process, w.process]).toEqual([true, true]);
    expect(w.ledger).toEqual(["1@movement:A", "1@battle:A"]);
  });
  it("round and phase edges are processed once each", () => {
    const a = judgeRoundEvent([], { edge: "start", round: 2 });
    const b = judgeRoundEvent(a.ledger, { edge: "start", round: 2 });
    const c = judgeRoundEvent(b.ledger, { edge: "end", round: 2, phase: "end" });
    expect([a.process, b.process, c.process]).toEqual([true, false, true]);
    expect(c.ledger).toEqual(["round:2", "roundEnd:2@end"]);
  });
  it("property: without phases, entries are the ones escalation stored (ledgers in worlds stay valid)", () => {
    // escalation now uses these functions; before, it keyed ends by `turnKey` (`3:abc`), starts by
    // `start:3:abc` and round starts by `round:3`, and worlds keep those ledgers.
    fc.assert(fc.property(fc.constantFrom("A", "B", "x1y2"), fc.integer({ min: 0, max: 99 }), (id, round) => {
      expect(ledgerEntry({ edge: "end", combatantId: id, round })).toBe(esc.turnKey(round, id));
      expect(ledgerEntry({ edge: "start", combatantId: id, round })).toBe(`start:${esc.turnKey(round, id)}`);
      expect(judgeRoundEvent([], { edge: "start", round }).ledger).toEqual([`round:${round}`]);
    }));
  });
});
