import type { DiceRoller } from "./roller";

/**
 * A target-number check: roll `dice` dice of `faces` sides, add the modifiers, and succeed when the
 * total is at least the target. An optional natural rule makes the extreme naturals decide alone
 * (a natural 20 always hits and a natural 1 always misses on a d20; 12 and 2 on 2d6).
 * Neutral: shock's attacks and saves (`002_5e27cdf788b28f5f.txt` §Attack Rolls, RULINGS.md §shock
 * Attack, Saves), wounds' d20 attacks and phases' 2d6 checks all fit it.
 */

/** One named term of a check's modifier, e.g. `{source: "skill", value: 1}`. */
export interface Modifier {
  readonly source: string;
  readonly value: number;
}

export interface CheckRequest {
  /** Number of dice (≥ 1) and their faces (≥ 2). */
  readonly dice: number;
  readonly faces: number;
  /** Every term added to the natural, by source (zero terms may be listed; they change nothing). */
  readonly modifiers: readonly Modifier[];
  /** The total needed to succeed (total ≥ target). */
  readonly target: number;
  /** The natural rule: the highest natural always succeeds and the lowest always fails. */
  readonly naturals?: boolean;
}

export interface CheckPlan {
  readonly dice: number;
  readonly faces: number;
  readonly modifiers: readonly Modifier[];
  /** The sum of the modifiers. */
  readonly modifier: number;
  readonly target: number;
  /** Natural at or above which the check succeeds whatever the total (null: no such rule). */
  readonly autoSuccess: number | null;
  /** Natural at or below which the check fails whatever the total (null: no such rule). */
  readonly autoFailure: number | null;
}

export interface CheckOutcome {
  readonly dice: readonly number[];
  readonly natural: number;
  readonly total: number;
  readonly success: boolean;
  /** `natural` when the natural rule decided it, `total` when the total against the target did. */
  readonly decidedBy: "natural" | "total";
}

/**
 * Says what to roll and against what. Pure.
 * @throws RangeError for fewer than one die or fewer than two faces, or non-integer terms.
 */
export function planCheck(request: CheckRequest): CheckPlan {
  const { dice, faces, target } = request;
  if (!Number.isInteger(dice) || dice < 1) {
    throw new RangeError(`dice must be a whole number ≥ 1, got ${dice}`);
  }
  if (!Number.isInteger(faces) || faces < 2) {
    throw new RangeError(`faces must be a whole number ≥ 2, got ${faces}`);
  }
  if (!Number.isInteger(target))
    throw new RangeError(`target must be a whole number, got ${target}`);
  let modifier = 0;
  for (const m of request.modifiers) {
    if (!Number.isInteger(m.value)) {
      throw new RangeError(`modifier ${m.source} must be a whole number, got ${m.value}`);
    }
    modifier += m.value;
  }
  const naturals = request.naturals ?? false;
  return {
    dice, faces, modifiers: request.modifiers, modifier, target,
    autoSuccess: naturals ? dice * faces : null,
    autoFailure: naturals ? dice : null,
  };
}

/** The Foundry formula of a plan, e.g. `1d20 + 3 - 1` (zero terms left out). */
export function checkFormula(plan: CheckPlan): string {
  const terms = plan.modifiers
    .filter((m) => m.value !== 0)
    .map((m) => (m.value > 0 ? ` + ${m.value}` : ` - ${-m.value}`));
  return `${plan.dice}d${plan.faces}${terms.join("")}`;
}

/**
 * What a natural means under a plan: the natural rule first, then total ≥ target.
 * @param natural the sum of the dice (dice..dice × faces).
 */
export function checkSucceeds(
  plan: CheckPlan, natural: number,
): { success: boolean; decidedBy: "natural" | "total" } {
  return checkSucceedsAgainst(plan, natural, plan.modifier, plan.target);
}

/**
 * {@link checkSucceeds} with the plan's dice and natural rule but another modifier sum and target:
 * one roll read against several targets (shock's attack against whoever a screen leaves it on),
 * without a plan for each.
 */
export function checkSucceedsAgainst(
  plan: CheckPlan, natural: number, modifier: number, target: number,
): { success: boolean; decidedBy: "natural" | "total" } {
  if (plan.autoFailure !== null && natural <= plan.autoFailure) return NATURAL_FAILURE;
  if (plan.autoSuccess !== null && natural >= plan.autoSuccess) return NATURAL_SUCCESS;
  return natural + modifier >= target ? TOTAL_SUCCESS : TOTAL_FAILURE;
}
// Shared results (readonly to every caller): a check is read thousands of times a second.
const NATURAL_FAILURE = Object.freeze({ success: false, decidedBy: "natural" as const });
const NATURAL_SUCCESS = Object.freeze({ success: true, decidedBy: "natural" as const });
const TOTAL_SUCCESS = Object.freeze({ success: true, decidedBy: "total" as const });
const TOTAL_FAILURE = Object.freeze({ success: false, decidedBy: "total" as const });

/**
 * Reads rolled dice against a plan.
 * @throws RangeError when the number of dice or a face is out of the plan's range.
 */
export function resolveCheck(plan: CheckPlan, dice: readonly number[]): CheckOutcome {
  if (dice.length !== plan.dice)
    throw new RangeError(`expected ${plan.dice} dice, got ${dice.length}`);
  let natural = 0;
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > plan.faces) {
      throw new RangeError(`a d${plan.faces} cannot show ${d}`);
    }
    natural += d;
  }
  const { success, decidedBy } = checkSucceeds(plan, natural);
  return { dice, natural, total: natural + plan.modifier, success, decidedBy };
}

/** Rolls a plan with a core roller (Node only; Foundry rolls `checkFormula` itself). */
export function rollCheck(plan: CheckPlan, roller: DiceRoller): CheckOutcome {
  const dice: number[] = [];
  for (let i = 0; i < plan.dice; i++) dice.push(roller.die(plan.faces));
  return resolveCheck(plan, dice);
}

/**
 * The exact distribution of the sum of `dice` dice of `faces` sides: `counts[n]` outcomes of
 * `faces^dice` give the natural n. Integer convolution, exact for the dice Fray rolls.
 */
export function sumDistribution(dice: number, faces: number): { counts: number[]; total: number } {
  let counts = [1];
  for (let i = 0; i < dice; i++) {
    const next = new Array<number>(counts.length + faces).fill(0);
    counts.forEach((c, n) => {
      for (let f = 1; f <= faces; f++) next[n + f] = (next[n + f] as number) + c;
    });
    counts = next;
  }
  return { counts, total: faces ** dice };
}

/**
 * The exact chance of success: `successes` of `total` equally likely outcomes (a fraction, so
 * tests compare integers). Uses the same `checkSucceeds` the resolver uses.
 */
export function checkOdds(plan: CheckPlan): { successes: number; total: number } {
  const { counts, total } = sumDistribution(plan.dice, plan.faces);
  let successes = 0;
  counts.forEach((c, natural) => {
    if (c && checkSucceeds(plan, natural).success) successes += c;
  });
  return { successes, total };
}
