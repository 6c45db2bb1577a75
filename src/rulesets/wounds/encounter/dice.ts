import { checkRequest, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";

/**
 * Runs a rules plan with the fight's roller as the engine's `runSync` does (the same dice in
 * the same order), keeping each request's dice by its label so the log can show them.
 * @returns the plan's result and the dice by label, in the order rolled.
 */
export function runLabelled<T>(
  plan: RollPlan<T>, roller: DiceRoller,
): { result: T; dice: Record<string, number[]> } {
  const dice: Record<string, number[]> = {};
  let step = plan.next();
  while (!step.done) {
    const request = checkRequest(step.value);
    const rolled: number[] = [];
    for (let k = 0; k < request.count; k++) rolled.push(roller.die(request.faces));
    const label = request.label ?? "";
    (dice[label] ??= []).push(...rolled);
    step = plan.next(rolled);
  }
  return { result: step.value, dice };
}
