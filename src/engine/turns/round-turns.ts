import type { TrackerPosition } from "../effects/ledger";
import { stepOrders, type RoundStep } from "./scheme";

/**
 * A round of several steps laid out as one list of turns, the way Foundry's tracker walks a round
 * (one index a turn, `Combat#turns`): each ordered step's turns in its own order, one after the
 * other, every combatant once per ordered step. phases' round is Initiative (no turns), Movement
 * (lowest initiative first, seizers first), Battle (highest first, seizers last) and End (no
 * turns): each combatant has two turns a round, at index `i` in Movement and `n + i'` in Battle.
 * A round whose first step has no turns opens on it: the tracker stands on no turn (Foundry's
 * `turn` null) until the first ordered step begins; steps with no turns after the last ordered one
 * happen as the round ends. Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative Phase,
 * §Movement Phase, §Battle Phase; RULINGS.md §phases Round, Movement phase, Seizing.
 */

/** One turn of the round: the step it belongs to and whose it is. */
export interface StepTurn {
  readonly step: string;
  readonly id: string;
}

/** The steps that have turns, in round order. */
export function orderedSteps(steps: readonly RoundStep[]): RoundStep[] {
  return steps.filter((s) => s.order !== "none");
}

/**
 * Whether a round is laid out step by step: more than one step has turns, or the round opens on a
 * step without turns. A round of one ordered pass (escalation, shock, action-points) is not.
 */
export function isStepped(steps: readonly RoundStep[]): boolean {
  return orderedSteps(steps).length > 1 || opensOnStep(steps) !== null;
}

/** The step a round opens on before any turn (its first, when it has no turns), else null. */
export function opensOnStep(steps: readonly RoundStep[]): string | null {
  const first = steps[0];
  return first && first.order === "none" && orderedSteps(steps).length > 0 ? first.id : null;
}

/**
 * A step's order with each `after` placement made in turn: the combatant moved to just after
 * the one it names (phases' Delay), when both are in the order and it is not itself.
 */
export function placedAfter(
  order: readonly string[], after: Readonly<Record<string, string>>,
): string[] {
  const out = [...order];
  for (const [id, anchor] of Object.entries(after)) {
    const from = out.indexOf(id);
    if (from < 0 || id === anchor || !out.includes(anchor)) continue;
    out.splice(from, 1);
    out.splice(out.indexOf(anchor) + 1, 0, id);
  }
  return out;
}

/**
 * The round's turns in play order (see the module's note).
 * @param order combatant ids, first in initiative first (ties already broken).
 * @param marked each mark's combatant ids (phases: `{ seize: [...] }`).
 * @param placed by step, the combatants placed after another (`placedAfter`: phases' Delay).
 * @throws RangeError when an id repeats (`stepOrders`).
 */
export function roundTurns(
  steps: readonly RoundStep[], order: readonly string[],
  marked: Readonly<Record<string, readonly string[]>> = {},
  placed: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): StepTurn[] {
  const orders = stepOrders(steps, order, marked);
  const out: StepTurn[] = [];
  for (const step of orderedSteps(steps)) {
    const ids = orders.get(step.id) ?? [];
    const after = placed[step.id];
    for (const id of after ? placedAfter(ids, after) : ids) out.push({ step: step.id, id });
  }
  return out;
}

/**
 * Which step turn `turn` of a round belongs to, and its place in that step, for a round of
 * `count` combatants (each ordered step has `count` turns). Null `turn`: the step the round opens
 * on, with no place yet.
 * @returns null when the turn is past the round's turns, or the round has no such opening.
 */
export function stepOfTurn(
  steps: readonly RoundStep[], count: number, turn: number | null,
): { step: string; index: number | null } | null {
  if (turn === null) {
    const opening = opensOnStep(steps);
    return opening === null ? null : { step: opening, index: null };
  }
  const ordered = orderedSteps(steps);
  if (count <= 0 || turn < 0 || !Number.isInteger(turn)) return null;
  const step = ordered[Math.floor(turn / count)];
  return step ? { step: step.id, index: turn % count } : null;
}

/**
 * Where the tracker stands for the turn ledger (`effects/ledger.ts`): the round, the step as the
 * ledger's phase, the place in that step and that step's order.
 * @param turns the round's turns (`roundTurns`); `count` the combatants.
 */
export function steppedPosition(
  steps: readonly RoundStep[], turns: readonly StepTurn[], count: number, round: number,
  turn: number | null,
): TrackerPosition {
  const at = stepOfTurn(steps, count, turn);
  if (!at) return { round, turn: null, order: [] };
  const order = turns.filter((t) => t.step === at.step).map((t) => t.id);
  return { round, phase: at.step, turn: at.index, order };
}
