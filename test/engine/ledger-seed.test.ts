import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  judgeRoundEvent, judgeTurnEvent, pastEntries, type TrackerPosition,
} from "../../src/engine/effects/ledger";

/**
 * An encounter that ran before it kept a ledger gets one holding every edge it has passed
 * (`pastEntries`): stepping back and forward over those does nothing again, and every edge still
 * ahead is processed when it comes.
 */
const positions = fc.record({
  round: fc.integer({ min: 1, max: 6 }),
  size: fc.integer({ min: 1, max: 5 }),
  turn: fc.option(fc.nat({ max: 4 }), { nil: null }),
}).map(({ round, size, turn }): TrackerPosition => ({
  round, turn: turn === null ? null : Math.min(turn, size - 1),
  order: Array.from({ length: size }, (_, i) => `c${i}`),
}));

describe("a turn ledger seeded from where an encounter stands", () => {
  it("holds every edge passed, and none still ahead", () => {
    fc.assert(fc.property(positions, (now) => {
      const ledger = pastEntries(now);
      expect(new Set(ledger).size).toBe(ledger.length);
      for (let round = 1; round <= now.round + 1; round++) {
        const passedRound = round <= now.round;
        expect(judgeRoundEvent(ledger, { edge: "start", round }).process).toBe(!passedRound);
        expect(judgeRoundEvent(ledger, { edge: "end", round }).process).toBe(round >= now.round);
        now.order.forEach((combatantId, i) => {
          const current = round === now.round;
          const started = round < now.round || (current && now.turn !== null && i <= now.turn);
          const ended = round < now.round || (current && now.turn !== null && i < now.turn);
          const at = { ...now, turn: null };
          const start = judgeTurnEvent(ledger, { edge: "start", combatantId, round }, at);
          const end = judgeTurnEvent(ledger, { edge: "end", combatantId, round }, at);
          expect(start.process).toBe(!started);
          expect(end.process).toBe(!ended);
        });
      }
    }));
  });

  it("round 2, third turn of three: the example", () => {
    const now = { round: 2, turn: 2, order: ["a", "b", "c"] };
    expect(pastEntries(now)).toEqual([
      "round:1", "start:1:a", "1:a", "start:1:b", "1:b", "start:1:c", "1:c", "roundEnd:1",
      "round:2", "start:2:a", "2:a", "start:2:b", "2:b", "start:2:c",
    ]);
  });
});
