import { ESCALATION_MAX } from "./constants";

/**
 * The escalation die: a module any initiative scheme can use.
 * Source: `000_c2dc3d650823e22d.txt` §Escalation Die; RULINGS.md §escalation Escalation die.
 */
export interface EscalationOptions {
  /** Start at 1 in round 1: the world option after a PC ambush (`surprise.ts#ambushRaisesDie`). */
  readonly ambush?: boolean;
  /** The GM's manual adjustment, added to the automatic value; the sum is clamped to 0..6. */
  readonly offset?: number;
}

/**
 * The die's value in a round: 0 in round 1 (1 after an ambush), 1 at the start of round 2, +1
 * each later round, never above 6 nor below 0. Round 0 or less (not started, surprise round) is 0
 * unless offset.
 * @param round the combat round, 1-based.
 */
export function escalationForRound(round: number, options: EscalationOptions = {}): number {
  const base = round < 1 ? 0 : round - 1 + (options.ambush ? 1 : 0);
  return clampEscalation(base + (options.offset ?? 0));
}

export function clampEscalation(value: number): number {
  return Math.max(0, Math.min(ESCALATION_MAX, Math.trunc(value)));
}

/**
 * What an attacker adds from the die: PCs always, NPCs only when their sheet opts in, and a Shaken
 * attacker counts it as 0.
 */
export function escalationBonus(
  die: number,
  attacker: { isPC: boolean; usesEscalation: boolean; shaken: boolean },
): number {
  return escalationFor(die, attacker.isPC, attacker.usesEscalation, attacker.shaken);
}

/** `escalationBonus` with its attacker's fields passed one by one (every simulated attack asks). */
export function escalationFor(
  die: number,
  isPC: boolean,
  usesEscalation: boolean,
  shaken: boolean,
): number {
  if (shaken) return 0;
  if (!isPC && !usesEscalation) return 0;
  return die;
}

/** Parity for abilities keyed off the die; 0 is neither even nor odd. */
export function escalationParity(die: number): "even" | "odd" | "neither" {
  if (die === 0) return "neither";
  return die % 2 === 0 ? "even" : "odd";
}

/** Whether an `Escalation X+` ability is usable now. */
export function meetsEscalation(die: number, required: number): boolean {
  return die >= required;
}
