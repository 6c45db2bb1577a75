import {
  array, bool, choice, html, int, object, text, type SourceOf,
} from "../../../engine/schema/spec";
import {
  ATTACK_KINDS, CONDITION_IDS, DIE_SIZES, DURATIONS, EDGE_SCOPES, EDGE_UNTIL, MAX_EDGE, MAX_TIER,
  MIN_TIER, MISS_DAMAGE, MOVE_PATHS, MOVEMENT_KINDS, SQUARES_BASES,
} from "./constants";

/**
 * The data of every `phases` document type, as field specs (`src/engine/schema/spec.ts`): one
 * description for the TypeDataModels, the pack checks and the statblock reader.
 * Source: `003_d18720f6cd315cc2.txt` §Movement Phase, §Battle Actions, §End Phase; RULINGS.md
 * §phases Statistics, Powers, Movement power defaults, Conditions.
 */
const hp = (initial: number) => object({ value: int(initial, 0), max: int(initial, 1) });

/** The six statistics and the tier (RULINGS.md §phases Statistics). */
const combatant = {
  atk: int(0, -5, 20),
  def: int(10, 0, 40),
  int: int(0, -5, 10),
  agi: int(0, -5, 10),
  /** Squares a Walk covers; the other movement powers count from it. */
  speed: int(6, 0, 20),
  tier: int(MIN_TIER, MIN_TIER, MAX_TIER),
  biography: html(),
};

export const CHARACTER_SPEC = object({
  ...combatant,
  hp: hp(20),
  calling: text(),
});

export const NPC_SPEC = object({
  ...combatant,
  hp: hp(10),
  role: text(),
});

/** A damage formula: `dice`d`die` + `bonus` (no dice: a flat amount). */
const damage = object({
  dice: int(1, 0, 10), die: choice(DIE_SIZES, "6", "FRAY.Phases.Die"), bonus: int(0, -10, 50),
});

/** An effect a power inflicts on its target: a condition and how it lasts. */
const conditionEffect = object({
  condition: choice(CONDITION_IDS, "dazed", "FRAY.Phases.Condition"),
  duration: choice(DURATIONS, "saveEnds", "FRAY.Phases.Duration"),
  /** Inflicted on a miss as well as on a hit. */
  onMiss: bool(false),
});

export const ATTACK_POWER_SPEC = object({
  kind: choice(ATTACK_KINDS, "melee", "FRAY.Phases.AttackKind"),
  /** Squares it reaches: 1 for melee (adjacent), the range for a ranged power. */
  range: int(1, 1, 100),
  /** How many targets it attacks, each with its own roll. */
  targets: int(1, 1, 20),
  damage,
  /** What a miss deals (RULINGS.md §phases Powers: none unless the power says so). */
  miss: choice(MISS_DAMAGE, "none", "FRAY.Phases.MissDamage"),
  effects: array(conditionEffect),
  /** The basic melee attack it makes as an opportunity attack (RULINGS.md §phases). */
  basic: bool(false),
  description: html(),
});

/**
 * A movement power, every default a field the GM can edit (RULINGS.md §phases Movement powers,
 * Movement power defaults). Squares: `plus` when fixed, Speed × `times` + `plus` from Speed.
 */
export const MOVEMENT_POWER_SPEC = object({
  kind: choice(MOVEMENT_KINDS, "other", "FRAY.Phases.MovementKind"),
  squares: object({
    base: choice(SQUARES_BASES, "speed", "FRAY.Phases.SquaresBase"),
    times: int(1, 0, 4),
    plus: int(0, -20, 20),
  }),
  /** Leaving a threatened square with it provokes opportunity attacks. */
  provokes: bool(true),
  path: choice(MOVE_PATHS, "free", "FRAY.Phases.MovePath"),
  /** Net edge it gives its mover's attacks (negative: Disadvantage), and to which and how long. */
  edge: object({
    amount: int(0, -MAX_EDGE, MAX_EDGE),
    scope: choice(EDGE_SCOPES, "all", "FRAY.Phases.EdgeScope"),
    until: choice(EDGE_UNTIL, "endOfRound", "FRAY.Phases.EdgeUntil"),
  }),
  /** Its mover may not Attack in this round's Battle phase (Run). */
  forbidsAttack: bool(false),
  description: html(),
});

/** An item its bearer activates in the Battle phase (§Battle Actions, Activate Item). */
export const ACTIVATABLE_SPEC = object({
  /** Uses left and the most it holds; a `max` of 0 is an item used at will. */
  uses: object({ value: int(1, 0), max: int(1, 0, 100) }),
  /** Hit points it restores to its bearer when activated (no dice and no bonus: none). */
  heal: object({
    dice: int(0, 0, 10), die: choice(DIE_SIZES, "6", "FRAY.Phases.Die"), bonus: int(0, 0, 50),
  }),
  /** Conditions on its bearer that activating it ends. */
  ends: array(choice(CONDITION_IDS, "dazed", "FRAY.Phases.Condition")),
  description: html(),
});

export type CharacterSource = SourceOf<typeof CHARACTER_SPEC>;
export type NpcSource = SourceOf<typeof NPC_SPEC>;
export type AttackPowerSource = SourceOf<typeof ATTACK_POWER_SPEC>;
export type MovementPowerSource = SourceOf<typeof MOVEMENT_POWER_SPEC>;
export type ActivatableSource = SourceOf<typeof ACTIVATABLE_SPEC>;

/** The spec of each document subtype, by document name and ruleset-prefixed type. */
export const DOCUMENT_SPECS = {
  Actor: { phasesCharacter: CHARACTER_SPEC, phasesNpc: NPC_SPEC },
  Item: {
    phasesAttack: ATTACK_POWER_SPEC, phasesMovement: MOVEMENT_POWER_SPEC,
    phasesActivatable: ACTIVATABLE_SPEC,
  },
} as const;
