import type { DieSize } from "./constants";
import { damageDiceFormula } from "./damage";

/**
 * Recoveries and healing. Source: `000_c2dc3d650823e22d.txt` §Recoveries, §Dying and Death ("Any
 * healing brings a character back from dying (recover from 0 hp)"); RULINGS.md §escalation
 * Recoveries.
 */
export interface RecoveryDice {
  readonly dice: number;
  readonly die: DieSize;
  readonly bonus: number;
}

/** A character's recovery dice from its stored data (the die size is stored as text, e.g. "8"). */
export function recoveryDiceOf(recoveries: {
  dice: number;
  die: string;
  bonus: number;
}): RecoveryDice {
  return { dice: recoveries.dice, die: Number(recoveries.die) as DieSize, bonus: recoveries.bonus };
}

/** The average of one die, rounded down: d8 → 4 (so 2d8 averages to 8, not 9). */
export function averageDie(die: DieSize): number {
  return Math.floor((die + 1) / 2);
}

/** A recovery taken as its average: each die's average rounded down, plus the bonus (never < 0). */
export function recoveryAverage(r: RecoveryDice): number {
  return Math.max(0, r.dice * averageDie(r.die) + r.bonus);
}

/** The Foundry formula of a rolled recovery, e.g. `2d8 + 3`. */
export function recoveryFormula(r: RecoveryDice): string {
  return damageDiceFormula({ count: r.dice, faces: r.die, flat: r.bonus });
}

/** A PC's healing state: HP, recoveries left and the no-recovery penalty. */
export interface HealthTrack {
  readonly hp: number;
  readonly hpMax: number;
  readonly recoveries: number;
  /** Stacking −1 to Volition and all defenses, one per heal taken with no recovery left. */
  readonly penalty: number;
}

export interface HealResult {
  readonly track: HealthTrack;
  /** HP actually gained (from 0 when the PC was below it). */
  readonly gained: number;
  readonly usedRecovery: boolean;
  /** Healed with no recovery left: the amount was halved and the penalty grew by 1. */
  readonly withoutRecovery: boolean;
}

/**
 * Healing that uses a recovery: spends one when there is one; with none left the amount is halved
 * (rounded down) and the penalty grows by 1. A PC below 0 HP heals from 0. A free recovery
 * (`free`) spends nothing and is never halved.
 * @param amount the rolled or averaged recovery (or other healing), a whole number ≥ 0.
 * @throws RangeError on a negative or fractional amount (nothing changes).
 */
export function healWithRecovery(track: HealthTrack, amount: number, free = false): HealResult {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`healing must be a whole number ≥ 0, got ${amount}`);
  const withoutRecovery = !free && track.recoveries <= 0;
  const usedRecovery = !free && !withoutRecovery;
  const effective = withoutRecovery ? Math.floor(amount / 2) : amount;
  const from = Math.max(0, track.hp);
  const hp = Math.min(track.hpMax, from + effective);
  return {
    track: {
      ...track,
      hp,
      recoveries: usedRecovery ? track.recoveries - 1 : track.recoveries,
      penalty: withoutRecovery ? track.penalty + 1 : track.penalty,
    },
    gained: hp - from,
    usedRecovery,
    withoutRecovery,
  };
}
