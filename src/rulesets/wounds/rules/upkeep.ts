/**
 * A spell kept up: one with an upkeep stays up once cast, its caster channeling (flat-footed
 * unless Battle Caster, `states.ts`), and while it is on its caster has its ward (what it adds
 * to Accuracy, armor and movement). The upkeep MP are paid as each of the caster's later turns
 * starts; a caster short of them loses the spell. A Bonus Action toggles the spell off (no ward,
 * no channeling, no upkeep) and on again without recasting. The text gives spells an upkeep and a
 * Bonus Action to "toggle the effects of spells cast" and says no more: the rest is Fray's
 * reading (`silent.ts`). Source: `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions,
 * §Spell Casting.
 */

/** What a kept-up spell adds to its caster while it is on (each ≥ 0). */
export interface Ward {
  readonly accuracy: number;
  /** Taken off each attack's damage with the caster's own armor. */
  readonly armor: number;
  /** Spaces added to a Move Action. */
  readonly movement: number;
}

export const WARD_KEYS = ["accuracy", "armor", "movement"] as const satisfies
  readonly (keyof Ward)[];

export const NO_WARD: Ward = { accuracy: 0, armor: 0, movement: 0 };

/**
 * Whether a spell, once cast, is kept up: it has an upkeep and summons nothing (a summon stays
 * by its thrall cost, `summons.ts`: its spell's upkeep is not read).
 */
export const keptUp = (spell: { readonly upkeep: number; readonly summon: string }): boolean =>
  spell.upkeep > 0 && spell.summon === "";

/** The ward of a kept-up spell that is on (`null`: none up, or toggled off). */
export const wardOf = (spell: { readonly ward: Ward } | null): Ward => spell?.ward ?? NO_WARD;

/** Whether a ward adds nothing. */
export const isNoWard = (ward: Ward): boolean => WARD_KEYS.every((k) => ward[k] === 0);

/**
 * The upkeep due as a turn of the caster starts: paid from `mp` when it can be, else the spell
 * ends. @returns the MP left, or null when the spell ends for want of MP.
 * @throws RangeError for MP that are not a whole number ≥ 0.
 */
export function payUpkeep(mp: number, spell: { readonly upkeep: number }): number | null {
  if (!Number.isInteger(mp) || mp < 0) throw new RangeError(`MP: ${mp}`);
  return mp >= spell.upkeep ? mp - spell.upkeep : null;
}
