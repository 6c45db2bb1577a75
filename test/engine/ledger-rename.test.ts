import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  judgeTurnEvent, ledgerEntry, renamedInLedger, type TurnEvent,
} from "../../src/engine/effects/ledger";

/**
 * A unit back under a new combatant id keeps the turns it had (`renamedInLedger`): each of its
 * turn entries, in a round of one pass or of phases, becomes the new id's; nothing else changes.
 */
describe("a turn ledger renamed to a unit's new combatant id", () => {
  it("renames its turn starts and ends, in phases too; round edges and others stay", () => {
    const ledger = [
      "round:2", "start:2:combatantwenna01", "2:combatantwenna01", "roundEnd:2",
      "start:3@battle:combatantwenna01", "start:3:combatantother01", "round:3@battle",
    ];
    expect(renamedInLedger(ledger, "combatantwenna01", "combatantwenna02")).toEqual([
      "round:2", "start:2:combatantwenna02", "2:combatantwenna02", "roundEnd:2",
      "start:3@battle:combatantwenna02", "start:3:combatantother01", "round:3@battle",
    ]);
  });

  it("an entry the new id has already is not repeated", () => {
    expect(renamedInLedger(["start:2:a0000000000000aa", "start:2:b0000000000000bb"],
      "a0000000000000aa", "b0000000000000bb")).toEqual(["start:2:b0000000000000bb"]);
  });

  it("what was processed for the old id is not processed again for the new one", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 9 }), fc.constantFrom("start", "end"),
      fc.option(fc.constantFrom("move", "battle"), { nil: undefined }),
      (round, edge, phase) => {
        const old: TurnEvent = { combatantId: "combatantold0001", edge, round, phase };
        const now: TurnEvent = { ...old, combatantId: "combatantnew0001" };
        const ledger = renamedInLedger([ledgerEntry(old)], "combatantold0001", "combatantnew0001");
        const position = { round, phase, turn: 0, order: ["combatantnew0001"] };
        expect(judgeTurnEvent(ledger, now, position).process).toBe(false);
        expect(ledger).toEqual([ledgerEntry(now)]);
      },
    ));
  });
});
