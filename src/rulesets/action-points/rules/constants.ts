/**
 * Value lists and numbers of the `action-points` ruleset, as `as const` tuples so types and
 * runtime checks share one source. Source: `004_2cc57162401858c9.txt` (§Actions/Turn Cheat Sheet,
 * §Actions, §Reactions, §Special Actions, §Initiative, §Movement, §Reach, §Range Penalties,
 * §Gang-up, §Two-Weapon Fighting) and RULINGS.md §action-points.
 */

/** Size categories, smallest first: the index is the size's rank (§Parrying Large Creatures). */
export const SIZES = ["small", "medium", "large", "huge"] as const;
export type Size = (typeof SIZES)[number];

/** A size's rank: Small 0, Medium 1, Large 2, Huge 3. */
export const sizeRank = (size: Size): number => SIZES.indexOf(size);

/**
 * The skills a combat rule rolls, as percentages (RULINGS.md §action-points Skills): attacks
 * (Melee, Ranged), reactions (Agility, Athletics, Melee, Endurance), Feint (Deception), spells
 * (Arcana, Fray's name for the casting skill the text leaves to classes).
 */
export const SKILLS = [
  "melee", "ranged", "agility", "athletics", "endurance", "deception", "arcana",
] as const;
export type Skill = (typeof SKILLS)[number];

/**
 * Weapon categories (§A Note on TWF: two categories give more Flow actions). Finesse and Brawl
 * weapons have no off-hand penalty (§Two-Weapon Fighting).
 */
export const WEAPON_CATEGORIES = [
  "sword", "axe", "mace", "dagger", "polearm", "brawl", "bow", "crossbow", "thrown",
] as const;
export type WeaponCategory = (typeof WEAPON_CATEGORIES)[number];

/** How a weapon attacks: with Melee in reach, or with Ranged out to its range increments. */
export const ATTACK_KINDS = ["melee", "ranged"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

export const DIE_SIZES = ["4", "6", "8", "10", "12"] as const;
export type DieSize = (typeof DIE_SIZES)[number];

/** The check die: d100 roll-under (RULINGS.md §action-points Checks). */
export const CHECK_DIE = 100;

/** Initiative: 1d10 + Agility modifier, ties re-rolled on the same roll (§Initiative). */
export const INITIATIVE_DIE = 10;

/** The pools and what they start with (§Actions/Turn Cheat Sheet; RULINGS.md §Pools). */
export const AP_PER_ROUND = 5;
export const RP_FULL = 2;
export const FP_AT_START = 2;
/** FP gained: a hit, a critical hit, a successful reaction (once a round), a killing blow. */
export const FP_HIT = 2;
export const FP_CRIT = 3;
export const FP_REACTION = 1;
export const FP_KILL = 1;
/** FP lost at the end of each own turn unless Flow State was taken. */
export const FP_DECAY = 1;

/** Movement: 6 hexes per AP, at most 2 AP of movement a turn (§Movement In Combat). */
export const HEXES_PER_AP = 6;
export const MAX_MOVE_AP = 2;

/** Attacks and spells cost 2 AP; class abilities 2 AP unless stated (§Actions). */
export const ATTACK_AP = 2;

/** Situational modifiers to an attack check, in percent (§Gang-up, §Range Penalties, §TWF). */
export const GANG_UP_BONUS = 10;
export const RANGE_STEP_PENALTY = -10;
export const OFF_HAND_PENALTY = -10;

/** Reach of Small and Medium creatures; +1 per size above Medium (§Reach). */
export const BASE_REACH = 1;

/** RP a reaction attack costs (§Basic Reactions & costs). */
export const REACTION_ATTACK_RP = 1;

/** An Intercept's movement, in hexes (§Intercept). */
export const INTERCEPT_HEXES = 3;
