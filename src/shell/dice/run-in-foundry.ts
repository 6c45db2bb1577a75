import { runAsync, type DiceRequest, type RollPlan } from "../../engine/dice/plan";
import { ShownRolls } from "./shown-rolls";

/**
 * Runs an engine roll plan (`engine/dice/plan.ts`) in Foundry: each request is rolled with
 * Foundry's `Roll` (`<count>d<faces>`, one Roll per request, in the plan's order), so every step
 * of a multi-step roll (the first checks, each tie re-rolled, each link of a chain) is a real
 * Foundry roll: the chat shows it and Dice So Nice animates it. The same plan runs in Node with the
 * seeded roller (`runSync`), so the GM's client and the encounter runner decide alike.
 */

/** How a plan's dice are shown: the message's flavor, what they belong to, each roll's name. */
export interface PlanShow {
  /** The roll message's flavor (localized). */
  readonly flavor: string;
  /** The card the dice belong to: they are seen as it is (`shown-rolls.ts` `modeLike`). */
  readonly card?: ChatMessage.Implementation | null;
  /** Else the actor they are about (`shown-rolls.ts` `rollModeFor`). */
  readonly actor?: Actor.Implementation | null;
  readonly speaker?: object;
  /**
   * The name over a request's roll, from its label (a side's id → a combatant's name); a label it
   * does not know (or returns undefined for) leaves the roll unnamed.
   */
  readonly name?: (label: string) => string | undefined;
}

/** The Foundry formula of a request: `2d6`. */
export function formulaOf(request: DiceRequest): string {
  return `${request.count}d${request.faces}`;
}

/**
 * The dice a Foundry roll shows, in order: every die term's active results (client/dice/roll.mjs
 * `dice`; client/dice/terms/dice.mjs `roll` marks each result `active`, a discarded one inactive).
 */
export function diceOf(roll: Pick<Roll, "dice">): number[] {
  return roll.dice.flatMap((term) =>
    term.results.filter((r) => r.active !== false).map((r) => r.result));
}

/**
 * Runs a plan, rolling each request with Foundry's `Roll` into `dice`, and returns its result.
 * The rolls stay in `dice` for the caller to show (`dice.show`) or to put on its own card
 * (`dice.rolls`); given a function, each request's rolls go where its label says (shown apart).
 * @throws RangeError when a Roll does not give the dice asked for; whatever the plan throws (the
 *   rolls made so far stay in `dice`).
 */
export async function rollInFoundry<T>(
  plan: RollPlan<T>, dice: ShownRolls | ((label: string | undefined) => ShownRolls),
  name?: (label: string) => string | undefined,
): Promise<T> {
  return runAsync(plan, async (request) => {
    const flavor = request.label === undefined ? undefined : name?.(request.label);
    const into = typeof dice === "function" ? dice(request.label) : dice;
    return diceOf(await into.roll(formulaOf(request), flavor));
  });
}

/**
 * Runs a plan with Foundry's `Roll` and shows every roll it made in one roll message
 * (`ShownRolls.show`: visibility as the card or the actor says), after the result is known.
 * Nothing is shown when the plan asked for no dice, or when it failed.
 * @returns the plan's result.
 */
export async function runInFoundry<T>(plan: RollPlan<T>, show: PlanShow): Promise<T> {
  const dice = new ShownRolls();
  const value = await rollInFoundry(plan, dice, show.name);
  await dice.show(show.flavor, show);
  return value;
}
