import { planCheck, type CheckPlan } from "../../../engine/dice/check";

/**
 * Execution attacks on an entirely unsuspecting target: a melee execution (a minute of proximity)
 * hits automatically; a ranged one (a minute of aiming) is a DEX/Shoot check with +4 within 10 ft
 * and +2 within normal range, and ignores AC on a success. The victim then makes a Physical save
 * at a penalty equal to the assailant's combat skill: failure drops it to 0 HP and Mortally Injured
 * (unconscious with a non-lethal weapon); success still takes maximum damage.
 * Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks; RULINGS.md §shock Execution, Saves.
 */

/** The ranged execution bonus by distance: +4 within 10 ft, +2 within normal range, else 0. */
export function rangedExecutionBonus(feet: number, normalRange: number): number {
  if (feet <= 10) return 4;
  return feet <= normalRange ? 2 : 0;
}

/**
 * The victim's Physical save: d20 − the assailant's combat skill ≥ the victim's save target.
 */
export function executionSave(saveTarget: number, assailantSkill: number): CheckPlan {
  const modifiers = [{ source: "execution", value: -Math.max(0, assailantSkill) }];
  return planCheck({ dice: 1, faces: 20, modifiers, target: saveTarget });
}

export type ExecutionResult = "mortallyInjured" | "unconscious" | "maximumDamage";

/**
 * What the save means: failure fells the victim (unconscious when non-lethal), success takes
 * maximum damage.
 */
export function executionResult(saved: boolean, lethal = true): ExecutionResult {
  if (saved) return "maximumDamage";
  return lethal ? "mortallyInjured" : "unconscious";
}
