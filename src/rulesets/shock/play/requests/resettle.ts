import type { WindowState } from "../../../../engine/resolution/window/definition";
import { Script } from "../../../../engine/resolution/window/protocol";
import {
  SHOCK_WINDOW, type ShockWindowContext, type ShockWindowFacts, type ShockWindowSettlement,
} from "../../rules/reaction-window";

/** The outer frame of a shock card's stored reaction window. */
export type ShockFrame =
  WindowState<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>["frames"][number];

/**
 * A window a Snap Attack settled as cancelled (the attacker down), settled again once that snap's
 * card was undone and the attacker stands: as if no snap had felled it, on the window's final
 * target with `ac` read now (a Total Defense taken in the window is added by the definition). Only
 * the definition's `settle` is asked (it rolls nothing: `rules/reaction-window.ts`), with an empty
 * script. Source: `002_5e27cdf788b28f5f.txt` §Make a Snap Attack; RULINGS.md §shock.
 * @param ac each party's AC now, by window key (the final target's is needed).
 * @returns null when the frame has no facts or the final target's AC is missing.
 */
export function standingSettlement(
  frame: ShockFrame | undefined, ac: Readonly<Record<string, number>>,
): ShockWindowSettlement | null {
  if (!frame?.facts || ac[frame.facts.target] === undefined) return null;
  const facts = { ...frame.facts, attackerDown: false };
  const view = {
    context: { ...frame.context, ac: { ...ac } }, facts, depth: 0, answers: frame.answers,
    passed: frame.passed, spent: () => 0,
  };
  return SHOCK_WINDOW.settle(view, new Script([])).settlement;
}
