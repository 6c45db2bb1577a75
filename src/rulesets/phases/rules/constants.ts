/**
 * Value lists and numbers of the `phases` ruleset, as `as const` tuples so types and runtime
 * checks share one source. Source: `003_d18720f6cd315cc2.txt` (§Advantage / Disadvantage,
 * §Combat Round, §Initiative Phase, §Movement Phase, §Movement Phase Notes, §Battle Phase,
 * §End Phase) and RULINGS.md §phases.
 */

/** Tiers, weakest first (RULINGS.md §phases Statistics: a tier 1–4). */
export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];
export const MIN_TIER = 1;
export const MAX_TIER = 4;

/**
 * The net edge an attack can have either way: the stepped die stops at d12 and d6 after four
 * sources (§Advantage / Disadvantage; RULINGS.md §phases Edge "at most 4").
 */
export const MAX_EDGE = 4;

/** Initiative: 2d6 + INT + AGI every round, ties rolled off on a d6 (§Initiative Phase). */
export const INITIATIVE_DICE = 2;
export const INITIATIVE_FACES = 6;
export const INITIATIVE_TIE_DIE = 6;

/** The attack roll's base dice: 2d6 + ATK against DEF (§Battle Actions, Attack). */
export const ATTACK_DICE = 2;
export const ATTACK_FACES = 6;

/** End-phase saves: 2d6, 7 or higher ends (or sustains) the effect (§End Phase). */
export const SAVE_DICE = 2;
export const SAVE_FACES = 6;
export const SAVE_TARGET = 7;

/** Difficult terrain: each square moved into costs this many squares (§Movement Phase Notes). */
export const DIFFICULT_FACTOR = 2;

/** Adventurers and monsters threaten each adjacent square: reach 1 (§Movement Phase Notes). */
export const THREAT_REACH = 1;

/** The conditions a power may inflict (RULINGS.md §phases Conditions). */
export const CONDITION_IDS = ["slowed", "dazed", "exposed", "immobilised"] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

/**
 * How an inflicted effect lasts: until an End-phase save ends it, while End-phase saves keep it
 * (a failed save ends it), or until the end of the round with no save (§End Phase; RULINGS.md
 * §phases Conditions, End phase).
 */
export const DURATIONS = ["saveEnds", "sustained", "endOfRound"] as const;
export type Duration = (typeof DURATIONS)[number];

/** How an attack power reaches: in melee (adjacent), or at range in squares. */
export const ATTACK_KINDS = ["melee", "ranged"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

/** What a power deals on a miss (RULINGS.md §phases Powers: none unless the power says so). */
export const MISS_DAMAGE = ["none", "half", "full"] as const;
export type MissDamage = (typeof MISS_DAMAGE)[number];

/** Damage dice sizes a formula may use (0 in `dice` means a flat amount only). */
export const DIE_SIZES = ["4", "6", "8", "10", "12"] as const;
export type DieSize = (typeof DIE_SIZES)[number];

/**
 * The six default movement powers (§Movement Phase) and `other` for a calling's or role's own:
 * the kind names the edge source a power gives (`edge.ts`) and which default an actor's own item
 * replaces (`movement-powers.ts`).
 */
export const MOVEMENT_KINDS = [
  "shift", "walk", "hustle", "run", "charge", "disengage", "other",
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** How a movement power counts its squares: a fixed number, or from the mover's Speed. */
export const SQUARES_BASES = ["fixed", "speed"] as const;
export type SquaresBase = (typeof SQUARES_BASES)[number];

/** Where a movement power may go: anywhere, or in a straight line ending next to an enemy. */
export const MOVE_PATHS = ["free", "straightAtEnemy"] as const;
export type MovePath = (typeof MOVE_PATHS)[number];

/** Which of its mover's attacks a movement power's edge applies to. */
export const EDGE_SCOPES = ["all", "meleeAtEnemy"] as const;
export type EdgeScope = (typeof EDGE_SCOPES)[number];

/** How long a movement power's edge lasts: to the end of this round or of the next. */
export const EDGE_UNTIL = ["endOfRound", "endOfNextRound"] as const;
export type EdgeUntil = (typeof EDGE_UNTIL)[number];

/** The Battle-phase actions (§Battle Actions). */
export const BATTLE_ACTIONS = ["attack", "activateItem", "delay", "defend", "disengage"] as const;
export type BattleAction = (typeof BATTLE_ACTIONS)[number];

/** Battle-phase Disengage: shift this many squares without provoking (§Battle Actions). */
export const DISENGAGE_SQUARES = 2;
