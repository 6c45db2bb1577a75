import {
  array,
  bool,
  choice,
  html,
  int,
  object,
  text,
  type SourceOf,
} from "../../../engine/schema/spec";
import { CONDITION_IDS } from "./conditions";
import {
  ABILITY_MISS, ABILITY_TYPES, ACTIONS, BANDS, BASIC_KINDS, DAMAGE_TYPES, DEFENSES, DIE_SIZES,
  DURATIONS, FREQUENCIES, HEAL_KINDS, MISS_DAMAGE, STANCES,
} from "./constants";

/**
 * The data of every `escalation` document type, as field specs (see `../schema/spec.ts`). Field
 * meanings follow `000_c2dc3d650823e22d.txt` (§Attacks, §Ability Entries, §Resistance and
 * Weakness, §Recoveries) and RULINGS.md §escalation.
 */
const DIES = DIE_SIZES.map(String) as unknown as readonly ["4", "6", "8", "10", "12"];
const dieChoice = (initial: (typeof DIES)[number]) => choice(DIES, initial);

const hp = (initial: number) => object({ value: int(initial), max: int(initial, 1) });
const defenses = object({ ac: int(10, 0, 40), pd: int(10, 0, 40), md: int(10, 0, 40) });
const resistance = object({
  type: choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType"),
  threshold: int(12, 4, 19),
});
const conditionEffect = object({
  id: choice(CONDITION_IDS, "dazed", "FRAY.Condition"),
  duration: choice(DURATIONS, "saveEnds", "FRAY.Duration"),
  /** Ongoing damage per turn when `id` is `ongoing`. */
  amount: int(0, 0),
  damageType: choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType"),
  /** The save that ends it when `duration` is `saveEnds` (11+ unless stated). */
  save: int(11, 2, 18),
});
const damage = object({
  dice: int(0, 0, 40),
  perLevel: bool(false),
  die: choice(["0", ...DIES] as const, "0"),
  flat: int(0, -100, 1000),
  volition: bool(false),
});

export const CHARACTER_SPEC = object({
  level: int(1, 1, 10),
  volition: int(0, -5, 10),
  className: text(),
  band: choice(BANDS, "medium", "FRAY.Band"),
  stance: object({ mode: choice(STANCES, "melee", "FRAY.Stance"), die: dieChoice("8") }),
  missDamage: choice(MISS_DAMAGE, "none", "FRAY.MissDamage"),
  hp: hp(30),
  defenses,
  recoveries: object({
    value: int(8, 0),
    max: int(8, 0, 20),
    dice: int(1, 0, 20),
    die: dieChoice("8"),
    bonus: int(0, -100, 1000),
    /**
     * Times healed with no recovery left since the last Full Rest: −1 Volition and defenses each.
     */
    penalty: int(0, 0, 50),
  }),
  /** Death saves this encounter (§Dying and Death, §Last Gasp Saves). */
  death: object({
    failures: int(0, 0, 4),
    stabilized: bool(false),
    /** Dropped by a crit or to −½ max HP: 2 Disadvantage on the first death save. */
    hardFirstSave: bool(false),
    /** Making Last Gasp saves (HP is kept; healing does not end it). */
    lastGasp: bool(false),
    /**
     * Back up by a death save or a Last Gasp save (not a natural 17+), or by a heal from Dying:
     * acts from its next turn on (`mayAct`).
     */
    upNextTurn: bool(false),
  }),
  power: object({ value: int(0, 0), max: int(0, 0, 100), label: text() }),
  resistances: array(resistance),
  weaknesses: array(choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType")),
  biography: html(),
});

export const NPC_SPEC = object({
  level: int(1, 0, 20),
  /** Added to attacks like a PC's Volition. */
  volition: int(0, -5, 20),
  role: text(),
  band: choice(BANDS, "medium", "FRAY.Band"),
  usesEscalation: bool(false),
  hp: hp(20),
  defenses,
  resistances: array(resistance),
  weaknesses: array(choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType")),
  biography: html(),
});

export const WEAPON_SPEC = object({
  stance: choice(STANCES, "melee", "FRAY.Stance"),
  die: dieChoice("8"),
  damageType: choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType"),
  equipped: bool(false),
  description: html(),
});

export const ABILITY_SPEC = object({
  abilityType: choice(ABILITY_TYPES, "melee", "FRAY.AbilityType"),
  frequency: choice(FREQUENCIES, "atWill", "FRAY.Frequency"),
  /** Recharge X+ when `frequency` is `recharge`. */
  recharge: int(11, 2, 18),
  action: choice(ACTIONS, "standard", "FRAY.Action"),
  provokes: bool(false),
  /** Sustain X+ (0 = no sustain). */
  sustain: int(0, 0, 18),
  powerCost: int(0, 0, 100),
  escalationMin: int(0, 0, 6),
  /** The defense attacked; `none` for abilities without an attack roll. */
  defense: choice([...DEFENSES, "none"] as const, "ac", "FRAY.Defense"),
  targets: int(1, 0, 20),
  /** A basic attack: its hit damage is the stance die formula. */
  basic: choice(BASIC_KINDS, "none", "FRAY.Basic"),
  /** Roll every attack before any damage. */
  rollAllFirst: bool(false),
  /**
   * A hit makes a character target start Last Gasp saves (an effect that can finish it outright).
   */
  lastGasp: bool(false),
  /**
   * Heals its targets (or its user when none is targeted): they spend a recovery, or a free one.
   */
  heal: choice(HEAL_KINDS, "none", "FRAY.Heal"),
  /** Sort order on an NPC's statblock: lower is tried first by the encounter runner. */
  priority: int(0, 0, 100),
  used: bool(false),
  hit: object({
    damage,
    damageTypes: array(choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType")),
    effects: array(conditionEffect),
  }),
  miss: object({
    mode: choice(ABILITY_MISS, "none", "FRAY.AbilityMiss"),
    effects: array(conditionEffect),
  }),
  crit: object({ effects: array(conditionEffect) }),
  description: html(),
});

/** A kept band: one of the bands, or "" for none written yet (see `KEPT_SPEC`). */
export const KEPT_BANDS = ["", ...BANDS] as const;

/**
 * What the GM trusts of an escalation combatant, kept on the Combat where only a GM writes
 * (`shell/combat/kept.ts`), since a player may write its own Combatant: the actions it used (the
 * turn's Standard, Move and Quick, the round's Interrupt) and its place in the turn order, its
 * band and its order inside the band's PC (or enemy) group. The active GM writes the band when the
 * combatant joins (from its actor's band); "" until then, read as the actor's band. Source:
 * `000_c2dc3d650823e22d.txt` §Initiative Bands, §Actions.
 */
export const KEPT_SPEC = object({
  actions: object({
    standard: bool(false),
    move: bool(false),
    quick: bool(false),
    interrupt: bool(false),
  }),
  band: choice(KEPT_BANDS, ""),
  order: int(0, -1000, 1000),
});

/** The kept fields each version of the store added after the first (`shell/combat/kept.ts`). */
export const KEPT_SINCE: Readonly<Record<string, number>> = { band: 3, order: 3 };

/**
 * A combatant's own data. Its model still declares what the GM now keeps on the Combat (its band,
 * its order and the actions) so combats from before the store load and are migrated
 * (`shell/combat/kept-migration.ts`); nothing reads them there.
 */
export const COMBATANT_SPEC = object({
  ...KEPT_SPEC.fields,
  band: choice(BANDS, "medium", "FRAY.Band"),
  order: int(0, -1000, 1000),
});

/**
 * `flags.fray.timing` of an ActiveEffect Fray applied with a duration: how it ends, who applied it
 * (combatant ids, empty outside combat) and whether it is armed (see `durations.ts`).
 */
export const EFFECT_TIMING_SPEC = object({
  duration: choice(DURATIONS, "saveEnds", "FRAY.Duration"),
  save: int(11, 2, 18),
  amount: int(0, 0),
  damageType: choice(DAMAGE_TYPES, "weapon", "FRAY.DamageType"),
  source: text(),
  armed: bool(true),
  /** The item id of the `Sustain X` ability that holds it up (empty for others). */
  ability: text(),
});
export type EffectTiming = SourceOf<typeof EFFECT_TIMING_SPEC>;

export type CharacterSource = SourceOf<typeof CHARACTER_SPEC>;
export type NpcSource = SourceOf<typeof NPC_SPEC>;
export type WeaponSource = SourceOf<typeof WEAPON_SPEC>;
export type AbilitySource = SourceOf<typeof ABILITY_SPEC>;
export type CombatantSource = SourceOf<typeof COMBATANT_SPEC>;
export type KeptSource = SourceOf<typeof KEPT_SPEC>;
export type ConditionEffectSource = AbilitySource["hit"]["effects"][number];
export type DamageSource = AbilitySource["hit"]["damage"];

/** The spec of each document subtype, by document name and type. */
export const DOCUMENT_SPECS = {
  Actor: { escalationCharacter: CHARACTER_SPEC, escalationNpc: NPC_SPEC },
  Item: { escalationWeapon: WEAPON_SPEC, escalationAbility: ABILITY_SPEC },
} as const;
