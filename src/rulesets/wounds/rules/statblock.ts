import type { DamageDice } from "../../../engine/dice/damage-dice";
import {
  actorSource, sourceOf, StatblockError, type ActorDocumentSource,
} from "../../../engine/schema/document-source";
import type { SpecError } from "../../../engine/schema/spec";
import { THRALL_COST_PER_LEVEL, type FeatId, type WeaponKind } from "./constants";
import { NO_WARD, type Ward } from "./upkeep";
import {
  CHARACTER_SPEC, FEAT_SPEC, MAX_FOCUS_WEAPONS, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC,
} from "./models";

export { StatblockError, type ActorDocumentSource };

/**
 * A `wounds` unit as the pure rules and a runner need it, built from an Actor's source data
 * (pack JSON or `actor.toObject()`), with its weapons, spells and feats. Its stats are the
 * unwounded ones: `derived.ts` applies wounds. Source: `001_dbc5fcc02a99a518.txt` §Attacking,
 * §Move Action, §Spell Casting, §Feats, §Summoning Slots, §Thralling; RULINGS.md §wounds.
 */

/** Damage dice: `dice`d`die` + `bonus` (the engine's `DamageDice`). */
export type Damage = DamageDice;

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly kind: WeaponKind;
  readonly damage: Damage;
}

export interface Spell {
  readonly id: string;
  readonly name: string;
  /** Actions it takes to cast, each an Attack or a Move Action (§Spell Casting). */
  readonly castTime: number;
  readonly mp: number;
  /** MP each round while kept up; above 0 makes it channeled (§Channeling). */
  readonly upkeep: number;
  /** The damage of its attack (d20 + Accuracy against the defense), or null: no attack. */
  readonly damage: Damage | null;
  /**
   * Damage its attack gains per Bonus Action its caster spends improving it as it strikes
   * (`spells.ts` `improvementDamage`); 0: none.
   */
  readonly improvement: number;
  /** The unit it summons, by actor id or name; "" when it summons none. */
  readonly summon: string;
  /** What it adds to its caster while kept up and on (`upkeep.ts`); all 0 without an upkeep. */
  readonly ward: Ward;
}

export interface Feat {
  readonly id: string;
  readonly feat: FeatId;
  /** Weapon Focus: the weapons it names, by item id or name. */
  readonly weapons: readonly string[];
}

export interface Statblock {
  readonly id: string;
  readonly name: string;
  readonly isPC: boolean;
  readonly level: number;
  readonly hp: number;
  readonly hpMax: number;
  readonly mp: number;
  readonly mpMax: number;
  /** Modifiers (§Attacking), before wounds. */
  readonly accuracy: number;
  readonly agility: number;
  readonly strength: number;
  readonly armor: number;
  /** Spaces a Move Action covers, before feats and wounds. */
  readonly movement: number;
  /** MP to keep it as a thrall (§Thralling): its own, else 6 × level. */
  readonly thrallCost: number;
  readonly weapons: readonly Weapon[];
  readonly spells: readonly Spell[];
  readonly feats: readonly Feat[];
}

type ItemSource = NonNullable<ActorDocumentSource["items"]>[number];

const label = (item: ItemSource, owner: string) => (owner ? `${owner} / ${item.name}` : item.name);

/** A weapon item's entry. @throws StatblockError when it does not fit its spec. */
export function weaponFromItem(item: ItemSource, owner = ""): Weapon {
  const w = sourceOf(WEAPON_SPEC, item.system, label(item, owner));
  return {
    id: item._id, name: item.name, kind: w.kind,
    damage: { dice: w.damage.dice, die: Number(w.damage.die), bonus: w.damage.bonus },
  };
}

/** A spell item's entry. @throws StatblockError when it does not fit its spec. */
export function spellFromItem(item: ItemSource, owner = ""): Spell {
  const s = sourceOf(SPELL_SPEC, item.system, label(item, owner));
  const attacks = s.damage.dice > 0 || s.damage.bonus > 0;
  return {
    id: item._id, name: item.name, castTime: s.castTime, mp: s.mp, upkeep: s.upkeep,
    damage: attacks
      ? { dice: s.damage.dice, die: Number(s.damage.die), bonus: s.damage.bonus } : null,
    improvement: attacks ? s.improvement : 0, summon: s.summon,
    ward: s.upkeep > 0 ? { ...s.ward } : NO_WARD,
  };
}

/**
 * A feat item's entry. @throws StatblockError when it does not fit its spec, or a Weapon Focus
 * names more than three weapons (§Feats: "3 chosen weapons").
 */
export function featFromItem(item: ItemSource, owner = ""): Feat {
  const f = sourceOf(FEAT_SPEC, item.system, label(item, owner));
  if (f.weapons.length > MAX_FOCUS_WEAPONS) {
    throw new StatblockError(label(item, owner), [{
      path: "weapons", message: `names at most ${MAX_FOCUS_WEAPONS} weapons`,
      key: "FRAY.Validation.Max", data: { path: "weapons", max: MAX_FOCUS_WEAPONS },
    }]);
  }
  return { id: item._id, feat: f.feat, weapons: [...f.weapons] };
}

const overMax = (path: string, value: number, max: number): SpecError[] => (value > max ? [{
  path: `${path}.value`, message: `must be at most ${path}.max (${max}), got ${value}`,
  key: "FRAY.Validation.Max", data: { path: `${path}.value`, max, got: value },
}] : []);

/**
 * The statblock of a `woundsCharacter` or `woundsNpc` actor source; its weapons, spells and feats
 * in item order (items of other types are left out).
 * @throws StatblockError naming the document and field when the data does not fit its model
 *   (every problem at once), the actor is of another type, or HP or MP exceed their maximum.
 */
export function statblockFromActor(doc: ActorDocumentSource): Statblock {
  const isPC = doc.type === "woundsCharacter";
  if (!isPC && doc.type !== "woundsNpc") {
    const choices = "woundsCharacter, woundsNpc";
    throw new StatblockError(doc.name, [{
      path: "type", message: `must be ${choices}, got "${doc.type}"`,
      key: "FRAY.Validation.Choice", data: { path: "type", choices, got: doc.type },
    }]);
  }
  const s = isPC
    ? { ...sourceOf(CHARACTER_SPEC, doc.system, doc.name), thrallCost: 0 }
    : sourceOf(NPC_SPEC, doc.system, doc.name);
  const errors = [...overMax("hp", s.hp.value, s.hp.max), ...overMax("mp", s.mp.value, s.mp.max)];
  if (errors.length) throw new StatblockError(doc.name, errors);
  const items = doc.items ?? [];
  const of = (type: string) => items.filter((i) => i.type === type);
  return {
    id: doc._id, name: doc.name, isPC, level: s.level,
    hp: s.hp.value, hpMax: s.hp.max, mp: s.mp.value, mpMax: s.mp.max,
    accuracy: s.accuracy, agility: s.agility, strength: s.strength, armor: s.armor,
    movement: s.movement,
    thrallCost: s.thrallCost > 0 ? s.thrallCost : THRALL_COST_PER_LEVEL * s.level,
    weapons: of("woundsWeapon").map((i) => weaponFromItem(i, doc.name)),
    spells: of("woundsSpell").map((i) => spellFromItem(i, doc.name)),
    feats: of("woundsFeat").map((i) => featFromItem(i, doc.name)),
  };
}

/**
 * The statblock of a stored Actor as read from a pack file or `Actor#toObject()`, unchecked:
 * its shape first (engine `actorSource`), then {@link statblockFromActor}.
 * @throws StatblockError naming every part that does not fit.
 */
export function statblockFromSource(doc: unknown): Statblock {
  return statblockFromActor(actorSource(doc));
}
