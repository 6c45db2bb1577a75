import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  actsInSurprise, economyEdges, nextSurpriseTurn, ONE_PASS, stepOrders, type RoundStep,
} from "../../src/engine/turns/scheme";
import { phaseOrders } from "../../src/engine/initiative/phases";
import type { PointsEconomy } from "../../src/engine/economy/points";
import { ACTION_ECONOMY } from "../../src/rulesets/escalation/rules/actions";
import { ESCALATION_TURNS } from "../../src/rulesets/escalation/rules/turn-scheme";
import { nextAmbusherTurn } from "../../src/rulesets/escalation/rules/surprise";
import { SHOCK_TURNS } from "../../src/rulesets/shock/rules/turn-scheme";

/**
 * The turn scheme's pure parts (src/engine/turns/scheme.ts): the edges an economy resets at, the
 * steps of a round (phases fit the shape), the surprise round's turns.
 */

/**
 * action-points' pools as 004 describes them (§Actions/Turn Cheat Sheet, §Reactions, Flow State):
 * AP 5 back at the own turn's start and lost at its end, at most 2 AP of movement a turn; RP 2 back
 * at the own turn's start; FP 2 at the start, −1 at the turn's end unless Flow State; some special
 * actions once a round.
 */
const ACTION_POINTS: PointsEconomy = {
  pools: {
    ap: { full: 5, atCombatStart: 5, atTurnStart: "refill", atTurnEnd: "lose" },
    rp: { full: 2, atCombatStart: 2, atTurnStart: "refill", atTurnEnd: "keep" },
    fp: { full: 2, atCombatStart: 2, atTurnStart: "keep", atTurnEnd: "decay", decay: 1,
      decayUnless: "flowState" },
  },
  caps: { movement: { pool: "ap", max: 2, per: "turn" } },
  limits: { takeAStep: { max: 1, per: "round" } },
};

/** phases' round (003 §Combat Round): Initiative, Movement lowest first, Battle highest, End. */
const PHASES: readonly RoundStep[] = [
  { id: "initiative", order: "none" },
  { id: "movement", order: "reversed", markedLast: "seize" },
  { id: "battle", order: "initiative", markedLast: "seize" },
  { id: "end", order: "none" },
];

describe("the edges an economy resets at", () => {
  it("escalation: turn slots at the turn's start, the Interrupt at the round's", () => {
    expect(economyEdges({ kind: "slots", slots: ACTION_ECONOMY })).toEqual(["turnStart", "roundStart"]);
    expect(economyEdges(ESCALATION_TURNS.economy)).toEqual(["turnStart", "roundStart"]);
  });
  it("shock: the whole budget at the round's start", () => {
    expect(economyEdges(SHOCK_TURNS.economy)).toEqual(["roundStart"]);
  });
  it("action-points: AP and RP back at the turn's start, AP lost and FP decaying at its end, "
    + "once-a-round limits at the round's start", () => {
    expect(economyEdges({ kind: "points", points: ACTION_POINTS }))
      .toEqual(["turnStart", "turnEnd", "roundStart"]);
    const keepAll: PointsEconomy = {
      pools: { x: { full: 1, atCombatStart: 1, atTurnStart: "keep", atTurnEnd: "keep" } },
      caps: {}, limits: {},
    };
    expect(economyEdges({ kind: "points", points: keepAll })).toEqual([]);
  });
});

describe("the steps of a round", () => {
  it("one ordered pass keeps the initiative order", () => {
    expect(stepOrders(ONE_PASS, ["a", "b", "c"])).toEqual(new Map([["turns", ["a", "b", "c"]]]));
  });
  it("phases' Movement and Battle orders are the engine's phaseOrders, seizers included", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      (order, seize) => {
        const seizers = order.filter((_, i) => seize[i]);
        const steps = stepOrders(PHASES, order, { seize: seizers });
        const expected = phaseOrders(order, seizers);
        expect(steps.get("movement")).toEqual(expected.movement);
        expect(steps.get("battle")).toEqual(expected.battle);
        expect(steps.get("initiative")).toEqual([]);
        expect(steps.get("end")).toEqual([]);
      },
    ));
  });
  it("refuses repeated ids", () => {
    expect(() => stepOrders(ONE_PASS, ["a", "a"])).toThrow(RangeError);
  });
});

describe("the surprise round", () => {
  it("escalation's marked ambushers act; the next turn is escalation's nextAmbusherTurn", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 5 }),
      fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 2 }),
      fc.integer({ min: -1, max: 5 }),
      (turns, ambushers, from) => {
        const spec = ESCALATION_TURNS.surprise!;
        const acts = turns.map((id) => actsInSurprise(spec, ambushers, { id, group: "" }));
        expect(nextSurpriseTurn(acts, from)).toBe(nextAmbusherTurn(turns, ambushers, from));
      },
    ));
  });
  it("shock's surprised sides sit out: only the others' combatants take turns", () => {
    const spec = SHOCK_TURNS.surprise!;
    const sides = ["party", "party", "foes", "party"];
    const acts = sides.map((group, i) => actsInSurprise(spec, ["party"], { id: `c${i}`, group }));
    expect(acts).toEqual([false, false, true, false]);
    expect(nextSurpriseTurn(acts, -1)).toBe(2);
    expect(nextSurpriseTurn(acts, 2)).toBeNull();
    expect(nextSurpriseTurn([], -1)).toBeNull();
  });
});
