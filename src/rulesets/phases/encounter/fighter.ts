import type { ConditionId, MovementKind } from "../rules/constants";
import type { MoveEdge } from "../rules/edge";
import { initiativeModifier } from "../rules/initiative";
import { squaresOf } from "../rules/movement";
import type { StoredDuration } from "../rules/durations";
import {
  movementPowersOf, opportunityAttackOf, type AttackPower, type Damage, type MovementPower,
  type Statblock,
} from "../rules/statblock";
import type { Mark, Side, Square } from "./events";

/**
 * A combatant during a headless `phases` fight: its statblock and what changes — HP, its square,
 * the conditions its foes' powers put on it (each timed, `rules/durations.ts`), the marks of this
 * round's choices (seized, Defending, a movement power's edge or Run's no Attack), its items' uses
 * and whether it has moved and acted this round. At 0 HP it is out of the fight: a PC down, an NPC
 * defeated. Source: `003_d18720f6cd315cc2.txt`; RULINGS.md §phases Statistics, Conditions.
 */

/** A condition a power put on it. */
export interface Effect {
  /** Unique in the fight: the order effects were applied in. */
  readonly key: number;
  readonly condition: ConditionId;
  readonly duration: StoredDuration;
  /** Who inflicted it. */
  readonly source: string;
}

/** A movement power's edge on its mover's attacks, to the End phase of round `until`. */
export interface MoveMark {
  readonly edge: MoveEdge;
  readonly until: number;
  readonly mark: Mark;
}

/** What a statblock fights with, worked out once per statblock. */
export interface Arms {
  /** Its opportunity attack (`opportunityAttackOf`), or null: it threatens but cannot strike. */
  readonly opportunity: AttackPower | null;
  /** Its attack powers, best mean damage first, and their mean damage. */
  readonly attacks: readonly AttackPower[];
  readonly means: readonly number[];
  /** Its powers that make their target Exposed (what an ally Delays for). */
  readonly exposing: readonly AttackPower[];
  /** The longest range of its ranged powers (0: none). */
  readonly range: number;
  /** It would rather shoot than close in: its best ranged power deals at least its best melee's. */
  readonly prefersRange: boolean;
  /** The movement powers it may use, by kind (the defaults, or its own of that kind). */
  readonly moves: Readonly<Record<Exclude<MovementKind, "other">, MovementPower>>;
  /** The squares each of them gives at its Speed (`rules/movement.ts` `squaresOf`). */
  readonly squares: Readonly<Record<Exclude<MovementKind, "other">, number>>;
  /** Its initiative modifier, INT + AGI (`rules/initiative.ts` `initiativeModifier`). */
  readonly initiative: number;
  /** The farthest any of its attack powers reaches (1 for melee only). */
  readonly reach: number;
}

export interface Fighter {
  readonly key: string;
  /** Its place in the line-up (party first): its mark on the board is this + 1 (`field.ts`). */
  readonly slot: number;
  readonly block: Statblock;
  readonly side: Side;
  readonly party: boolean;
  readonly arms: Arms;
  hp: number;
  /** At 0 HP: out of the fight. */
  out: boolean;
  /** Its square (changed in place as it moves). */
  readonly at: Square;
  readonly effects: Effect[];
  readonly moveMarks: MoveMark[];
  /** It seized the initiative this round. */
  seized: boolean;
  /** Defend: until the start of its next turn. */
  defending: boolean;
  /** It ran this round: no Attack. */
  noAttack: boolean;
  /** Its Movement turn and Battle action of this round were taken. */
  moved: boolean;
  acted: boolean;
  /** It delayed its Battle turn this round. */
  delayed: boolean;
  /** Uses left of each activatable item, in item order. */
  readonly uses: number[];
  /** The move in which it last made an opportunity attack (once per move). */
  struckInMove: number;
  /** This round's initiative: 2d6 + INT + AGI, its dice and tie-break d6s. */
  score: number;
  die1: number;
  die2: number;
  readonly tieBreaks: number[];
  /** Scratch for the roll-offs: tied in the pass being rolled (`initiative.ts`). */
  tied: boolean;
}

/** Mean of a damage formula. */
export const meanDamage = (d: Damage): number => (d.dice * (d.die + 1)) / 2 + d.bonus;

const arms = new WeakMap<Statblock, Arms>();

/** What a statblock fights with (made once per statblock). */
export function armsOf(block: Statblock): Arms {
  let a = arms.get(block);
  if (a) return a;
  const attacks = [...block.attacks].sort((x, y) => meanDamage(y.damage) - meanDamage(x.damage));
  const best = (kind: "melee" | "ranged") => attacks.find((p) => p.kind === kind) ?? null;
  const melee = best("melee");
  const ranged = best("ranged");
  const powers = movementPowersOf(block);
  const byKind = (kind: Exclude<MovementKind, "other">) =>
    powers.find((p) => p.kind === kind) as MovementPower;
  a = {
    opportunity: opportunityAttackOf(block),
    attacks,
    means: attacks.map((p) => meanDamage(p.damage)),
    exposing: attacks.filter((p) => p.effects.some((e) => e.condition === "exposed")),
    range: attacks.reduce((r, p) => (p.kind === "ranged" ? Math.max(r, p.range) : r), 0),
    prefersRange: ranged !== null
      && (melee === null || meanDamage(ranged.damage) >= meanDamage(melee.damage)),
    moves: {
      shift: byKind("shift"), walk: byKind("walk"), hustle: byKind("hustle"), run: byKind("run"),
      charge: byKind("charge"), disengage: byKind("disengage"),
    },
    squares: {
      shift: squaresOf(byKind("shift"), block.speed), walk: squaresOf(byKind("walk"), block.speed),
      hustle: squaresOf(byKind("hustle"), block.speed), run: squaresOf(byKind("run"), block.speed),
      charge: squaresOf(byKind("charge"), block.speed),
      disengage: squaresOf(byKind("disengage"), block.speed),
    },
    initiative: initiativeModifier(block),
    reach: attacks.reduce((r, p) => Math.max(r, p.kind === "ranged" ? p.range : 1), 0),
  };
  arms.set(block, a);
  return a;
}

/** A fighter at `at` as the fight begins: full HP, no condition, its items' uses as written. */
export function createFighter(block: Statblock, key: string, side: Side, slot = 0): Fighter {
  return {
    key, slot, block, side, party: side === "party", arms: armsOf(block), hp: block.hp, out: false,
    at: { i: 0, j: 0 }, effects: [], moveMarks: [], seized: false, defending: false,
    noAttack: false, moved: false, acted: false, delayed: false,
    uses: block.activatables.map((a) => a.uses.value), struckInMove: -1, score: 0, die1: 0,
    die2: 0, tieBreaks: [], tied: false,
  };
}

/** The same fighter at the start of another fight of the same line-up (`simulate.ts`). */
export function resetFighter(f: Fighter): void {
  f.hp = f.block.hp;
  f.out = false;
  f.effects.length = 0;
  f.moveMarks.length = 0;
  f.seized = false;
  f.defending = false;
  f.noAttack = false;
  f.moved = false;
  f.acted = false;
  f.delayed = false;
  const items = f.block.activatables;
  for (let k = 0; k < items.length; k++) {
    f.uses[k] = (items[k] as { uses: { value: number } }).uses.value;
  }
  f.struckInMove = -1;
  f.tieBreaks.length = 0;
}

/** Whether it bears `condition` (by any of its effects). */
export function has(f: Fighter, condition: ConditionId): boolean {
  const list = f.effects;
  for (let k = 0; k < list.length; k++) {
    if ((list[k] as Effect).condition === condition) return true;
  }
  return false;
}

/** Whether it may start a movement: neither Immobilised nor Slowed (`rules/conditions.ts`). */
export const mayMove = (f: Fighter): boolean => !has(f, "immobilised") && !has(f, "slowed");

/** Its conditions as the rules read them, each once, in applied order. */
export function conditionsOf(f: Fighter): ConditionId[] {
  const out: ConditionId[] = [];
  for (const e of f.effects) if (!out.includes(e.condition)) out.push(e.condition);
  return out;
}
