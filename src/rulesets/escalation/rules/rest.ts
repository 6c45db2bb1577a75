import type { Frequency } from "./constants";
import { FRESH_DEATH_TRACK, type DeathTrack } from "./death-save";
import { healWithRecovery, type HealthTrack } from "./recovery";
import { planSave, resolveSave, type SavePlan } from "./save";

/**
 * Quick Rest and Full Rest. Source: `000_c2dc3d650823e22d.txt` §Resting and Recharging, §Ability
 * Entries (Frequency); RULINGS.md §escalation Rests.
 *
 * Quick Rest: spend any number of recoveries, restore every Encounter power, roll each expended
 * Recharge power (3d6 against its 9+/11+/13+). Full Rest: HP, recoveries, every power and the
 * no-recovery penalty reset.
 */
export interface PowerState {
  readonly id: string;
  readonly frequency: Frequency;
  /** Recharge X+ (Recharge powers only). */
  readonly recharge: number;
  readonly used: boolean;
}

/** The recharge check of an expended Recharge power: a plain 3d6 against its number. */
export function planRecharge(power: PowerState): SavePlan {
  return planSave([], power.recharge);
}

/** Expended Recharge powers, each with the check a Quick Rest rolls for it. */
export function rechargeChecks(powers: readonly PowerState[]): { id: string; plan: SavePlan }[] {
  return powers
    .filter((p) => p.used && p.frequency === "recharge")
    .map((p) => ({ id: p.id, plan: planRecharge(p) }));
}

export interface QuickRestInput {
  readonly track: HealthTrack;
  readonly powers: readonly PowerState[];
  /** One healing amount per recovery to spend (each rolled or averaged by the caller). */
  readonly heals: readonly number[];
  /** The dice rolled for each entry of `rechargeChecks(powers)`, by power id. */
  readonly rechargeDice: Readonly<Record<string, readonly number[]>>;
}

export interface RestResult {
  readonly track: HealthTrack;
  /** Ids of powers usable again. */
  readonly restored: readonly string[];
  /** Ids of Recharge powers whose check failed (still expended). */
  readonly stillExpended: readonly string[];
  readonly recoveriesSpent: number;
  readonly hpGained: number;
}

/**
 * A Quick Rest for one PC.
 * @throws RangeError when more recoveries are spent than are left, a heal is not a whole number
 *   ≥ 0, or a recharge check has no dice (nothing changes: the input is not modified).
 */
export function quickRest(input: QuickRestInput): RestResult {
  const { powers, heals } = input;
  if (heals.length > input.track.recoveries) {
    throw new RangeError(
      `cannot spend ${heals.length} recoveries with ${input.track.recoveries} left`,
    );
  }
  let track = input.track;
  for (const amount of heals) track = healWithRecovery(track, amount).track;
  const restored: string[] = [];
  const stillExpended: string[] = [];
  for (const p of powers) {
    if (!p.used) continue;
    if (p.frequency === "encounter") restored.push(p.id);
    else if (p.frequency === "recharge") {
      const dice = input.rechargeDice[p.id];
      if (!dice) throw new RangeError(`no recharge dice for ${p.id}`);
      (resolveSave(planRecharge(p), dice).success ? restored : stillExpended).push(p.id);
    }
  }
  return {
    track,
    restored,
    stillExpended,
    recoveriesSpent: heals.length,
    hpGained: track.hp - input.track.hp,
  };
}

/** A Full Rest: full HP and recoveries, no penalty, every power restored, a fresh death track. */
export function fullRest(
  track: HealthTrack & { readonly recoveriesMax: number },
  powers: readonly PowerState[],
): RestResult & { death: DeathTrack } {
  const after: HealthTrack = {
    hp: track.hpMax,
    hpMax: track.hpMax,
    recoveries: track.recoveriesMax,
    penalty: 0,
  };
  return {
    track: after,
    restored: powers.filter((p) => p.used).map((p) => p.id),
    stillExpended: [],
    recoveriesSpent: 0,
    hpGained: after.hp - track.hp,
    death: FRESH_DEATH_TRACK,
  };
}

/**
 * How many recoveries a PC would spend at a Quick Rest, given the average of one recovery: as many
 * as heal without waste (each fits under max HP), and always enough to get above Staggered. The
 * default the sheet's rest dialog and the headless runner propose.
 */
export function recoveriesToHeal(track: HealthTrack, perRecovery: number): number {
  let hp = Math.max(0, track.hp);
  let n = 0;
  while (
    n < track.recoveries
    && perRecovery > 0
    && (hp + perRecovery <= track.hpMax || hp <= Math.floor(track.hpMax / 2))
  ) {
    hp += perRecovery;
    n++;
  }
  return n;
}
