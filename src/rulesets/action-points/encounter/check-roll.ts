import { successLevel, type SuccessLevel } from "../../../engine/dice/roll-under";
import type { DiceRoller } from "../../../engine/dice/roller";
import { attackPlan, rangeSteps, type Attacking } from "../rules/attack";
import type { CheckPlan, CheckResult, EdgeSource } from "../rules/checks";
import { CHECK_DIE } from "../rules/constants";
import type { Statblock } from "../rules/statblock";

/**
 * Checks as the runner rolls them, thousands a second: each attack's plan (`rules/attack.ts`
 * `attackPlan`) kept by weapon or spell and situation, since it depends on nothing else; and a
 * check's level read from a table of `successLevel` by the roll for each target skill, made once.
 * `rollCheck` gives what the rules' `resolveCheck` gives on the same dice (`test/check-roll.test.ts`
 * compares them for every target and roll). Source: RULINGS.md §action-points Checks;
 * `004_2cc57162401858c9.txt` §Gang-up, §Range Penalties, §Two-Weapon Fighting.
 */
const plans = new WeakMap<object, Map<number, CheckPlan>>();

const GRAPPLING: readonly EdgeSource[] = [{ source: "grappling", edge: -1 }];
const NO_EDGE: readonly EdgeSource[] = [];

/**
 * One attacker's plans at hand, by weapon or spell (a fighter attacks with a few) and by the
 * situation's key below 32 (`planFor`): read by a scan of its few items and an index, where the
 * shared store is a weak map and a map, whose lookups cost a few percent of a fight. What it keeps
 * is what the shared store gives for the same block, item and key, which nothing changes.
 */
export class PlanShelf {
  readonly items: object[] = [];
  readonly byItem: (CheckPlan | undefined)[][] = [];
}

/** Keys below this are kept on a shelf (up to three range increments). */
const SHELVED = 32;

/**
 * The attack's plan (as `attackPlan` makes it) for `distance` hexes, with `threateners` of the
 * attacker's side on the target, while grappling or not, a reaction attack or not; kept on
 * `shelf` when given (the attacker's own, always with the same `block`).
 */
export function planFor(
  block: Statblock, with_: Attacking, distance: number, threateners: number, grappling: boolean,
  reactionAttack: boolean, shelf?: PlanShelf,
): CheckPlan {
  const item: object = with_.weapon ?? with_.spell;
  // Distance matters only through range increments; gang-up only from two threateners.
  const steps = rangeSteps(with_.weapon ? with_.weapon.range : with_.spell.range, distance);
  const key = (steps << 3) | (threateners >= 2 ? 4 : 0) | (grappling ? 2 : 0) | (reactionAttack ? 1 : 0);
  if (!shelf || key >= SHELVED) return stored(block, with_, item, key, distance, threateners);
  let k = 0;
  while (k < shelf.items.length && shelf.items[k] !== item) k++;
  if (k === shelf.items.length) {
    shelf.items.push(item);
    shelf.byItem.push(new Array<CheckPlan | undefined>(SHELVED).fill(undefined));
  }
  const byKey = shelf.byItem[k] as (CheckPlan | undefined)[];
  return (byKey[key] ??= stored(block, with_, item, key, distance, threateners));
}

/** The plan from the shared store, made there the first time. */
function stored(
  block: Statblock, with_: Attacking, item: object, key: number, distance: number,
  threateners: number,
): CheckPlan {
  // A weapon or spell is one statblock's: its plans are kept on it.
  let byKey = plans.get(item);
  if (!byKey) plans.set(item, (byKey = new Map()));
  const grappling = (key & 2) !== 0;
  const reactionAttack = (key & 1) !== 0;
  let plan = byKey.get(key);
  if (!plan) {
    plan = attackPlan(block, with_, {
      distance, threateners, edgeSources: grappling ? GRAPPLING : NO_EDGE, reactionAttack,
    });
    byKey.set(key, plan);
  }
  return plan;
}

/**
 * The tables by target: a list indexed by a target of 0 to `DIRECT` (every skill a statblock
 * has, with its modifiers), a map for any other. A map's lookup came to a few percent of a fight.
 */
const DIRECT = 255;
const direct = new Array<SuccessLevel[] | undefined>(DIRECT + 1).fill(undefined);
const others = new Map<number, SuccessLevel[]>();

/** The level of each roll 1..100 against `target` (the engine's `successLevel`). */
function levels(target: number): SuccessLevel[] {
  const inRange = target >= 0 && target <= DIRECT && Number.isInteger(target);
  let t = inRange ? direct[target] : others.get(target);
  if (!t) {
    t = [];
    for (let roll = 1; roll <= CHECK_DIE; roll++) t[roll] = successLevel(roll, target);
    if (inRange) direct[target] = t;
    else others.set(target, t);
  }
  return t;
}

/**
 * A check result rewritten in place by each roll into it (`rollCheck`'s `into`), with its own
 * lists of one and two dice: what a fight that logs nothing rolls an attack into, since nothing
 * keeps an attack's check once its window has settled (`strike.ts`).
 */
export class CheckSlot {
  readonly #one: number[] = [0];
  readonly #two: number[] = [0, 0];
  readonly result: { dice: readonly number[]; roll: number; level: SuccessLevel; plan: CheckPlan };

  constructor(plan: CheckPlan) {
    this.result = { dice: this.#one, roll: 1, level: "failure", plan };
  }

  /** Writes a roll; returns the result. */
  set(plan: CheckPlan, first: number, second: number | null, roll: number): CheckResult {
    const r = this.result;
    if (second === null) {
      this.#one[0] = first;
      r.dice = this.#one;
    } else {
      this.#two[0] = first;
      this.#two[1] = second;
      r.dice = this.#two;
    }
    r.roll = roll;
    r.level = levels(plan.target)[roll] as SuccessLevel;
    r.plan = plan;
    return r;
  }
}

/**
 * Rolls a check's d100s (two with Advantage or Disadvantage, the better or the worse kept) and
 * reads its level: `resolveCheck(plan, dice)` on the same dice. With `into`, the result is that
 * slot's, valid until its next roll; else a new one.
 */
export function rollCheck(plan: CheckPlan, roller: DiceRoller, into?: CheckSlot): CheckResult {
  const first = roller.die(CHECK_DIE);
  const second = plan.edge === "none" ? null : roller.die(CHECK_DIE);
  const roll = second === null ? first
    : plan.edge === "advantage" ? Math.min(first, second) : Math.max(first, second);
  if (into) return into.set(plan, first, second, roll);
  // Literal lists (a list made by its size, or pushed onto, is one V8 keeps with holes or room).
  const dice = second === null ? [first] : [first, second];
  return { dice, roll, level: levels(plan.target)[roll] as SuccessLevel, plan };
}
