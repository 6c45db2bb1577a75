import {
  array, choice, html, int, object, text, type SourceOf,
} from "../../../engine/schema/spec";
import {
  BASE_MOVEMENT, DIE_SIZES, FEAT_IDS, WEAPON_FOCUS_WEAPONS, WEAPON_KINDS,
} from "./constants";

/**
 * The data of every `wounds` document type, as field specs (`src/engine/schema/spec.ts`): one
 * description for the TypeDataModels, the pack checks and the statblock reader. No labels yet:
 * the ruleset's screens are not built (they add their `FRAY.` prefixes then).
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Move Action, §Spell Casting, §Feats,
 * §Summoning Slots, §Thralling; RULINGS.md §wounds.
 */
const pool = (initial: number) => object({ value: int(initial, 0), max: int(initial, 0) });

/** The modifiers the text names, HP and MP, armor and movement. */
const unit = {
  level: int(1, 1, 30),
  hp: pool(20),
  mp: pool(0),
  accuracy: int(0, -10, 20),
  agility: int(0, -10, 20),
  strength: int(0, -10, 20),
  /** Damage taken off every hit (§Wounds/Aiming: "reductions from armor"). */
  armor: int(0, 0, 50),
  /** Spaces a Move Action covers (§Move Action: "traditionally 6"). */
  movement: int(BASE_MOVEMENT, 0, 50),
  biography: html(),
};

export const CHARACTER_SPEC = object({ ...unit });
export const NPC_SPEC = object({
  ...unit,
  /** MP a summoner pays to keep it (§Thralling); 0: the default, 6 × level. */
  thrallCost: int(0, 0, 1000),
});

/** A damage formula: `dice`d`die` + `bonus` (no dice: a flat amount). */
const damage = object({
  dice: int(1, 0, 10), die: choice(DIE_SIZES, "6"), bonus: int(0, -10, 50),
});

export const WEAPON_SPEC = object({
  kind: choice(WEAPON_KINDS, "melee"),
  damage,
  description: html(),
});

/**
 * A spell (§Spell Casting, §Channeling): its cast time in actions (each paid with an Attack or
 * Move Action), its MP cost, and any upkeep (MP a round) that makes it channeled. What it does,
 * where the runner plays it: an attack's damage (the text: "the method of dealing damage varies
 * depending on the weapon or spell"; 0 dice and 0 bonus: no attack), or the unit it summons (an
 * NPC's actor id or name; "": none; §Summoning Slots).
 */
export const SPELL_SPEC = object({
  castTime: int(1, 0, 20),
  mp: int(0, 0, 1000),
  upkeep: int(0, 0, 1000),
  damage: object({ dice: int(0, 0, 10), die: choice(DIE_SIZES, "6"), bonus: int(0, 0, 50) }),
  /** Damage its attack gains per Bonus Action spent improving it (0: it has no improvement). */
  improvement: int(0, 0, 20),
  summon: text(),
  /** What it adds to its caster while kept up (only with an upkeep: `upkeep.ts`). */
  ward: object({ accuracy: int(0, 0, 10), armor: int(0, 0, 10), movement: int(0, 0, 20) }),
  description: html(),
});

/** A feat (§Feats): which one, and for Weapon Focus the weapons it names (ids or names). */
export const FEAT_SPEC = object({
  feat: choice(FEAT_IDS, "athlete"),
  weapons: array(text()),
  description: html(),
});

export type CharacterSource = SourceOf<typeof CHARACTER_SPEC>;
export type NpcSource = SourceOf<typeof NPC_SPEC>;
export type WeaponSource = SourceOf<typeof WEAPON_SPEC>;
export type SpellSource = SourceOf<typeof SPELL_SPEC>;
export type FeatSource = SourceOf<typeof FEAT_SPEC>;

/** Weapon Focus names at most this many weapons. */
export const MAX_FOCUS_WEAPONS = WEAPON_FOCUS_WEAPONS;

/** The spec of each document subtype, by document name and ruleset-prefixed type. */
export const DOCUMENT_SPECS = {
  Actor: { woundsCharacter: CHARACTER_SPEC, woundsNpc: NPC_SPEC },
  Item: { woundsWeapon: WEAPON_SPEC, woundsSpell: SPELL_SPEC, woundsFeat: FEAT_SPEC },
} as const;
