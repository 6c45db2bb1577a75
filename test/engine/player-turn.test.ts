import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { playerMayChangeTurn, type TurnSeat } from "../../src/engine/turns/player-turn";

/** A seat: owned by the player or not, skipped or not. */
const seat = (owned: boolean, skippedNow = false, skippedNext = skippedNow): TurnSeat =>
  ({ owned, skippedNow, skippedNext });

/**
 * Foundry's own next turn from `turn` (client/documents/combat.mjs `nextTurn`/`nextRound`, with
 * "Skip Defeated" read as the seats' skipped marks), as the tracker's End Turn makes it.
 */
function foundryNext(round: number, turn: number, seats: readonly TurnSeat[]) {
  for (let i = turn + 1; i < seats.length; i++)
    if (!seats[i]!.skippedNow) return { round, turn: i };
  const first = seats.findIndex((s) => !s.skippedNext);
  return { round: round + 1, turn: first === -1 ? 0 : first };
}

describe("a player's change of the turn (engine/turns/player-turn.ts)", () => {
  const mine = seat(true);
  const theirs = seat(false);

  it("accepts End Turn and Previous Turn from the player's own turn", () => {
    const seats = [mine, theirs, theirs];
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 1, turn: 1 }, seats)).toBe(true);
    expect(playerMayChangeTurn({ round: 2, turn: 0 }, { round: 1, turn: 2 }, seats)).toBe(true);
    const last = [theirs, theirs, mine];
    expect(playerMayChangeTurn({ round: 1, turn: 2 }, { round: 2, turn: 0 }, last)).toBe(true);
    expect(playerMayChangeTurn({ round: 1, turn: 2 }, { round: 1, turn: 1 }, last)).toBe(true);
  });

  it("refuses a change from another's turn, before the start, or a jump over a live turn", () => {
    const seats = [mine, theirs, theirs];
    expect(playerMayChangeTurn({ round: 1, turn: 1 }, { round: 1, turn: 2 }, seats)).toBe(false);
    expect(playerMayChangeTurn({ round: 0, turn: null }, { round: 1, turn: 0 }, seats)).toBe(false);
    // Skipping the two foes straight into the next round, where the player's AP refill.
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 2, turn: 0 }, seats)).toBe(false);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 1, turn: 2 }, seats)).toBe(false);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 3, turn: 0 }, seats)).toBe(false);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 1, turn: 5 }, seats)).toBe(false);
    // Back two turns, or back into round 0.
    expect(playerMayChangeTurn({ round: 1, turn: 2 }, { round: 1, turn: 0 }, [theirs, theirs, mine]))
      .toBe(false);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 0, turn: 2 }, seats)).toBe(false);
  });

  it("a round of steps: End Turn on its last turn opens the next on no one's turn; from there, nothing", () => {
    const seats = [theirs, theirs, mine];
    expect(playerMayChangeTurn({ round: 1, turn: 2 }, { round: 2, turn: null }, seats)).toBe(true);
    // No one's turn is no player's, even the first mover's owner's: the GM starts the step.
    const first = [mine, theirs, theirs];
    expect(playerMayChangeTurn({ round: 2, turn: null }, { round: 2, turn: 0 }, first)).toBe(false);
    expect(playerMayChangeTurn({ round: 2, turn: null }, { round: 1, turn: 2 }, first)).toBe(false);
    expect(playerMayChangeTurn({ round: 2, turn: null }, { round: 2, turn: null }, first)).toBe(true);
    // Back from the first turn into the opening step is the GM's.
    expect(playerMayChangeTurn({ round: 2, turn: 0 }, { round: 2, turn: null }, first)).toBe(false);
  });

  it("passes over defeated turns and those sitting out the surprise round only", () => {
    const down = seat(false, true);
    const sitsOut = seat(false, true, false);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 1, turn: 2 }, [mine, down, theirs]))
      .toBe(true);
    expect(playerMayChangeTurn({ round: 1, turn: 0 }, { round: 2, turn: 0 }, [mine, sitsOut]))
      .toBe(true);
    // In the next round the one who sat out acts: it cannot be passed over there.
    expect(playerMayChangeTurn({ round: 1, turn: 1 }, { round: 2, turn: 1 }, [sitsOut, mine]))
      .toBe(false);
  });

  it("accepts exactly what Foundry's End Turn makes and nothing that passes over a live turn", () => {
    const arbSeat = fc.record({ owned: fc.boolean(), skippedNow: fc.boolean(), skippedNext: fc.boolean() });
    fc.assert(fc.property(
      fc.array(arbSeat, { minLength: 1, maxLength: 8 }), fc.nat(7), fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 9 }), fc.integer({ min: -1, max: 2 }),
      (seats, at, round, toTurn, roundDelta) => {
        const turn = at % seats.length;
        const next = foundryNext(round, turn, seats);
        expect(playerMayChangeTurn({ round, turn }, next, seats)).toBe(seats[turn]!.owned);
        const after = { round: round + roundDelta, turn: toTurn };
        if (!playerMayChangeTurn({ round, turn }, after, seats)) return;
        // Whatever is accepted starts from the player's turn, or changes nothing.
        const same = roundDelta === 0 && toTurn === turn;
        expect(same || seats[turn]!.owned).toBe(true);
        if (roundDelta === 0 && toTurn > turn)
          for (let i = turn + 1; i < toTurn; i++) expect(seats[i]!.skippedNow).toBe(true);
        if (roundDelta === 1) for (let i = 0; i < toTurn; i++) expect(seats[i]!.skippedNext).toBe(true);
      },
    ));
  });
});
