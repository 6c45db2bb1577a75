import { planCheck, type CheckPlan } from "../../../engine/dice/check";
import { MORALE_DICE, MORALE_FACES } from "./constants";

/**
 * Morale for NPC groups: the group rolls 2d6 and breaks when the roll is above its Morale score,
 * one score for the whole group (`groupMorale`: the one its GM set, by default the highest Morale
 * among its members still in the fight).
 * It checks when its first member is down and again when half of it (rounded up) is down; a
 * fearless group never checks; a broken group flees and is out of the fight. One event that crosses
 * both thresholds at once (a group of one or two) makes one check. The GM may call others.
 * Source: `002_5e27cdf788b28f5f.txt` §Morale; RULINGS.md §shock Morale.
 */
export type MoraleTrigger = "firstDown" | "halfDown";

/** Half of a group, rounded up. */
export function halfOf(size: number): number {
  return Math.ceil(size / 2);
}

/**
 * The thresholds a change from `downBefore` to `downAfter` members down crosses (empty: no check).
 * A fearless group, and a group with nobody left standing, never checks.
 */
export function moraleTriggers(
  size: number, downBefore: number, downAfter: number, fearless: boolean,
): MoraleTrigger[] {
  if (fearless || downAfter >= size || downAfter <= downBefore) return [];
  const out: MoraleTrigger[] = [];
  if (downBefore < 1 && downAfter >= 1) out.push("firstDown");
  if (downBefore < halfOf(size) && downAfter >= halfOf(size)) out.push("halfDown");
  return out;
}

/** A member of an NPC group as its morale reads it. */
export interface MoraleMember {
  /** Its own Morale score (its statblock's). */
  readonly morale: number;
  /** Still in the fight: not down, not fled. */
  readonly inFight: boolean;
}

/** Where a group's score came from: the GM's, or the default. */
export type MoraleScoreSource = "set" | "highestInFight";

/**
 * A group's one Morale score: the one its GM set on it when there is one, else the highest Morale
 * among its members still in the fight. Whoever just fell does not lend the group its own score.
 * @param set the score the GM set on the group, or null.
 * @returns the score and where it came from; null when no score was set and nobody is left in
 *   the fight (such a group never checks).
 * @throws RangeError when a set score is not a whole number.
 * Source: RULINGS.md §shock Morale (the text's §Morale leaves the score to the GM).
 */
export function groupMorale(
  members: readonly MoraleMember[], set: number | null = null,
): { score: number; source: MoraleScoreSource } | null {
  if (set !== null) {
    if (!Number.isInteger(set)) throw new RangeError(`a Morale score is a whole number, got ${set}`);
    return { score: set, source: "set" };
  }
  let best: number | null = null;
  for (const m of members) if (m.inFight && (best === null || m.morale > best)) best = m.morale;
  return best === null ? null : { score: best, source: "highestInFight" };
}

/** The morale check as a target-number check: 2d6 ≥ Morale + 1 breaks the group. */
export function moralePlan(score: number): CheckPlan {
  return planCheck({ dice: MORALE_DICE, faces: MORALE_FACES, modifiers: [], target: score + 1 });
}

/** Whether a 2d6 total breaks a group of this Morale score (strictly above it). */
export function breaks(total: number, score: number): boolean {
  return total > score;
}
