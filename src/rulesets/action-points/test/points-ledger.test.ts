import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  endTurn, gain, raiseFlag, spend, startCombat, startRound, startTurn, type PointsState,
} from "../../../engine/economy/points";
import { apEconomy, FLOW_STATE, TAGS } from "../rules/pools";
import { PointsLedger } from "../encounter/points-ledger";

/**
 * The runner's pools played in place (`PointsLedger`) against the engine's pure point economy over
 * `apEconomy`: random sequences of spends, gains, flags and turn and round edges give the same
 * state and the same refusals after every step. Source: RULINGS.md §action-points Pools, Costs.
 */
const POOLS = ["ap", "rp", "fp"] as const;
const TAG = fc.constantFrom(undefined, ...Object.values(TAGS));
const op = fc.oneof(
  fc.record({ kind: fc.constant("spend" as const), pool: fc.constantFrom(...POOLS), amount: fc.integer({ min: 0, max: 4 }), tag: TAG }),
  fc.record({ kind: fc.constant("gain" as const), pool: fc.constantFrom(...POOLS), amount: fc.integer({ min: 0, max: 4 }), tag: TAG }),
  fc.record({ kind: fc.constantFrom("startTurn" as const, "endTurn" as const, "startRound" as const, "flow" as const) }),
);

/** The engine's state with its tallies' untouched tags left out (the ledger keeps none). */
const normal = (s: PointsState) => ({
  pools: s.pools, flags: s.flags,
  tallies: {
    turn: Object.fromEntries(Object.entries(s.tallies.turn).filter(([, t]) => t.uses > 0)),
    round: Object.fromEntries(Object.entries(s.tallies.round).filter(([, t]) => t.uses > 0)),
  },
});

describe("the runner's points ledger is the engine's point economy in place", () => {
  it("after every step of random sequences, with the same refusals", () => {
    fc.assert(fc.property(
      fc.record({ ap: fc.integer({ min: 0, max: 8 }), rp: fc.integer({ min: 0, max: 4 }), fp: fc.integer({ min: 0, max: 4 }) }),
      fc.boolean(), fc.array(op, { maxLength: 40 }),
      (pools, surprised, ops) => {
        const econ = apEconomy({ pools });
        let state = startCombat(econ, { surprised });
        const ledger = new PointsLedger(econ, surprised);
        expect(ledger.snapshot()).toEqual(normal(state));
        for (const o of ops) {
          if (o.kind === "spend" || o.kind === "gain") {
            const r = (o.kind === "spend" ? spend : gain)(econ, state, o.pool, o.amount, o.tag);
            const refused = ledger[o.kind](o.pool, o.amount, o.tag);
            expect(refused).toBe(r.ok ? null : r.reason);
            if (r.ok) state = r.state;
          } else if (o.kind === "startTurn") {
            state = startTurn(econ, state);
            ledger.startTurn();
          } else if (o.kind === "endTurn") {
            state = endTurn(econ, state);
            ledger.endTurn();
          } else if (o.kind === "startRound") {
            state = startRound(state);
            ledger.startRound();
          } else {
            state = raiseFlag(state, FLOW_STATE);
            ledger.raiseFlag(FLOW_STATE);
          }
          expect(ledger.snapshot()).toEqual(normal(state));
        }
        ledger.reset(surprised);
        expect(ledger.snapshot()).toEqual(normal(startCombat(econ, { surprised })));
      },
    ), { numRuns: 1000 });
  });

  it("refuses a third AP of movement in a turn and a second step in a round (004 §Movement)", () => {
    const ledger = new PointsLedger(apEconomy({ pools: { ap: 5, rp: 2, fp: 2 } }));
    expect(ledger.spend("ap", 2, TAGS.move)).toBeNull();
    expect(ledger.spend("ap", 1, TAGS.move)).toBe("capReached");
    expect(ledger.spend("ap", 1, TAGS.step)).toBeNull();
    expect(ledger.spend("ap", 1, TAGS.step)).toBe("limitReached");
    ledger.startTurn();
    expect(ledger.spend("ap", 2, TAGS.move)).toBeNull();
    expect(ledger.spend("ap", 1, TAGS.step)).toBe("limitReached");
    ledger.startRound();
    expect(ledger.spend("ap", 1, TAGS.step)).toBeNull();
  });
});
