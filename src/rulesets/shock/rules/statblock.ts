import {
  sourceOf, StatblockError, type ActorDocumentSource,
} from "../../../engine/schema/document-source";
import {
  SAVE_BASE, SAVE_MIN, UNARMED_DIE, type Attribute, type CombatSkill, type Skill, type WeaponKind,
} from "./constants";
import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "./models";

// The stored shape and its error are the engine's; named here too for this ruleset's readers.
export { StatblockError, type ActorDocumentSource };

/**
 * A `shock` combatant as the pure rules and the headless runner need it, built from an Actor's
 * source data (pack JSON or `actor.toObject()`). Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls,
 * §Damage, §Shock; RULINGS.md §shock NPCs, Saves.
 */
export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly kind: WeaponKind;
  readonly skill: CombatSkill;
  readonly attributes: readonly Attribute[];
  readonly dice: number;
  readonly die: number;
  /** Shock amount (0: none), the highest AC it reaches, or any AC (`X/-`). */
  readonly shock: { readonly amount: number; readonly ac: number; readonly anyAc: boolean };
  readonly magic: number;
  readonly twoHanded: boolean;
  readonly unarmed: boolean;
  readonly range: { readonly normal: number; readonly long: number };
  readonly readied: boolean;
}

export interface Statblock {
  readonly id: string;
  readonly name: string;
  readonly isPC: boolean;
  /** PCs: the class attack bonus; NPCs: HD + training (RULINGS.md §shock NPCs). */
  readonly attackBonus: number;
  readonly hitDice: number;
  readonly attributes: Readonly<Record<Attribute, number>>;
  readonly skills: Readonly<Record<Skill, number>>;
  readonly hpMax: number;
  readonly ac: number;
  readonly shield: boolean;
  readonly save: number;
  /** May Make a Snap Attack: every PC, and NPCs marked disciplined (§Make a Snap Attack). */
  readonly snapAttack: boolean;
  readonly morale: number;
  readonly fearless: boolean;
  /** Morale group (NPCs; the name when blank). */
  readonly group: string;
  readonly weapons: readonly Weapon[];
}

/**
 * The default save targets (RULINGS.md §shock Saves): 15 − level (PCs), 15 − ⌊HD/2⌋
 * (NPCs), ≥ 2.
 */
export function defaultSave(isPC: boolean, levelOrHd: number): number {
  return Math.max(SAVE_MIN, SAVE_BASE - (isPC ? levelOrHd : Math.floor(levelOrHd / 2)));
}

/** The unarmed attack every combatant has (1d2, STR or DEX, Brawl; Fray's default, no Shock). */
export const UNARMED: Weapon = {
  id: "unarmed", name: "Unarmed", kind: "melee", skill: "brawl", attributes: ["str", "dex"],
  dice: 1, die: UNARMED_DIE, shock: { amount: 0, ac: 0, anyAc: false }, magic: 0, twoHanded: false,
  unarmed: true, range: { normal: 0, long: 0 }, readied: true,
};

/** A weapon item's statblock entry. @throws StatblockError when it does not fit WEAPON_SPEC. */
export function weaponFromItem(
  item: { _id: string; name: string; system: Record<string, unknown> }, owner = "",
): Weapon {
  const w = sourceOf(WEAPON_SPEC, item.system, owner ? `${owner} / ${item.name}` : item.name);
  return {
    id: item._id,
    name: item.name,
    kind: w.kind,
    skill: w.skill,
    attributes: w.attributes.length ? w.attributes : ["str"],
    dice: w.damage.dice,
    die: Number(w.damage.die),
    shock: w.shock,
    magic: w.magic,
    twoHanded: w.twoHanded,
    unarmed: w.unarmed,
    range: w.range,
    readied: w.readied,
  };
}

/**
 * @throws StatblockError when the actor or one of its weapons does not fit its model, or the
 *   actor type is not `shockCharacter` or `shockNpc`.
 */
export function statblockFromActor(actor: ActorDocumentSource): Statblock {
  const weapons = (actor.items ?? [])
    .filter((i) => i.type === "shockWeapon")
    .map((i) => weaponFromItem(i, actor.name));
  if (actor.type === "shockCharacter") {
    const s = sourceOf(CHARACTER_SPEC, actor.system, actor.name);
    return {
      id: actor._id,
      name: actor.name,
      isPC: true,
      attackBonus: s.attackBonus,
      hitDice: s.level,
      attributes: s.attributes,
      skills: s.skills,
      hpMax: s.hp.max,
      ac: s.ac,
      shield: s.shield,
      save: s.save,
      snapAttack: true,
      morale: 12,
      fearless: true,
      group: actor.name,
      weapons,
    };
  }
  if (actor.type === "shockNpc") {
    const s = sourceOf(NPC_SPEC, actor.system, actor.name);
    return {
      id: actor._id,
      name: actor.name,
      isPC: false,
      attackBonus: s.hitDice + s.training,
      hitDice: s.hitDice,
      attributes: s.attributes,
      skills: s.skills,
      hpMax: s.hp.max,
      ac: s.ac,
      shield: s.shield,
      save: s.save,
      snapAttack: s.disciplined,
      morale: s.morale,
      fearless: s.fearless,
      group: s.group || actor.name,
      weapons,
    };
  }
  throw new StatblockError(actor.name, [{
    path: "type",
    message: `must be shockCharacter or shockNpc, got "${actor.type}"`,
    key: "FRAY.Validation.Choice",
    data: { path: "type", choices: "shockCharacter, shockNpc", got: actor.type },
  }]);
}

/** The better of a weapon's attribute modifiers for this wielder (§Attack Rolls). */
export function weaponAttribute(
  block: Pick<Statblock, "attributes">, weapon: Weapon,
): { attribute: Attribute; modifier: number } {
  let best: Attribute | null = null;
  let modifier = 0;
  for (const a of weapon.attributes) {
    const m = block.attributes[a];
    if (best === null || m > modifier) {
      best = a;
      modifier = m;
    }
  }
  return best === null ? { attribute: "str", modifier: block.attributes.str }
    : { attribute: best, modifier };
}

/**
 * `weaponAttribute`'s modifier alone, with no record built: damage and Shock ask it at every hit
 * and at every weighing of one.
 */
export function weaponModifier(block: Pick<Statblock, "attributes">, weapon: Weapon): number {
  const { attributes } = block;
  let modifier = 0;
  let found = false;
  for (const a of weapon.attributes) {
    const m = attributeOf(attributes, a);
    if (!found || m > modifier) {
      found = true;
      modifier = m;
    }
  }
  return found ? modifier : attributes.str;
}

/** One attribute's modifier, read by name (a keyed read by a changing name is slower). */
function attributeOf(attributes: Readonly<Record<Attribute, number>>, a: Attribute): number {
  switch (a) {
    case "str": return attributes.str;
    case "dex": return attributes.dex;
    case "con": return attributes.con;
    case "int": return attributes.int;
    case "wis": return attributes.wis;
    case "cha": return attributes.cha;
  }
}

/**
 * The two weapons a dual-wielder wields: its first two readied one-handed melee weapons, when it
 * has at least level 1 in each one's skill; null when it does not dual-wield.
 * Source: `002_5e27cdf788b28f5f.txt` §Dual Wielding Weapons.
 */
export function wieldedPair(
  block: Pick<Statblock, "weapons" | "skills">,
): readonly [Weapon, Weapon] | null {
  const hands = block.weapons.filter(
    (w) => w.readied && w.kind === "melee" && !w.twoHanded && !w.unarmed,
  );
  const [a, b] = hands;
  if (!a || !b) return null;
  return block.skills[a.skill] >= 1 && block.skills[b.skill] >= 1 ? [a, b] : null;
}

/** Whether the wielder dual-wields (`wieldedPair`): −1 on every attack roll it makes. */
export function dualWields(block: Pick<Statblock, "weapons" | "skills">): boolean {
  return wieldedPair(block) !== null;
}
