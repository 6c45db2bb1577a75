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
 * The attack's plan (as `attackPlan` makes it) for `distance` hexes, with `threateners` of the
 * attacker's side on the target, while grappling or not, a reaction attack or not.
 */
export function planFor(
  block: Statblock, with_: Attacking, distance: number, threateners: number, grappling: boolean,
  reactionAttack: boolean,
): CheckPlan {
  // A weapon or spell is one statblock's: its plans are kept on it.
  const item: object = with_.weapon ?? with_.spell;
  let byKey = plans.get(item);
  if (!byKey) plans.set(item, (byKey = new Map()));
  // Distance matters only through range increments; gang-up only from two threateners.
  const steps = rangeSteps(with_.weapon ? with_.weapon.range : with_.spell.range, distance);
  const key = (steps << 3) | (threateners >= 2 ? 4 : 0) | (grappling ? 2 : 0) | (reactionAttack ? 1 : 0);
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
 * Rolls a check's d100s (two with Advantage or Disadvantage, the better or the worse kept) and
 * reads its level: `resolveCheck(plan, dice)` on the same dice.
 */
export function rollCheck(plan: CheckPlan, roller: DiceRoller): CheckResult {
  const first = roller.die(CHECK_DIE);
  if (plan.edge === "none") {
    return { dice: [first], roll: first, level: levels(plan.target)[first] as SuccessLevel, plan };
  }
  const second = roller.die(CHECK_DIE);
  const roll = plan.edge === "advantage" ? Math.min(first, second) : Math.max(first, second);
  return { dice: [first, second], roll, level: levels(plan.target)[roll] as SuccessLevel, plan };
}
