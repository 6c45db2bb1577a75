import {
  rollInitiativePlan, type InitiativeRoll, type RankedEntry,
} from "../../../engine/initiative/ranked";
import type { RollPlan } from "../../../engine/dice/plan";
import { INITIATIVE_DIE } from "./constants";

/**
 * action-points' initiative: each combatant rolls 1d10 + its Agility modifier, highest first;
 * those tied roll 1d10 + modifier again among themselves until the tie breaks; the order is
 * fixed for the encounter, but for a Ready action that fires, which moves its taker's place for
 * later rounds (`readiedOrder`).
 * Source: `004_2cc57162401858c9.txt` §Initiative, §Ready Action; RULINGS.md §action-points
 * Initiative, Agility modifier.
 */
export const AP_INITIATIVE: InitiativeRoll = {
  count: 1, faces: INITIATIVE_DIE, tieDie: INITIATIVE_DIE, tieAddsModifier: true,
};

/** The roll plan of the encounter's order (engine `rollInitiativePlan`). */
export function initiativePlan(
  entries: readonly { readonly id: string; readonly agilityModifier: number }[],
): RollPlan<RankedEntry[]> {
  return rollInitiativePlan(
    entries.map((e) => ({ id: e.id, modifier: e.agilityModifier })), AP_INITIATIVE,
  );
}

/**
 * The order after a readied action fired: its taker acts at that point, just before `before` (null:
 * after everyone), and keeps that place in later rounds (§Ready Action: "Your initiative position
 * moves to that point for subsequent rounds").
 * @throws RangeError when `taker` or `before` is not in the order, or they are the same.
 */
export function readiedOrder(
  order: readonly string[], taker: string, before: string | null,
): string[] {
  if (!order.includes(taker)) throw new RangeError(`${taker} is not in the order`);
  if (before !== null && (!order.includes(before) || before === taker))
    throw new RangeError(`cannot act before ${before}`);
  const rest = order.filter((id) => id !== taker);
  const at = before === null ? rest.length : rest.indexOf(before);
  return [...rest.slice(0, at), taker, ...rest.slice(at)];
}
