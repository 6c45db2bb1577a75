import type { DamageDice } from "../../../engine/dice/damage-dice";
import {
  sourceOf, StatblockError, type ActorDocumentSource,
} from "../../../engine/schema/document-source";
import {
  BASE_REACH, sizeRank, type AttackKind, type Size, type Skill, type WeaponCategory,
} from "./constants";
import { CHARACTER_SPEC, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC } from "./models";

export { StatblockError, type ActorDocumentSource };

/**
 * An `action-points` combatant as the pure rules and the headless runner need it, built from an
 * Actor's source data (pack JSON or `actor.toObject()`). Source: `004_2cc57162401858c9.txt`
 * §Reach, §Range Penalties, §Two-Weapon Fighting, §Initiative; RULINGS.md §action-points.
 */
/** Damage dice: `dice`d`die` + `bonus` (the engine's `DamageDice`). */
export type Damage = DamageDice;

export interface FlowAction {
  readonly name: string;
  readonly fp: number;
  readonly effect: string;
}

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly category: WeaponCategory;
  readonly kind: AttackKind;
  readonly damage: Damage;
  readonly reach: number;
  /** Hexes without penalty (0: melee only). */
  readonly range: number;
  readonly finesse: boolean;
  readonly offHand: boolean;
  readonly readied: boolean;
  readonly flowActions: readonly FlowAction[];
}

export interface Spell {
  readonly id: string;
  readonly name: string;
  readonly ap: number;
  readonly kind: AttackKind;
  readonly range: number;
  readonly singleTarget: boolean;
  readonly damage: Damage;
}

export interface Statblock {
  readonly id: string;
  readonly name: string;
  readonly isPC: boolean;
  readonly skills: Readonly<Record<Skill, number>>;
  /** The initiative modifier: stated on the sheet, else the Agility skill's tens digit. */
  readonly agilityModifier: number;
  readonly size: Size;
  readonly hpMax: number;
  /** Hexes per AP of movement. */
  readonly moveHexes: number;
  /** AP a round, full RP, FP at the start of combat. */
  readonly pools: { readonly ap: number; readonly rp: number; readonly fp: number };
  readonly shield: boolean;
  readonly weapons: readonly Weapon[];
  readonly spells: readonly Spell[];
}

/**
 * The Agility modifier read from the skill: its tens digit (Agility 45 → +4), or the sheet's own.
 * Source: RULINGS.md §action-points Agility modifier.
 */
export function agilityModifierOf(
  agility: number, stated: { readonly stated: boolean; readonly value: number },
): number {
  return stated.stated ? stated.value : Math.floor(agility / 10);
}

/**
 * A creature's own reach: 1 for Small and Medium, +1 per size above Medium (§Reach).
 */
export function sizeReach(size: Size): number {
  return BASE_REACH + Math.max(0, sizeRank(size) - sizeRank("medium"));
}

/**
 * The reach it threatens with `weapon` (none: its size's): the higher of the two, never their sum
 * ("Reach values do not stack", §Reach).
 */
export function reachWith(block: Pick<Statblock, "size">, weapon: Weapon | null): number {
  const own = sizeReach(block.size);
  return weapon && weapon.kind === "melee" ? Math.max(own, weapon.reach) : own;
}

/**
 * The readied melee weapon it threatens with, the longest-reaching one (the first of equals), or
 * null: with none in hand it threatens nothing (`rules/silent.ts`: threat needs a melee weapon).
 */
export function threatWeapon(block: Pick<Statblock, "size" | "weapons">): Weapon | null {
  let best: Weapon | null = null;
  for (const w of block.weapons) {
    if (!w.readied || w.kind !== "melee") continue;
    if (!best || reachWith(block, w) > reachWith(block, best)) best = w;
  }
  return best;
}

type ItemSource = NonNullable<ActorDocumentSource["items"]>[number];

const damageOf = (d: { dice: number; die: string; bonus: number }): Damage =>
  ({ dice: d.dice, die: Number(d.die), bonus: d.bonus });

/** A weapon item's statblock entry. @throws StatblockError when it does not fit WEAPON_SPEC. */
export function weaponFromItem(item: ItemSource, owner = ""): Weapon {
  const w = sourceOf(WEAPON_SPEC, item.system, owner ? `${owner} / ${item.name}` : item.name);
  return {
    id: item._id, name: item.name, category: w.category, kind: w.kind, damage: damageOf(w.damage),
    reach: w.reach, range: w.range, finesse: w.finesse, offHand: w.offHand, readied: w.readied,
    flowActions: w.flowActions.map((f) => ({ name: f.name, fp: f.fp, effect: f.effect })),
  };
}

/** A spell item's statblock entry. @throws StatblockError when it does not fit SPELL_SPEC. */
export function spellFromItem(item: ItemSource, owner = ""): Spell {
  const s = sourceOf(SPELL_SPEC, item.system, owner ? `${owner} / ${item.name}` : item.name);
  return {
    id: item._id, name: item.name, ap: s.ap, kind: s.kind, range: s.range,
    singleTarget: s.singleTarget, damage: damageOf(s.damage),
  };
}

/**
 * The statblock of an `actionPointsCharacter` or `actionPointsNpc` actor source; its weapon and
 * spell items in item order (other items are left out).
 * @throws StatblockError naming the document and field when the data does not fit its model, or
 *   the actor is of another type.
 */
export function statblockFromActor(doc: ActorDocumentSource): Statblock {
  const isPC = doc.type === "actionPointsCharacter";
  if (!isPC && doc.type !== "actionPointsNpc") {
    const choices = "actionPointsCharacter, actionPointsNpc";
    throw new StatblockError(doc.name, [{
      path: "type", message: `must be ${choices}, got "${doc.type}"`,
      key: "FRAY.Validation.Choice", data: { path: "type", choices, got: doc.type },
    }]);
  }
  const s = sourceOf(isPC ? CHARACTER_SPEC : NPC_SPEC, doc.system, doc.name);
  const items = doc.items ?? [];
  return {
    id: doc._id,
    name: doc.name,
    isPC,
    skills: { ...s.skills },
    agilityModifier: agilityModifierOf(s.skills.agility, s.agilityModifier),
    size: s.size,
    hpMax: s.hp.max,
    moveHexes: s.moveHexes,
    pools: { ...s.pools },
    shield: s.shield,
    weapons: items.filter((i) => i.type === "actionPointsWeapon")
      .map((i) => weaponFromItem(i, doc.name)),
    spells: items.filter((i) => i.type === "actionPointsSpell")
      .map((i) => spellFromItem(i, doc.name)),
  };
}
