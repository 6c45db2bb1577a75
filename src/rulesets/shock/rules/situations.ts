/**
 * The text's situational attack modifiers, as named toggles (the attack dialog offers them; the
 * runner sets the ones its positions imply). `null` marks a situation in which the attack cannot be
 * made at all (the table's "N/A"). Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls (the table),
 * §Make a Ranged Attack; RULINGS.md §shock Attack.
 */
export const SITUATIONS = {
  /** Shooting at a distant prone foe. */
  distantProne: -2,
  /** Attacking an adjacent prone foe. */
  adjacentProne: 2,
  /** Melee attacking while prone. */
  meleeWhileProne: -4,
  /** Past the weapon's normal range, up to its long range. */
  longRange: -2,
  halfCover: -2,
  fullCover: -4,
  /** A thrown or one-handed ranged attack with a foe in melee range. */
  thrownInMelee: -4,
  /** Shooting a bow or crossbow (two-handed ranged) with a foe in melee range: not possible. */
  bowInMelee: null,
  /** Shooting at an unseen target whose position is known. */
  unseenKnown: -4,
  /** Shooting at an unseen target whose position is unknown: not possible. */
  unseenUnknown: null,
} as const satisfies Record<string, number | null>;

export type Situation = keyof typeof SITUATIONS;
export const SITUATION_IDS = Object.keys(SITUATIONS) as Situation[];

/** The modifier of each toggle that has one, and the first toggle that forbids the attack. */
export function situationModifiers(
  toggles: Iterable<Situation>,
): { modifiers: { source: string; value: number }[]; forbidden: Situation | null } {
  const modifiers: { source: string; value: number }[] = [];
  let forbidden: Situation | null = null;
  // Each toggle counts once, whatever the caller passes twice.
  for (const id of new Set(toggles)) {
    const value = SITUATIONS[id];
    if (value === null) forbidden ??= id;
    else modifiers.push({ source: `situation:${id}`, value });
  }
  return { modifiers, forbidden };
}
