import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { opportunityCandidate, snapCandidate, type Fighter } from "../../src/rulesets/shock/play/cards/fighter";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * A combatant read once from the documents, as the Attack of Opportunity and Snap Attack rules
 * read it. Source: `002_5e27cdf788b28f5f.txt` §Combat Actions, §Make a Snap Attack, §Surprise.
 */
const fighter = fc.record({
  id: fc.constantFrom("a", "b"), side: fc.constantFrom("party", "foes"),
  at: fc.option(fc.record({ x: fc.nat(500), y: fc.nat(500), width: fc.constant(1), height: fc.constant(1) }), { nil: null }),
  block: fc.option(fc.boolean().map((snapAttack) => ({ ...wielder(), snapAttack })), { nil: null }),
  up: fc.boolean(), budget: fc.record({ main: fc.boolean(), moves: fc.nat(2), disengaged: fc.boolean(), holding: fc.boolean() }),
  held: fc.boolean(), surprised: fc.boolean(),
}) as fc.Arbitrary<Fighter>;

describe("who may take an Attack of Opportunity", () => {
  it("an actor standing, of a side not surprised in the others' free round, with its weapons", () => {
    fc.assert(fc.property(fighter, (f) => {
      const c = opportunityCandidate(f);
      expect(c.able).toBe(f.block !== null && f.up && !f.surprised);
      expect(c.weapons).toEqual(f.block?.weapons ?? []);
      expect({ id: c.id, side: c.side, at: c.at, held: c.held })
        .toEqual({ id: f.id, side: f.side, at: f.at, held: f.held });
    }), { seed: 1413 });
  });
});

describe("who may snap", () => {
  it("an actor standing; a surprised side's Main reads as spent, nothing else changes", () => {
    fc.assert(fc.property(fighter, (f) => {
      const c = snapCandidate(f);
      expect(c.able).toBe(f.block !== null && f.up);
      expect(c.maySnap).toBe(f.block?.snapAttack ?? false);
      expect(c.budget).toEqual(f.surprised ? { ...f.budget, main: true } : f.budget);
      expect(c.weapons).toEqual(f.block?.weapons ?? []);
    }), { seed: 1414 });
  });

  it("a fresh, surprised PC is offered no Instant: its Main is spent", () => {
    const f: Fighter = {
      id: "a", side: "party", at: null, block: wielder(), up: true, budget: FRESH_BUDGET, held: false,
      surprised: true,
    };
    expect(snapCandidate(f).budget.main).toBe(true);
    expect(snapCandidate({ ...f, surprised: false }).budget.main).toBe(FRESH_BUDGET.main);
  });
});
