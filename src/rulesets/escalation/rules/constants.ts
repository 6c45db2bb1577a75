/**
 * Value lists of the `escalation` ruleset, as `as const` tuples so types and runtime checks share
 * one source. Source: `000_c2dc3d650823e22d.txt` (§Attacks, §Damage Types, §Initiative Bands,
 * §Action Types, §Ability Entries).
 */
export const DEFENSES = ["ac", "pd", "md"] as const;
export type Defense = (typeof DEFENSES)[number];

/** Initiative bands, fastest first (index = order of play). */
export const BANDS = ["veryFast", "fast", "medium", "slow", "verySlow"] as const;
export type Band = (typeof BANDS)[number];

export const DAMAGE_TYPES = [
  "acid",
  "cold",
  "fire",
  "force",
  "lightning",
  "necrotic",
  "psychic",
  "radiant",
  "thunder",
  "weapon",
] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const ACTIONS = ["standard", "move", "quick", "free", "interrupt"] as const;
export type Action = (typeof ACTIONS)[number];

/** The per-turn actions a combatant tracks (Free actions are unlimited). */
export const TRACKED_ACTIONS = ["standard", "move", "quick", "interrupt"] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

export const FREQUENCIES = ["atWill", "encounter", "daily", "recharge"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const ABILITY_TYPES = ["melee", "ranged", "spell", "none"] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];

export const STANCES = ["melee", "ranged"] as const;
export type Stance = (typeof STANCES)[number];

export const DIE_SIZES = [4, 6, 8, 10, 12] as const;
export type DieSize = (typeof DIE_SIZES)[number];

/** A class's miss damage on basic attacks: none, or equal to Level. */
export const MISS_DAMAGE = ["none", "level"] as const;
export type MissDamage = (typeof MISS_DAMAGE)[number];

/** Miss damage an ability deals: none, Level, or whatever the class's basic attack misses for. */
export const ABILITY_MISS = ["none", "level", "class"] as const;
export type AbilityMiss = (typeof ABILITY_MISS)[number];

/** Whether an ability is a basic attack (then its hit is the stance-die formula). */
export const BASIC_KINDS = ["none", "melee", "ranged"] as const;
export type BasicKind = (typeof BASIC_KINDS)[number];

/**
 * How long an applied effect lasts: save ends (11+ unless stated), until the end of the bearer's
 * next turn, until the end of the source's next turn, or until the encounter ends.
 */
/** What a healing ability does for its targets: nothing, a recovery spent, or a free recovery. */
export const HEAL_KINDS = ["none", "recovery", "freeRecovery"] as const;
export type HealKind = (typeof HEAL_KINDS)[number];

export const DURATIONS = [
  "saveEnds",
  "endOfNextTurn",
  "endOfSourceNextTurn",
  "endOfEncounter",
] as const;
export type Duration = (typeof DURATIONS)[number];

/** Natural thresholds. Source: §Attacks (natural 17+ crits, natural 3 crit-fails). */
export const NATURAL_CRIT = 17;
export const NATURAL_CRIT_FAIL = 3;
export const ESCALATION_MAX = 6;

/** Death saves: 13+, four failures in one encounter kill. Source: §Dying and Death. */
export const DEATH_SAVE_TARGET = 13;
export const DEATH_SAVE_FAILURES = 4;
/** A save against a one-round effect when Rallying. Source: §Rally. */
export const ONE_ROUND_SAVE = 13;
/**
 * Disengage: 3d6 against 11, +1 per enemy past the first. Source: §Disengaging and Popping Off.
 */
export const DISENGAGE_BASE = 11;
