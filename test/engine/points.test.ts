import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canSpend, endTurn, gain, raiseFlag, spend, startCombat, startRound, startTurn, type PointsEconomy, type PointsState,
} from "../../src/engine/economy/points";

/** 004 §Actions/Turn Cheat Sheet, §Special Actions; RULINGS.md §action-points Pools, Costs. */
const AP: PointsEconomy = {
  pools: {
    ap: { full: 5, atCombatStart: 5, atTurnStart: "refill", atTurnEnd: "lose" },
    rp: { full: 2, atCombatStart: 2, atTurnStart: "refill", atTurnEnd: "keep" },
    fp: { full: 2, atCombatStart: 2, atTurnStart: "keep", atTurnEnd: "decay", decay: 1, decayUnless: "flowState" },
  },
  caps: { move: { pool: "ap", max: 2, per: "turn" } },
  limits: { step: { max: 1, per: "round" }, reactionFp: { max: 1, per: "round" } },
};

function ok(r: ReturnType<typeof spend>): PointsState {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.state;
}

describe("point pools (004_2cc57162401858c9.txt; RULINGS.md §action-points Pools)", () => {
  it("a turn: 5 AP, two moves, an attack, Flow State; unspent AP is lost and FP kept", () => {
    let s = startTurn(AP, startCombat(AP));
    expect(s.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    s = ok(spend(AP, s, "ap", 1, "move"));
    s = ok(spend(AP, s, "ap", 1, "move"));
    s = ok(spend(AP, s, "ap", 2));
    s = raiseFlag(ok(spend(AP, s, "ap", 1)), "flowState");
    expect(s.pools.ap).toBe(0);
    s = endTurn(AP, s);
    expect(s.pools).toEqual({ ap: 0, rp: 2, fp: 2 });
    expect(s.flags).toEqual([]);
  });
  it("without Flow State FP decays by 1 at the end of the turn, never below 0", () => {
    let s = startTurn(AP, startCombat(AP));
    s = endTurn(AP, s);
    expect(s.pools.fp).toBe(1);
    s = endTurn(AP, endTurn(AP, s));
    expect(s.pools.fp).toBe(0);
  });
  it("unused AP is forfeited: 3 AP left at the end of the turn are gone", () => {
    const s = endTurn(AP, ok(spend(AP, startTurn(AP, startCombat(AP)), "ap", 2)));
    expect(s.pools.ap).toBe(0);
    expect(startTurn(AP, s).pools.ap).toBe(5);
  });
  it("movement is capped at 2 AP a turn; a third move is refused, other spends are not", () => {
    let s = startTurn(AP, startCombat(AP));
    s = ok(spend(AP, s, "ap", 2, "move"));
    expect(spend(AP, s, "ap", 1, "move")).toEqual({ ok: false, reason: "capReached", pool: "ap", tag: "move" });
    expect(canSpend(AP, s, "ap", 1)).toBe(true);
    expect(canSpend(AP, startTurn(AP, s), "ap", 1, "move")).toBe(true);
  });
  it("Take a Step once per round, outside the movement cap", () => {
    let s = startTurn(AP, startCombat(AP));
    s = ok(spend(AP, s, "ap", 2, "move"));
    s = ok(spend(AP, s, "ap", 1, "step"));
    expect(spend(AP, s, "ap", 1, "step")).toMatchObject({ ok: false, reason: "limitReached" });
    expect(canSpend(AP, startTurn(AP, s), "ap", 1, "step")).toBe(false);
    expect(canSpend(AP, startRound(startTurn(AP, s)), "ap", 1, "step")).toBe(true);
  });
  it("RP refill at the start of the own turn; Total Defense's +1 RP lasts until then", () => {
    let s = startTurn(AP, startCombat(AP));
    s = ok(gain(AP, s, "rp", 1));
    s = ok(spend(AP, s, "rp", 1));
    s = ok(spend(AP, s, "rp", 2));
    expect(spend(AP, s, "rp", 1)).toEqual({ ok: false, reason: "notEnough", pool: "rp" });
    s = startTurn(AP, ok(gain(AP, startTurn(AP, s), "rp", 1)));
    expect(s.pools.rp).toBe(2);
  });
  it("FP gains: +2 hit, +3 crit, +1 killing blow, +1 for a successful reaction once per round", () => {
    let s = startCombat(AP);
    s = ok(gain(AP, s, "fp", 2));
    s = ok(gain(AP, s, "fp", 3));
    s = ok(gain(AP, s, "fp", 1));
    s = ok(gain(AP, s, "fp", 1, "reactionFp"));
    expect(gain(AP, s, "fp", 1, "reactionFp")).toMatchObject({ ok: false, reason: "limitReached" });
    expect(s.pools.fp).toBe(9);
    expect(gain(AP, startRound(s), "fp", 1, "reactionFp").ok).toBe(true);
  });
  it("a surprised combatant starts with 0 AP, RP and FP", () => {
    expect(startCombat(AP, { surprised: true }).pools).toEqual({ ap: 0, rp: 0, fp: 0 });
  });
  it("unknown pools and negative or fractional amounts are errors", () => {
    const s = startCombat(AP);
    expect(() => spend(AP, s, "mana", 1)).toThrow(/unknown point pool mana/);
    expect(() => spend(AP, s, "ap", -1)).toThrow(RangeError);
    expect(() => gain(AP, s, "fp", 0.5)).toThrow(RangeError);
  });
  it("property: pools never go negative, movement never passes 2 AP a turn, refusals change nothing", () => {
    const op = fc.oneof(
      fc.record({ k: fc.constant("spend" as const), pool: fc.constantFrom("ap", "rp", "fp"), n: fc.nat(4), tag: fc.constantFrom(undefined, "move", "step") }),
      fc.record({ k: fc.constant("gain" as const), pool: fc.constantFrom("ap", "rp", "fp"), n: fc.nat(3), tag: fc.constantFrom(undefined, "reactionFp") }),
      fc.record({ k: fc.constantFrom("turnStart" as const, "turnEnd" as const, "round" as const, "flow" as const) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      let s = startCombat(AP);
      let moved = 0;
      for (const o of ops) {
        if (o.k === "spend" || o.k === "gain") {
          const before = JSON.stringify(s);
          const r = o.k === "spend" ? spend(AP, s, o.pool, o.n, o.tag) : gain(AP, s, o.pool, o.n, o.tag);
          expect(JSON.stringify(s)).toBe(before);
          if (r.ok) {
            if (o.k === "spend" && o.tag === "move" && o.pool === "ap") moved += o.n;
            s = r.state;
          }
        } else if (o.k === "turnStart") { s = startTurn(AP, s); moved = 0; }
        else if (o.k === "turnEnd") s = endTurn(AP, s);
        else if (o.k === "round") s = startRound(s);
        else s = raiseFlag(s, "flowState");
        for (const v of Object.values(s.pools)) expect(v).toBeGreaterThanOrEqual(0);
        expect(moved).toBeLessThanOrEqual(2);
      }
    }));
  });
});
