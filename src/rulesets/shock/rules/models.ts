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
import { ATTRIBUTES, COMBAT_SKILLS, DIE_SIZES, WEAPON_KINDS } from "./constants";

/**
 * The data of every `shock` document type, as field specs (`src/engine/schema/spec.ts`). Fields
 * follow `002_5e27cdf788b28f5f.txt` (§Attack Rolls, §Damage, §Shock, §Dual Wielding Weapons,
 * §Execution Attacks, §Morale) and RULINGS.md §shock (NPCs, Saves, Morale). Attributes are
 * stored as their modifiers (−3..+3): the rules only ever read the modifier.
 */
const attributes = object(
  Object.fromEntries(ATTRIBUTES.map((a) => [a, int(0, -3, 3)])) as
    Record<(typeof ATTRIBUTES)[number], ReturnType<typeof int>>,
);
/** Skill levels; −1 is untrained. */
const skills = object({
  stab: int(0, -1, 5), shoot: int(0, -1, 5), brawl: int(0, -1, 5), exert: int(0, -1, 5),
  sneak: int(0, -1, 5), notice: int(0, -1, 5), heal: int(0, -1, 5),
});
const hp = (initial: number) => object({ value: int(initial, 0), max: int(initial, 1) });

export const CHARACTER_SPEC = object({
  level: int(1, 1, 10),
  /** The class's attack bonus (§Attack Rolls: "their attack bonus"). */
  attackBonus: int(0, 0, 10),
  attributes,
  skills,
  hp: hp(10),
  /** Armor Class with armor and shield worn. */
  ac: int(10, 0, 30),
  /** Carries a shield: ignores the first Shock each round (§Shock). */
  shield: bool(false),
  /** Physical save target (RULINGS.md §shock Saves: 15 − level by default). */
  save: int(14, 2, 20),
  /** At 0 HP: Mortally Injured, stabilised by first aid (RULINGS.md §shock). */
  mortal: object({ injured: bool(false), stabilised: bool(false) }),
  className: text(),
  biography: html(),
});

export const NPC_SPEC = object({
  hitDice: int(1, 0, 30),
  /** Added to HD for the attack bonus (RULINGS.md §shock NPCs). */
  training: int(0, 0, 10),
  /** Well-trained and disciplined: may Make a Snap Attack (§Make a Snap Attack). */
  disciplined: bool(false),
  /** Modifiers and skills only when the statblock lists them (RULINGS.md §shock NPCs). */
  attributes,
  skills,
  hp: hp(5),
  ac: int(10, 0, 30),
  shield: bool(false),
  /** Morale score: 2d6 above it breaks the group (RULINGS.md §shock Morale). */
  morale: int(7, 2, 12),
  /** Never checks morale (undead, constructs, zealots). */
  fearless: bool(false),
  /** The morale group it belongs to (blank: its own name). */
  group: text(),
  /** Physical save target (15 − ½ HD rounded down by default, never below 2). */
  save: int(15, 2, 20),
  role: text(),
  biography: html(),
});

export const WEAPON_SPEC = object({
  kind: choice(WEAPON_KINDS, "melee", "FRAY.Shock.WeaponKind"),
  skill: choice(COMBAT_SKILLS, "stab", "FRAY.Shock.Skill"),
  /** The attributes it may use; the wielder picks the better (§Attack Rolls). */
  attributes: array(choice(ATTRIBUTES, "str", "FRAY.Shock.Attribute")),
  damage: object({ dice: int(1, 1, 6), die: choice(DIE_SIZES, "6") }),
  /** `Shock amount/AC ac`; amount 0 is none; `anyAc` is `X/-` (§Shock). */
  shock: object({ amount: int(0, 0, 20), ac: int(0, 0, 30), anyAc: bool(false) }),
  /** Magic bonus: to hit, damage and Shock (§Attack Rolls, §Shock). */
  magic: int(0, 0, 5),
  twoHanded: bool(false),
  /** Unarmed (adds Brawl to damage; the only attack while grappling). */
  unarmed: bool(false),
  /** Normal and long range in feet (ranged and thrown). */
  range: object({ normal: int(0, 0, 1000), long: int(0, 0, 2000) }),
  /** In hand: usable without a Ready action (§Ready or Stow an Item). */
  readied: bool(true),
  description: html(),
});

export type CharacterSource = SourceOf<typeof CHARACTER_SPEC>;
export type NpcSource = SourceOf<typeof NPC_SPEC>;
export type WeaponSource = SourceOf<typeof WEAPON_SPEC>;

/** The spec of each document subtype, by document name and ruleset-prefixed type. */
export const DOCUMENT_SPECS = {
  Actor: { shockCharacter: CHARACTER_SPEC, shockNpc: NPC_SPEC },
  Item: { shockWeapon: WEAPON_SPEC },
} as const;
