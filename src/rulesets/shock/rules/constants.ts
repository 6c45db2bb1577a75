/**
 * Value lists and numbers of the `shock` ruleset, as `as const` tuples so types and runtime checks
 * share one source. Source: `002_5e27cdf788b28f5f.txt` (§Combat Sequence, §Combat Action Types,
 * §Combat Actions, §Attack Rolls, §Shock, §Combat Maneuvers, §Dual Wielding Weapons) and
 * RULINGS.md §shock.
 */
export const ATTRIBUTES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** The combat skills an attack adds (§Make a Melee Attack, §Make a Ranged Attack). */
export const COMBAT_SKILLS = ["stab", "shoot", "brawl"] as const;
export type CombatSkill = (typeof COMBAT_SKILLS)[number];

/**
 * Every skill a combat rule names: the combat skills, Exert (shove, thrown), Sneak, Notice, Heal.
 */
export const SKILLS = [...COMBAT_SKILLS, "exert", "sneak", "notice", "heal"] as const;
export type Skill = (typeof SKILLS)[number];

/** How a weapon is used: in melee, shot (bows), or thrown. */
export const WEAPON_KINDS = ["melee", "ranged", "thrown"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

export const DIE_SIZES = ["2", "3", "4", "6", "8", "10", "12"] as const;
export type DieSize = (typeof DIE_SIZES)[number];

/** The action types (§Combat Action Types). */
export const ACTION_TYPES = ["main", "move", "free", "instant"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Whether an action provokes an Attack of Opportunity (§Combat Actions table). */
export const PROVOKES = ["yes", "no", "sometimes"] as const;
export type Provokes = (typeof PROVOKES)[number];

/** The initiative die every side rolls (§Combat Sequence). */
export const INITIATIVE_DIE = 8;
/** The attack die and its natural rule (RULINGS.md §shock Attack, an option on by default). */
export const ATTACK_DIE = 20;
export const NATURALS_DEFAULT = true;
/** Opposed checks roll 2d6 + attribute modifier + skill (RULINGS.md §shock Opposed checks). */
export const OPPOSED_DICE = 2;
export const OPPOSED_FACES = 6;
/** Morale: 2d6 against the group's score (RULINGS.md §shock Morale). */
export const MORALE_DICE = 2;
export const MORALE_FACES = 6;

/** Movement per Move action, in feet (§Move Actions, §Run). */
export const MOVE_FEET = 30;
/** Charge: +2 to hit, −2 AC until end of round, at least 5 ft of run-up (§Charge). */
export const CHARGE_HIT = 2;
export const CHARGE_AC = -2;
export const CHARGE_MIN_FEET = 5;
/** Snap Attack: −4 to hit (§Make a Snap Attack). */
export const SNAP_PENALTY = -4;
/**
 * Swarm: +2 to hit and +1 damage per other assailant, at most +6/+3; at most 4 assistants
 * (§Make a Swarm Attack).
 */
export const SWARM_HIT_STEP = 2;
export const SWARM_DAMAGE_STEP = 1;
export const SWARM_HIT_MAX = 6;
export const SWARM_DAMAGE_MAX = 3;
export const SWARM_ASSISTANTS_MAX = 4;
/** Total Defense: +2 AC (§Total Defense). */
export const TOTAL_DEFENSE_AC = 2;
/** Dual wielding: −1 to every attack, +2 damage on a hit (§Dual Wielding Weapons). */
export const DUAL_WIELD_HIT = -1;
export const DUAL_WIELD_DAMAGE = 2;
/**
 * One-handed ranged and thrown attacks with a foe in melee range: −4 (§Make a Ranged Attack).
 */
export const RANGED_IN_MELEE = -4;
/** Grappling or shoving larger humanoids: −2, barely plausible creatures: −4 (§Grappling). */
export const SIZE_PENALTIES = { manSized: 0, larger: -2, barelyPlausible: -4 } as const;
export type SizeClass = keyof typeof SIZE_PENALTIES;
/** An unarmed attack when a statblock lists none: 1d2 + STR/DEX + Brawl (Fray's default). */
export const UNARMED_DIE = 2;
/** Save target floor (RULINGS.md §shock Saves). */
export const SAVE_MIN = 2;
export const SAVE_BASE = 15;

/** The sides a headless fight knows by default: the party and its foes. */
export const PARTY_SIDE = "party";
