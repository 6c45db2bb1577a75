/**
 * Value lists and numbers of the `wounds` ruleset, as `as const` tuples so types and runtime
 * checks share one source. Source: `001_dbc5fcc02a99a518.txt` (§Attacking, §Wounds/Aiming,
 * §Auto Fails/Criticals, §Free Hits, §Bonus Actions, §Flat Footed, §Prone, §Sneak Damage,
 * §Summoning Slots, §Thralling, §Feats) and RULINGS.md §wounds.
 */

/** The attack die: a d20 + Accuracy against 10 + the target's Agility modifier (§Attacking). */
export const ATTACK_FACES = 20;
export const DEFENSE_BASE = 10;
/** A flat-footed target is hit on 5; a prone one on 5 + its Agility modifier (§Flat Footed). */
export const FLAT_FOOTED_DEFENSE = 5;

/** Center mass and attacking from behind each add +1 accuracy (§Wounds/Aiming, §Flanking). */
export const CENTER_MASS_BONUS = 1;
export const FLANKING_BONUS = 1;

/** A critical doubles the damage dealt; a super critical doubles it again (§Combat specific). */
export const CRITICAL_MULTIPLIER = 2;

/** One attack dealing this much net damage causes a wound (§Wounds/Aiming). */
export const WOUND_THRESHOLD = 6;
/** One instance of healing this large removes a wound (§Wounds/Aiming). */
export const HEAL_THRESHOLD = 6;
/** The fatal aim's wound rolls this die; on its top face it adds {@link FATAL_BONUS} damage. */
export const FATAL_DIE = 4;
export const FATAL_BONUS = 16;

/** Sneak damage: one d4, one more per Sneak Attack feat (§Sneak Damage, §Feats). */
export const SNEAK_DIE = 4;

/** Ties in Agility are rolled off on a d20 (RULINGS.md §wounds Initiative). */
export const INITIATIVE_TIE_DIE = 20;

/** A turn's slots (§Combat rules: "A turn = 1AA, 1MA, 2BA"). */
export const ATTACK_ACTIONS = 1;
export const MOVE_ACTIONS = 1;
export const BONUS_ACTIONS = 2;

/** Spaces a Move Action covers unless the statblock says otherwise (§Move Action). */
export const BASE_MOVEMENT = 6;

/** The melee zone is the adjacent squares; the Reach feat makes it 2 spaces (§Melee Zone). */
export const MELEE_ZONE = 1;
export const REACH_ZONE = 2;
/** An enemy moving more than this many spaces within a melee zone provokes a free hit. */
export const FREE_MOVE_IN_ZONE = 2;

/** Where an attack is aimed, chosen before the roll; center mass by default (§Wounds/Aiming). */
export const AIMS = ["centerMass", "fatal", "slowing", "weakening", "disrupting"] as const;
export type Aim = (typeof AIMS)[number];
export const DEFAULT_AIM: Aim = "centerMass";

/** How a weapon strikes: melee adds the Strength modifier and the bought melee damage. */
export const WEAPON_KINDS = ["melee", "ranged"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Damage dice sizes a weapon formula may use (0 dice means a flat amount). */
export const DIE_SIZES = ["4", "6", "8", "10", "12", "20"] as const;
export type DieSize = (typeof DIE_SIZES)[number];

/** The example feats of §Feats, each a modifier the rules read (`feats.ts`). */
export const FEAT_IDS = [
  "sneakAttack", "legionLeader", "battleCaster", "maneuverer", "reach", "weaponFocus", "athlete",
] as const;
export type FeatId = (typeof FEAT_IDS)[number];

/** Weapon Focus names this many weapons (§Feats). */
export const WEAPON_FOCUS_WEAPONS = 3;
/** Legion Leader's extra summoning slots; Athlete's extra movement (§Feats). */
export const LEGION_LEADER_SLOTS = 2;
export const ATHLETE_MOVEMENT = 2;

/**
 * What makes a unit flat-footed (§Flat Footed, §Channeling, §Summoning Sickness): snuck up on,
 * tied up, frozen, paralysed, channeling a spell, a summon's first round.
 */
export const FLAT_FOOTED_CAUSES = [
  "snuckUpOn", "tiedUp", "frozen", "paralyzed", "channeling", "summoningSickness",
] as const;
export type FlatFootedCause = (typeof FLAT_FOOTED_CAUSES)[number];

/** How a unit moves: some ways move half spaces (§Move Action; Maneuverer, §Feats). */
export const MOVE_MODES = [
  "normal", "sneaking", "swimming", "climbing", "tumbling", "carrying",
] as const;
export type MoveMode = (typeof MOVE_MODES)[number];

/** The four things a Bonus Action can buy, each repeatable (§Bonus Actions). */
export const PURCHASES = ["meleeDamage", "toHit", "dodge", "movement"] as const;
export type Purchase = (typeof PURCHASES)[number];
/** What one purchase adds: +1 melee damage, +1 to hit, +1 defense, +2 spaces. */
export const PURCHASE_AMOUNTS: Readonly<Record<Purchase, number>> = {
  meleeDamage: 1, toHit: 1, dodge: 1, movement: 2,
};

/** A thrall costs this much MP per level of the unit unless its spell says otherwise. */
export const THRALL_COST_PER_LEVEL = 6;
