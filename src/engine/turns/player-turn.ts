/**
 * Whether a player's change of an encounter's turn is one Foundry's own turn controls would make
 * for that player. Foundry's server lets any player write a Combat's `round` and `turn`
 * (common/documents/combat.mjs `#canUpdate`: `_canChangeRound` and `_canChangeTurn` allow
 * everyone), while its tracker offers the turn controls to a player only on a turn of a combatant
 * that player owns (client/applications/sidebar/tabs/combat-tracker.mjs `_prepareCombatContext`):
 * End Turn, Next Turn and Previous Turn. So a player's change is accepted only when:
 *  - the encounter had started (round 1 or later) and the turn it left was the player's own;
 *  - forward (`nextTurn`), it passes over only turns that would be skipped anyway (defeated
 *    combatants, those sitting out a surprise round), wrapping into the next round at most once;
 *  - backward (`previousTurn`), it goes back exactly one turn (into the last round's last turn
 *    from the first turn).
 * No one's turn (a round of steps standing on its opening step, `combat/stepped-combat.ts`) is
 * no player's: nothing is accepted from it, not even the start of the first turn.
 * Anything else (starting the encounter, skipping an enemy's turn, jumping rounds) is the GM's.
 */

/** A Combat's position: its round (0 before it starts) and the index of the turn (null none). */
export interface TurnPosition {
  readonly round: number;
  readonly turn: number | null;
}

/** What the judge needs of each turn, in turn order as it stood before the change. */
export interface TurnSeat {
  /** The changing user owns this turn's combatant. */
  readonly owned: boolean;
  /** Foundry's next-turn step would pass over it in the round being left (defeated with
   *  "Skip Defeated" on, sitting out the surprise round). */
  readonly skippedNow: boolean;
  /** The same in the round after it (defeated with "Skip Defeated" on). */
  readonly skippedNext: boolean;
}

/** Whether every seat in `from..to` (inclusive; none when from > to) would be passed over. */
function passable(
  seats: readonly TurnSeat[], from: number, to: number, key: "skippedNow" | "skippedNext",
): boolean {
  for (let i = from; i <= to; i++) if (!seats[i]?.[key]) return false;
  return true;
}

/**
 * Whether a player may move the encounter from `before` to `after` (see the module's note).
 * @param seats the turns in order before the change (at least one)
 * @returns true for no change at all
 */
export function playerMayChangeTurn(
  before: TurnPosition, after: TurnPosition, seats: readonly TurnSeat[],
): boolean {
  if (before.round === after.round && before.turn === after.turn) return true;
  // No one's turn (a round of steps on its opening step): no player holds the turn controls.
  if (before.turn === null) return false;
  const from = before.turn;
  // Into the next round's opening step (no one's turn), as its first turn would be reached.
  const to = after.turn ?? 0;
  if (before.round < 1 || !seats[from]?.owned) return false;
  const last = seats.length - 1;
  if (to < 0 || to > last) return false;
  switch (after.round - before.round) {
    case 0:
      return to === from - 1 || (to > from && passable(seats, from + 1, to - 1, "skippedNow"));
    case 1:
      return passable(seats, from + 1, last, "skippedNow")
        && passable(seats, 0, to - 1, "skippedNext");
    case -1:
      return from === 0 && to === last && after.round >= 1;
    default:
      return false;
  }
}
