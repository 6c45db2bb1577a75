import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isPutOff, judgeRoundStart, judgeTurnEvent, ledgerEntry, turnAfterReorder, type TrackerPosition, type TurnEvent,
} from "../../src/rulesets/escalation/rules/turn-ledger";

/**
 * A model of the tracker as Foundry v13 reports turns to a system (client/documents/combat.mjs:
 * `Combat#_manageTurnEvents`, run on the active GM after each update). What the model relies on:
 * - a forward move (next turn, next round) reports the end of each turn it leaves and the start of
 *   each turn it reaches, each with that turn's own round in the context; turns it jumps over are
 *   reported as skipped; crossing into a new round reports that round's start before its first turn;
 * - a backward move (previous turn, previous round, a GM setting an earlier turn) reports nothing;
 * - a change of order that keeps the same combatant at the current turn reports nothing; one that
 *   leaves another combatant at the same turn index in the same round reports the end of the one
 *   who left and the start of the one who arrived (Fray's Delay of the current combatant).
 * Each report is handled with the tracker's position after the move.
 */
type Report = { kind: "turn"; event: TurnEvent; genuine: boolean } | { kind: "round"; round: number };

type Move =
  | { kind: "nextTurn" } | { kind: "previousTurn" } | { kind: "nextRound" } | { kind: "previousRound" }
  | { kind: "rewind"; back: number }
  | { kind: "reorder"; from: number; to: number }
  | { kind: "delay"; by: number };

class Tracker {
  round = 1;
  turn = 0;
  constructor(public order: string[]) {}

  get position(): TrackerPosition {
    return { round: this.round, turn: this.turn, order: [...this.order] };
  }

  /** Starting the combat reaches round 1 and its first turn. */
  start(): Report[] {
    return [{ kind: "round", round: 1 }, this.#turn("start", 0, 1)];
  }

  #turn(edge: "start" | "end", index: number, round: number, genuine = true): Report {
    return { kind: "turn", event: { edge, combatantId: this.order[index] as string, round }, genuine };
  }

  /** Applies a move; returns what Foundry reports for it and whether it was a forward move. */
  apply(move: Move): { reports: Report[]; forward: boolean } {
    const last = this.order.length - 1;
    switch (move.kind) {
      case "nextTurn": {
        if (this.turn === last) return this.apply({ kind: "nextRound" });
        const reports = [this.#turn("end", this.turn, this.round), this.#turn("start", this.turn + 1, this.round)];
        this.turn += 1;
        return { reports, forward: true };
      }
      case "nextRound": {
        const reports: Report[] = [this.#turn("end", this.turn, this.round)];
        for (let i = this.turn + 1; i <= last; i++) {
          reports.push(this.#turn("start", i, this.round), this.#turn("end", i, this.round));
        }
        this.round += 1;
        this.turn = 0;
        reports.push({ kind: "round", round: this.round }, this.#turn("start", 0, this.round));
        return { reports, forward: true };
      }
      case "previousTurn":
        if (this.turn === 0) return this.apply({ kind: "previousRound" });
        this.turn -= 1;
        return { reports: [], forward: false };
      case "previousRound":
        // Round 0 is "not started"; the model stays in the encounter.
        if (this.round > 1) [this.round, this.turn] = [this.round - 1, last];
        return { reports: [], forward: false };
      case "rewind": {
        const at = Math.max(0, (this.round - 1) * this.order.length + this.turn - move.back);
        [this.round, this.turn] = [Math.floor(at / this.order.length) + 1, at % this.order.length];
        return { reports: [], forward: false };
      }
      case "reorder": {
        const current = this.order[this.turn] as string;
        this.#move(move.from % this.order.length, move.to % this.order.length);
        this.turn = turnAfterReorder(this.order, current, this.turn, false) as number;
        return { reports: [], forward: false };
      }
      case "delay": {
        const delayer = this.order[this.turn] as string;
        this.#move(this.turn, Math.min(last, this.turn + move.by));
        this.turn = turnAfterReorder(this.order, delayer, this.turn, true) as number;
        if (this.order[this.turn] === delayer) return { reports: [], forward: false };
        // The delayer's turn is put off, not over: its end here is no real end.
        const event: TurnEvent = { edge: "end", combatantId: delayer, round: this.round };
        const left: Report = { kind: "turn", event, genuine: false };
        return { reports: [left, this.#turn("start", this.turn, this.round)], forward: true };
      }
    }
  }

  #move(from: number, to: number): void {
    const [id] = this.order.splice(from, 1);
    this.order.splice(to, 0, id as string);
  }
}

const moveArb: fc.Arbitrary<Move> = fc.oneof(
  { arbitrary: fc.constant({ kind: "nextTurn" } as const), weight: 6 },
  { arbitrary: fc.constant({ kind: "previousTurn" } as const), weight: 2 },
  { arbitrary: fc.constant({ kind: "nextRound" } as const), weight: 1 },
  { arbitrary: fc.constant({ kind: "previousRound" } as const), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("rewind" as const), back: fc.integer({ min: 1, max: 12 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("reorder" as const), from: fc.nat(9), to: fc.nat(9) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("delay" as const), by: fc.integer({ min: 1, max: 4 }) }), weight: 1 },
);

const ROSTER = ["a", "b", "c", "d", "e", "f"];
const NEXT: Move = { kind: "nextTurn" };
const BACK: Move = { kind: "previousTurn" };

/** Plays the moves; returns what was processed, what should have been, and backward processing. */
function play(size: number, moves: readonly Move[]) {
  const tracker = new Tracker(ROSTER.slice(0, size));
  let ledger: readonly string[] = [];
  const processed: string[] = [];
  const expected: string[] = [];
  const seen = new Set<string>();
  let processedBackward = 0;
  const handle = (reports: Report[], forward: boolean) => {
    for (const r of reports) {
      const key = r.kind === "round" ? `round:${r.round}` : ledgerEntry(r.event);
      const verdict = r.kind === "round"
        ? judgeRoundStart(ledger, r.round)
        : judgeTurnEvent(ledger, r.event, tracker.position);
      ledger = verdict.ledger;
      if (verdict.process) {
        processed.push(key);
        if (!forward) processedBackward += 1;
      }
      // What should happen: every real start and end, the first time it is reached.
      if ((r.kind === "round" || r.genuine) && !seen.has(key)) {
        seen.add(key);
        expected.push(key);
      }
    }
  };
  handle(tracker.start(), true);
  for (const move of moves) {
    const before = tracker.order[tracker.turn];
    const { reports, forward } = tracker.apply(move);
    if (move.kind === "reorder") expect(tracker.order[tracker.turn]).toBe(before);
    handle(reports, forward);
  }
  return { processed, expected, processedBackward, ledger };
}

describe("the turn ledger (§Actions: start and end of turn)", () => {
  it("processes every turn start and end exactly once for forward moves and never for backward ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.array(moveArb, { maxLength: 80 }), (size, moves) => {
        const { processed, expected, processedBackward } = play(size, moves);
        expect(processed).toEqual(expected);
        expect(new Set(processed).size).toBe(processed.length);
        expect(processedBackward).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it("keys the last turn of a round with its own round, so that combatant's next turn end still counts", () => {
    // c ends round 1 last, which is handled once round 2 has begun; in round 2 the GM moves c up
    // to act second, so its round-2 end is handled in round 2 as well. Keyed by the round at
    // handling time, both ends would be "2:c" and the second would be skipped.
    const { processed } = play(3, [NEXT, NEXT, NEXT, { kind: "reorder", from: 2, to: 1 }, NEXT, NEXT]);
    expect(processed).toEqual([
      "round:1", "start:1:a", "1:a", "start:1:b", "1:b", "start:1:c", "1:c",
      "round:2", "start:2:a", "2:a", "start:2:c", "2:c", "start:2:b",
    ]);
  });

  it("stepping back and forward again starts the turn once (one death save, one action reset)", () => {
    const { processed } = play(3, [NEXT, BACK, NEXT, { kind: "previousRound" }, NEXT]);
    expect(processed.filter((k) => k === "start:1:b")).toHaveLength(1);
    expect(processed.filter((k) => k === "1:a")).toHaveLength(1);
  });

  it("a round's start (interrupts back) is processed once, even after rewinding across it", () => {
    const first = judgeRoundStart([], 2);
    expect(first.process).toBe(true);
    expect(judgeRoundStart(first.ledger, 2).process).toBe(false);
    expect(judgeRoundStart(first.ledger, 3).process).toBe(true);
  });

  it("a delaying combatant's turn is put off: no end now, its end when its new place is passed", () => {
    const { processed } = play(4, [{ kind: "delay", by: 2 }, NEXT, NEXT, NEXT]);
    // a delays from first to third: b starts at once, then c; a's delayed turn does not start
    // again (it started in its first place) and ends when the tracker moves on to d.
    expect(processed).toEqual(["round:1", "start:1:a", "start:1:b", "1:b", "start:1:c", "1:c", "1:a", "start:1:d"]);
  });

  it("tells a put-off end from a real one by where the combatant now stands", () => {
    const now: TrackerPosition = { round: 2, turn: 1, order: ["b", "c", "a"] };
    expect(isPutOff({ edge: "end", combatantId: "a", round: 2 }, now)).toBe(true);
    expect(isPutOff({ edge: "end", combatantId: "b", round: 2 }, now)).toBe(false);
    expect(isPutOff({ edge: "end", combatantId: "a", round: 1 }, now)).toBe(false);
    expect(isPutOff({ edge: "start", combatantId: "a", round: 2 }, now)).toBe(false);
  });
});

describe("the current turn across a reorder", () => {
  it("keeps the current combatant current at its new place", () => {
    expect(turnAfterReorder(["x", "a", "b", "c"], "b", 1, false)).toBe(2);
    expect(turnAfterReorder(["b", "a", "c"], "b", 1, false)).toBe(0);
  });
  it("passes a delaying combatant's turn to whoever now stands at its place", () => {
    expect(turnAfterReorder(["b", "c", "a"], "a", 0, true)).toBe(0);
    // Nobody stood between its old and new place: it is still its turn.
    expect(turnAfterReorder(["b", "a"], "a", 1, true)).toBe(1);
  });
  it("leaves no turn when there is none", () => {
    expect(turnAfterReorder(["a"], null, null, false)).toBeNull();
    expect(turnAfterReorder([], "a", 0, false)).toBeNull();
  });
});
