import {
  interpretRollUnder, rollUnderEdge, type RollUnderEdge, type RollUnderResult,
} from "../../../engine/dice/roll-under";

/**
 * An `action-points` skill check: a d100 rolled under the skill with its modifiers (percent, each
 * named by its source), with Advantage (two d100, the better kept) or Disadvantage (the worse) from
 * the net of the named edge sources. Source: RULINGS.md §action-points Checks;
 * `004_2cc57162401858c9.txt` §Gang-up, §Range Penalties, §Two-Weapon Fighting.
 */
export interface Modifier {
  /** What it comes from: `gangUp`, `range`, `offHand`, … (a key the card and log name). */
  readonly source: string;
  /** Percent added to the skill (negative: a penalty). */
  readonly value: number;
}

/** An Advantage (+1) or Disadvantage (−1) and what gives it (`feint`, `disarm`, `grappling`). */
export interface EdgeSource {
  readonly source: string;
  readonly edge: 1 | -1;
}

export interface CheckPlan {
  /** The skill as written (percent). */
  readonly skill: number;
  readonly modifiers: readonly Modifier[];
  /** The skill the d100 is rolled under: the skill with its modifiers, never below 0. */
  readonly target: number;
  readonly edgeSources: readonly EdgeSource[];
  readonly edge: RollUnderEdge;
}

/** A rolled check: its plan, the dice, the kept roll and its success level. */
export interface CheckResult extends RollUnderResult {
  readonly plan: CheckPlan;
}

/** A check's plan from the skill, its modifiers and its edge sources (any count of each). */
export function planCheck(
  skill: number, modifiers: readonly Modifier[] = [], edgeSources: readonly EdgeSource[] = [],
): CheckPlan {
  const target = Math.max(0, modifiers.reduce((n, m) => n + m.value, skill));
  const net = edgeSources.reduce((n, e) => n + e.edge, 0);
  return { skill, modifiers, target, edgeSources, edge: rollUnderEdge(net) };
}

/** How many d100 the check rolls: one, or two with Advantage or Disadvantage. */
export const checkDiceCount = (plan: Pick<CheckPlan, "edge">): number =>
  plan.edge === "none" ? 1 : 2;

/**
 * The check's result from its dice.
 * @throws RangeError when the dice are not `checkDiceCount` d100 (engine `interpretRollUnder`).
 */
export function resolveCheck(plan: CheckPlan, dice: readonly number[]): CheckResult {
  // Field by field, not spread: V8 copies a spread object on a slow path (same keys, same order).
  const r = interpretRollUnder(plan.target, plan.edge, dice);
  return { dice: r.dice, roll: r.roll, level: r.level, plan };
}
