/**
 * Hit points in `phases`: damage takes HP down to 0 at least; at 0 a combatant is defeated, and a
 * character is down rather than dead (the GM decides its fate after the fight); healing (an
 * activated item's) restores HP up to the maximum and brings a downed character back up.
 * Source: RULINGS.md §phases Statistics ("At 0 HP a combatant is defeated; a PC is down").
 */
export type HealthState = "up" | "down" | "defeated";

/** What a combatant's HP make it: up above 0; at 0 a character is down and an NPC defeated. */
export function healthState(hp: number, isPC: boolean): HealthState {
  if (hp > 0) return "up";
  return isPC ? "down" : "defeated";
}

/**
 * HP after `damage`, never below 0.
 * @throws RangeError for negative or fractional damage or HP.
 */
export function afterDamage(hp: number, damage: number): number {
  check("hp", hp);
  check("damage", damage);
  return Math.max(0, hp - damage);
}

/**
 * HP after `healing`, never above `max`.
 * @throws RangeError for negative or fractional amounts, or HP above the maximum.
 */
export function afterHealing(hp: number, max: number, healing: number): number {
  check("hp", hp);
  check("healing", healing);
  if (hp > max) throw new RangeError(`hp ${hp} is above its maximum ${max}`);
  return Math.min(max, hp + healing);
}

function check(what: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`${what} must be a whole number ≥ 0, got ${n}`);
  }
}
