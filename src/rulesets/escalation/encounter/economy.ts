import { payingSlot } from "../rules/actions";
import type { Action, TrackedAction } from "../rules/constants";
import type { AbilityEntry } from "../rules/statblock";
import type { TurnContext } from "./context";
import { losesMove, type Fighter } from "./fighter";

/**
 * The action economy of a headless turn: one Standard, one Move and one Quick on the turn (Standard
 * may pay for Move, Move for Quick), a Stunned fighter without its move action, one Interrupt per
 * round outside its turn, and Free actions. Source: `000_c2dc3d650823e22d.txt` §Actions, §Action
 * Types, §Conditions and Effects (Stunned); `rules/escalation/actions.ts`.
 */

/** The start of the fighter's turn: its turn actions are back, and what lasted "until your next turn" ends. */
export function startTurn(f: Fighter, round: number): void {
  // In place: this runs every turn (`resetForTurn` is the same rule as a new object).
  f.actions.standard = f.actions.move = f.actions.quick = false;
  f.turnRound = round;
  f.holdingLine = false;
}

/**
 * The slot that would pay for `action` now, or null. Before the turn's main action a lesser
 * action never takes the Standard (the runner keeps it for the main action).
 */
export function slotFor(f: Fighter, action: Action, keepStandard: boolean): TrackedAction | "free" | null {
  const slot = payingSlot(f.actions, action, losesMove(f));
  return keepStandard && slot === "standard" && action !== "standard" ? null : slot;
}

/**
 * Marks `slot` spent (a Free action spends nothing). Spelled out: `f.actions[slot]` with four
 * different names at one place is a megamorphic keyed store in V8, paid several times a turn.
 */
export function spendSlot(f: Fighter, slot: TrackedAction | "free"): void {
  if (slot === "standard") f.actions.standard = true;
  else if (slot === "move") f.actions.move = true;
  else if (slot === "quick") f.actions.quick = true;
  else if (slot === "interrupt") f.actions.interrupt = true;
}

/**
 * Pays for using an ability with `slot`, marks an Encounter/Daily/Recharge ability expended and
 * reports the use.
 */
export function payUse(
  f: Fighter, entry: AbilityEntry, slot: TrackedAction | "free", ctx: Pick<TurnContext, "emit" | "round" | "record">,
): void {
  spendSlot(f, slot);
  if (entry.system.frequency !== "atWill") f.expended.push(entry.id);
  if (ctx.record) ctx.emit({
    kind: "use", round: ctx.round, actor: f.key, ability: entry.name, abilityId: entry.id, frequency: entry.system.frequency,
    action: slot === "free" ? "free" : slot,
  });
}
