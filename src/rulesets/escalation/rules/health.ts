/**
 * Health states of the `escalation` ruleset. Source: `000_c2dc3d650823e22d.txt` §Damage (Staggered
 * at half, PCs Dying at 0 or less, enemies defeated at 0); RULINGS.md §escalation Staggered.
 */
export type HealthState = "healthy" | "staggered" | "dying" | "defeated";

export function healthState(hp: number, max: number, isPC: boolean): HealthState {
  if (hp <= 0) return isPC ? "dying" : "defeated";
  if (hp <= Math.floor(max / 2)) return "staggered";
  return "healthy";
}

/**
 * Whether a combatant still takes turns (Dying PCs roll death saves instead; defeated NPCs are
 * out).
 */
export function canAct(state: HealthState): boolean {
  return state === "healthy" || state === "staggered";
}

/**
 * HP after damage. PCs may go below 0 (it matters for death saves); NPCs stop at 0.
 * @throws RangeError on a negative or non-integer amount.
 */
export function hpAfterDamage(hp: number, amount: number, isPC: boolean): number {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`damage must be a whole number ≥ 0, got ${amount}`);
  const after = hp - amount;
  return isPC ? after : Math.max(0, after);
}

/** HP after healing, capped at max; healing a PC below 0 starts from 0 (RULINGS.md §Dying). */
export function hpAfterHealing(hp: number, amount: number, max: number): number {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`healing must be a whole number ≥ 0, got ${amount}`);
  return Math.min(max, Math.max(0, hp) + amount);
}
