import {
  SWARM_ASSISTANTS_MAX, SWARM_DAMAGE_MAX, SWARM_DAMAGE_STEP, SWARM_HIT_MAX, SWARM_HIT_STEP,
} from "./constants";

/**
 * Swarm Attack: allies target one enemy with "Make a Swarm Attack" (each a Main action, gathered
 * across their turns in the round, at most four); then one assailant attacks with +2 to hit and +1
 * damage for every other assailant, at most +6/+3. The bonus damage never adds to Shock nor takes
 * the damage past the attack's usual maximum; the attack's Shock lands whatever the AC, a shield or
 * an immunity, Total Defense excepted (§Total Defense names it).
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Swarm Attack, §Total Defense; RULINGS.md §shock
 * Swarm.
 */
export interface SwarmBonus {
  /** Other assailants counted (0..4). */
  readonly others: number;
  readonly hit: number;
  readonly damage: number;
}

/**
 * The bonus for an attack with `others` other assailants who swarmed the same target this round.
 * @throws RangeError for a negative or fractional count.
 */
export function swarmBonus(others: number): SwarmBonus {
  if (!Number.isInteger(others) || others < 0) {
    throw new RangeError(`other assailants must be a whole number ≥ 0, got ${others}`);
  }
  const n = Math.min(others, SWARM_ASSISTANTS_MAX);
  return {
    others: n,
    hit: Math.min(SWARM_HIT_MAX, SWARM_HIT_STEP * n),
    damage: Math.min(SWARM_DAMAGE_MAX, SWARM_DAMAGE_STEP * n),
  };
}

/**
 * Whether another ally may still add a Swarm Attack on a target this round (fewer than four so
 * far).
 */
export function canJoinSwarm(assistants: number): boolean {
  return assistants < SWARM_ASSISTANTS_MAX;
}

/**
 * The swarm bonus damage actually added: never past the attack's usual maximum damage.
 * @param base the damage before the bonus; @param usualMax the attack's maximum without the bonus.
 */
export function swarmDamageAdded(bonus: number, base: number, usualMax: number): number {
  return Math.max(0, Math.min(bonus, usualMax - base));
}
