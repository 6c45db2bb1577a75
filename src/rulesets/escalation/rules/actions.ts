import type { Action, TrackedAction } from "./constants";

/**
 * The turn's action economy: one Standard, one Move and one Quick on the turn (a better action may
 * pay for a lesser one: Standard for Move, Move for Quick), Free actions unlimited, and one
 * Interrupt per round outside the turn. Source: `000_c2dc3d650823e22d.txt` §Actions, §Action Types.
 */
export type ActionsUsed = Readonly<Record<TrackedAction, boolean>>;

export const NO_ACTIONS_USED: ActionsUsed = { standard: false, move: false, quick: false, interrupt: false };

/** What may pay for each action, cheapest first. */
const PAYERS: Readonly<Record<Action, readonly TrackedAction[]>> = {
  standard: ["standard"],
  move: ["move", "standard"],
  quick: ["quick", "move", "standard"],
  interrupt: ["interrupt"],
  free: [],
};

/**
 * The slot that pays for an action, or null when none is left. Free actions need no slot and
 * return "free".
 * @param losesMove the bearer is Stunned (no move action this turn).
 */
export function payingSlot(used: ActionsUsed, action: Action, losesMove = false): TrackedAction | "free" | null {
  if (action === "free") return "free";
  for (const slot of PAYERS[action]) {
    if (slot === "move" && losesMove) continue;
    if (!used[slot]) return slot;
  }
  return null;
}

/** Marks the paying slot used; returns null (and changes nothing) when the action cannot be paid. */
export function spendAction(used: ActionsUsed, action: Action, losesMove = false): ActionsUsed | null {
  const slot = payingSlot(used, action, losesMove);
  if (slot === null) return null;
  if (slot === "free") return used;
  return { ...used, [slot]: true };
}

/** At the start of the bearer's turn the turn actions reset; the Interrupt resets with the round. */
export function resetForTurn(used: ActionsUsed): ActionsUsed {
  return { ...used, standard: false, move: false, quick: false };
}
