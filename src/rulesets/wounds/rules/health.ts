import { afterHealing, type Wound } from "./wounds";

/**
 * Hit points in `wounds`: damage takes HP down to 0 at least; a unit at 0 is defeated and leaves
 * the battle, a PC at 0 is down (the GM decides its fate after the battle); healing restores HP up
 * to the maximum, a single heal of 6+ also removes the newest wound, and a down PC healed above 0
 * is back from its next turn. A decisive blow defeats its target whatever its HP; a fatal blow
 * kills the attacker. Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Hit points, Wound.
 */
export type HealthState = "up" | "down" | "defeated";

/** What HP make a unit: up above 0; at 0 a PC is down and any other unit defeated. */
export function healthState(hp: number, isPC: boolean): HealthState {
  if (hp > 0) return "up";
  return isPC ? "down" : "defeated";
}

function check(what: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`${what} must be a whole number ≥ 0, got ${n}`);
  }
}

/** HP after `damage`, never below 0. @throws RangeError for negative or fractional numbers. */
export function afterDamage(hp: number, damage: number): number {
  check("hp", hp);
  check("damage", damage);
  return Math.max(0, hp - damage);
}

/** One heal's result: HP, wounds left, the wound removed, and whether a down PC is back. */
export interface Healed {
  readonly hp: number;
  readonly wounds: Wound[];
  readonly removed: Wound | null;
  /** It was at 0 and is above now: it acts again from its next turn, not this one. */
  readonly back: boolean;
}

/**
 * One instance of healing: HP up to the maximum, and 6+ removes the newest wound.
 * @throws RangeError for negative or fractional numbers or HP above the maximum.
 */
export function heal(hp: number, max: number, wounds: readonly Wound[], healing: number): Healed {
  check("hp", hp);
  check("healing", healing);
  if (hp > max) throw new RangeError(`hp ${hp} is above its maximum ${max}`);
  const next = Math.min(max, hp + healing);
  const w = afterHealing(wounds, healing);
  return { hp: next, wounds: w.wounds, removed: w.removed, back: hp === 0 && next > 0 };
}
