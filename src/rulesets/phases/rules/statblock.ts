import type { DamageDice } from "../../../engine/dice/damage-dice";
import {
  sourceOf, StatblockError, type ActorDocumentSource,
} from "../../../engine/schema/document-source";
import type {
  AttackKind, ConditionId, Duration, EdgeScope, EdgeUntil, MissDamage, MovementKind, MovePath,
  SquaresBase, Tier,
} from "./constants";
import {
  ACTIVATABLE_SPEC, ATTACK_POWER_SPEC, CHARACTER_SPEC, MOVEMENT_POWER_SPEC, NPC_SPEC,
  type MovementPowerSource,
} from "./models";
import { DEFAULT_MOVEMENT_KINDS, DEFAULT_MOVEMENT_POWERS } from "./movement-powers";

export { StatblockError, type ActorDocumentSource };

/**
 * A `phases` combatant as the pure rules and a runner need it, built from an Actor's source data
 * (pack JSON or `actor.toObject()`), with its powers and items. Source: `003_d18720f6cd315cc2.txt`
 * §Movement Phase, §Battle Actions; RULINGS.md §phases Statistics, Powers, Movement powers.
 */

/** Damage dice: `dice`d`die` + `bonus` (the engine's `DamageDice`). */
export type Damage = DamageDice;

export interface ConditionEffect {
  readonly condition: ConditionId;
  readonly duration: Duration;
  readonly onMiss: boolean;
}

export interface AttackPower {
  readonly id: string;
  readonly name: string;
  readonly kind: AttackKind;
  readonly range: number;
  readonly targets: number;
  readonly damage: Damage;
  readonly miss: MissDamage;
  readonly effects: readonly ConditionEffect[];
  readonly basic: boolean;
}

export interface MovementPower {
  readonly id: string;
  readonly name: string;
  readonly kind: MovementKind;
  readonly squares: {
    readonly base: SquaresBase; readonly times: number; readonly plus: number;
  };
  readonly provokes: boolean;
  readonly path: MovePath;
  readonly edge: {
    readonly amount: number; readonly scope: EdgeScope; readonly until: EdgeUntil;
  };
  readonly forbidsAttack: boolean;
}

export interface Activatable {
  readonly id: string;
  readonly name: string;
  readonly uses: { readonly value: number; readonly max: number };
  readonly heal: Damage;
  readonly ends: readonly ConditionId[];
}

export interface Statblock {
  readonly id: string;
  readonly name: string;
  readonly isPC: boolean;
  readonly tier: Tier;
  readonly hp: number;
  readonly hpMax: number;
  readonly atk: number;
  readonly def: number;
  readonly int: number;
  readonly agi: number;
  /** Squares. */
  readonly speed: number;
  readonly attacks: readonly AttackPower[];
  /** Its own movement power items (see {@link movementPowersOf} for what it may use). */
  readonly movements: readonly MovementPower[];
  readonly activatables: readonly Activatable[];
}

type ItemSource = NonNullable<ActorDocumentSource["items"]>[number];

const label = (item: ItemSource, owner: string) => (owner ? `${owner} / ${item.name}` : item.name);
const damageOf = (d: { dice: number; die: string; bonus: number }): Damage =>
  ({ dice: d.dice, die: Number(d.die), bonus: d.bonus });

/** An attack power item's entry. @throws StatblockError when it does not fit its spec. */
export function attackFromItem(item: ItemSource, owner = ""): AttackPower {
  const a = sourceOf(ATTACK_POWER_SPEC, item.system, label(item, owner));
  return {
    id: item._id, name: item.name, kind: a.kind, range: a.range, targets: a.targets,
    damage: damageOf(a.damage), miss: a.miss, basic: a.basic,
    effects: a.effects.map((e) => ({
      condition: e.condition, duration: e.duration, onMiss: e.onMiss,
    })),
  };
}

/** A movement power's entry from its data (an item's, or a default's). */
export function movementOf(id: string, name: string, m: MovementPowerSource): MovementPower {
  return {
    id, name, kind: m.kind, squares: { ...m.squares }, provokes: m.provokes, path: m.path,
    edge: { ...m.edge }, forbidsAttack: m.forbidsAttack,
  };
}

/** A movement power item's entry. @throws StatblockError when it does not fit its spec. */
export function movementFromItem(item: ItemSource, owner = ""): MovementPower {
  const m = sourceOf(MOVEMENT_POWER_SPEC, item.system, label(item, owner));
  return movementOf(item._id, item.name, m);
}

/** An activatable item's entry. @throws StatblockError when it does not fit its spec. */
export function activatableFromItem(item: ItemSource, owner = ""): Activatable {
  const a = sourceOf(ACTIVATABLE_SPEC, item.system, label(item, owner));
  return {
    id: item._id, name: item.name, uses: { ...a.uses }, heal: damageOf(a.heal), ends: [...a.ends],
  };
}

/**
 * The statblock of a `phasesCharacter` or `phasesNpc` actor source; its powers and items in item
 * order (items of other types are left out).
 * @throws StatblockError naming the document and field when the data does not fit its model
 *   (every problem at once), the actor is of another type, or its HP exceed their maximum.
 */
export function statblockFromActor(doc: ActorDocumentSource): Statblock {
  const isPC = doc.type === "phasesCharacter";
  if (!isPC && doc.type !== "phasesNpc") {
    const choices = "phasesCharacter, phasesNpc";
    throw new StatblockError(doc.name, [{
      path: "type", message: `must be ${choices}, got "${doc.type}"`,
      key: "FRAY.Validation.Choice", data: { path: "type", choices, got: doc.type },
    }]);
  }
  const s = sourceOf(isPC ? CHARACTER_SPEC : NPC_SPEC, doc.system, doc.name);
  if (s.hp.value > s.hp.max) {
    throw new StatblockError(doc.name, [{
      path: "hp.value", message: `must be at most hp.max (${s.hp.max}), got ${s.hp.value}`,
      key: "FRAY.Validation.Max", data: { path: "hp.value", max: s.hp.max, got: s.hp.value },
    }]);
  }
  const items = doc.items ?? [];
  const of = (type: string) => items.filter((i) => i.type === type);
  return {
    id: doc._id, name: doc.name, isPC, tier: s.tier as Tier,
    hp: s.hp.value, hpMax: s.hp.max,
    atk: s.atk, def: s.def, int: s.int, agi: s.agi, speed: s.speed,
    attacks: of("phasesAttack").map((i) => attackFromItem(i, doc.name)),
    movements: of("phasesMovement").map((i) => movementFromItem(i, doc.name)),
    activatables: of("phasesActivatable").map((i) => activatableFromItem(i, doc.name)),
  };
}

/**
 * The movement powers a combatant may use: the six defaults, each replaced by its own item of the
 * same kind when it has one (the GM's edit wins; the first of two wins), then its own `other`
 * powers, in item order. A default's id is `default:<kind>` and its name the kind, for the caller
 * to localize. Source: §Movement Phase (a default set for all, and some have powers of their
 * own).
 */
export function movementPowersOf(block: Pick<Statblock, "movements">): MovementPower[] {
  const own = (kind: MovementKind) => block.movements.find((m) => m.kind === kind);
  return [
    ...DEFAULT_MOVEMENT_KINDS.map((kind) =>
      own(kind) ?? movementOf(`default:${kind}`, kind, DEFAULT_MOVEMENT_POWERS[kind])),
    ...block.movements.filter((m) => m.kind === "other"),
  ];
}

/**
 * The power it makes an opportunity attack with: its first basic melee attack, else its first
 * melee attack, else null (it threatens but cannot strike). Source: RULINGS.md §phases
 * Opportunity attack ("a free basic melee attack").
 */
export function opportunityAttackOf(block: Pick<Statblock, "attacks">): AttackPower | null {
  const melee = block.attacks.filter((a) => a.kind === "melee");
  return melee.find((a) => a.basic) ?? melee[0] ?? null;
}
