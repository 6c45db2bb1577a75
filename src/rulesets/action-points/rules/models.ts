import {
  array, bool, choice, html, int, object, text, type SourceOf,
} from "../../../engine/schema/spec";
import {
  AP_PER_ROUND, ATTACK_AP, ATTACK_KINDS, DIE_SIZES, FP_AT_START, HEXES_PER_AP, RP_FULL, SIZES,
  SKILLS, WEAPON_CATEGORIES,
} from "./constants";

/**
 * The data of every `action-points` document type, as field specs (`src/engine/schema/spec.ts`).
 * Skills are percentages (RULINGS.md §action-points Skills); pools are what the combatant starts
 * with or refills to, which abilities may raise (§Actions: "It is possible to start a round with
 * more than 5"). Source: `004_2cc57162401858c9.txt` §Action Economy, §Reach, §Range Penalties,
 * §Two-Weapon Fighting, §Basic Reactions & costs (Block needs a shield).
 */
const skills = object(
  Object.fromEntries(SKILLS.map((s) => [s, int(30, 0, 100)])) as
    Record<(typeof SKILLS)[number], ReturnType<typeof int>>,
);
const hp = (initial: number) => object({ value: int(initial, 0), max: int(initial, 1) });
/** The initiative modifier a sheet states; unstated, Agility's tens digit (RULINGS.md). */
const agilityModifier = object({ stated: bool(false), value: int(0, -5, 10) });
/** What the combatant refills to or starts with: AP a round, full RP, FP at the start of combat. */
const pools = object({
  ap: int(AP_PER_ROUND, 0, 20), rp: int(RP_FULL, 0, 10), fp: int(FP_AT_START, 0, 10),
});
const combatant = {
  skills,
  agilityModifier,
  size: choice(SIZES, "medium", "FRAY.ActionPoints.Size"),
  /** Hexes moved per AP spent on movement (§Movement In Combat: 6 unless stated). */
  moveHexes: int(HEXES_PER_AP, 0, 20),
  pools,
  /** Carries a shield: may Block (§Basic Reactions & costs). */
  shield: bool(false),
  biography: html(),
};

export const CHARACTER_SPEC = object({
  ...combatant,
  hp: hp(20),
  level: int(1, 1, 20),
  calling: text(),
});

export const NPC_SPEC = object({
  ...combatant,
  hp: hp(10),
  role: text(),
});

const damage = object({ dice: int(1, 0, 6), die: choice(DIE_SIZES, "6"), bonus: int(0, -5, 20) });

/** A Flow action: what FP buys with the weapon (RULINGS.md §action-points Flow actions). */
const flowAction = object({ name: text(), fp: int(1, 1, 5), effect: text() });

export const WEAPON_SPEC = object({
  category: choice(WEAPON_CATEGORIES, "sword", "FRAY.ActionPoints.Category"),
  kind: choice(ATTACK_KINDS, "melee", "FRAY.ActionPoints.AttackKind"),
  damage,
  /** Melee reach the weapon gives; the wielder uses the higher of it and its size's (§Reach). */
  reach: int(1, 1, 5),
  /** Hexes without penalty; each further increment is −10 (§Range Penalties). 0: melee only. */
  range: int(0, 0, 100),
  /** No off-hand penalty (§Two-Weapon Fighting: Finesse and Brawl weapons). */
  finesse: bool(false),
  /** Held in the off hand: −10 unless finesse or brawl (§Two-Weapon Fighting). */
  offHand: bool(false),
  /** In hand; drawing or sheathing costs 1 AP (§Draw/Sheathe). */
  readied: bool(true),
  flowActions: array(flowAction),
  description: html(),
});

export const SPELL_SPEC = object({
  /** AP to cast (§Actions: 2 for a spell). */
  ap: int(ATTACK_AP, 0, 10),
  /** How it reaches its target: a touch (melee) or at range. */
  kind: choice(ATTACK_KINDS, "ranged", "FRAY.ActionPoints.AttackKind"),
  range: int(6, 0, 100),
  /** One target: an ally may Intercept it (§Intercept). */
  singleTarget: bool(true),
  damage,
  description: html(),
});

export type CharacterSource = SourceOf<typeof CHARACTER_SPEC>;
export type NpcSource = SourceOf<typeof NPC_SPEC>;
export type WeaponSource = SourceOf<typeof WEAPON_SPEC>;
export type SpellSource = SourceOf<typeof SPELL_SPEC>;

/** The spec of each document subtype, by document name and ruleset-prefixed type. */
export const DOCUMENT_SPECS = {
  Actor: { actionPointsCharacter: CHARACTER_SPEC, actionPointsNpc: NPC_SPEC },
  Item: { actionPointsWeapon: WEAPON_SPEC, actionPointsSpell: SPELL_SPEC },
} as const;
