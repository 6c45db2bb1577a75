/**
 * Getting out of prone and taking back a disarmed item: either costs one Attack, Move or Bonus
 * Action. Standing up may be done off the unit's turn, but then it spends that action of its next
 * turn, and it cannot when its next turn has none of that kind left (earlier off-turn stands
 * already spent them). Retrieving an item is a turn's action (`economy.ts` `retrieve`).
 * Source: `001_dbc5fcc02a99a518.txt` §Prone, §Disarmed, §Attack Action, §Move Action, §Bonus
 * Actions; RULINGS.md §wounds States, Bonus purchases.
 */

/** The turn's slots standing up or retrieving may pay with. */
export const RECOVERY_SLOTS = ["bonus", "move", "attack"] as const;
export type RecoverySlot = (typeof RECOVERY_SLOTS)[number];

/** A turn's Attack, Move and Bonus Actions, as counts. */
export interface TurnCounts {
  readonly attack: number;
  readonly move: number;
  readonly bonus: number;
}

export const NOTHING_OWED: TurnCounts = { attack: 0, move: 0, bonus: 0 };

/**
 * Stands up off the turn with `slot`: what the next turn owes afterwards, or null when that turn
 * (`nextTurn`: its slots before anything is owed) has no such action left to give.
 * @throws RangeError for negative or fractional counts.
 */
export function standOffTurn(
  owed: TurnCounts, nextTurn: TurnCounts, slot: RecoverySlot,
): TurnCounts | null {
  for (const k of RECOVERY_SLOTS) {
    for (const n of [owed[k], nextTurn[k]]) {
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`${k} must be a count, got ${n}`);
    }
  }
  if (owed[slot] >= nextTurn[slot]) return null;
  return { ...owed, [slot]: owed[slot] + 1 };
}

/**
 * A turn's slots once what earlier off-turn stands owe is taken off (never below 0).
 */
export function turnAfterDebts(turn: TurnCounts, owed: TurnCounts): TurnCounts {
  return {
    attack: Math.max(0, turn.attack - owed.attack),
    move: Math.max(0, turn.move - owed.move),
    bonus: Math.max(0, turn.bonus - owed.bonus),
  };
}

/**
 * The slot a headless unit pays a recovery with on its turn: a Bonus Action while it has one (it
 * buys the least: +1 dodge or +2 movement), else its Move Action, else its Attack Action; null
 * when none is left. A tactic, not a rule: the text lets it pick any of the three.
 */
export function cheapestRecovery(left: TurnCounts): RecoverySlot | null {
  for (const k of RECOVERY_SLOTS) if (left[k] > 0) return k;
  return null;
}
