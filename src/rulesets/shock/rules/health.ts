/**
 * Hit points and what 0 means in the `shock` ruleset: a PC at 0 HP is Mortally Injured (cannot act;
 * an ally's first aid stabilises it at 0; any healing above 0 ends it); an NPC at 0 is defeated; a
 * morale-broken NPC has fled. The text gives no death clock: Fray counts the rounds since the fall
 * and leaves death to the GM.
 * Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks ("reduced to zero HP and Mortally
 * Injured"); RULINGS.md §shock (Mortally Injured, NPC defeated, Morale).
 */
export const HEALTH_STATES = ["up", "mortallyInjured", "stabilised", "defeated", "fled"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** The state after HP changed: above 0 up; at 0 a PC is Mortally Injured, an NPC defeated. */
export function stateAt(hp: number, isPC: boolean, previous: HealthState): HealthState {
  if (previous === "fled") return "fled";
  if (hp > 0) return "up";
  if (!isPC) return "defeated";
  // A stabilised PC who takes more damage at 0 stays at 0; the text gives no further clock.
  return previous === "stabilised" ? "stabilised" : "mortallyInjured";
}

/** Only an `up` combatant acts. */
export function canAct(state: HealthState): boolean {
  return state === "up";
}

/**
 * HP after damage: never below 0 (the text knows no negative HP).
 * @throws RangeError for negative or fractional damage.
 */
export function afterDamage(hp: number, amount: number): number {
  if (!Number.isInteger(amount) || amount < 0) {
    throw new RangeError(`damage must be a whole number ≥ 0, got ${amount}`);
  }
  return Math.max(0, hp - amount);
}

/**
 * First aid on a fallen ally (Use a Skill: a Main action that provokes): a Mortally Injured PC
 * becomes stabilised; any other state is unchanged (nothing to stabilise).
 */
export function firstAid(state: HealthState): HealthState {
  return state === "mortallyInjured" ? "stabilised" : state;
}
