/**
 * A round of named phases, as `phases` plays it: Initiative (everyone rolls), Movement (lowest
 * initiative first), Battle (highest first), End (saves). A combatant that seizes the initiative
 * moves first and acts last in the Battle phase.
 * Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative Phase, §Movement Phase, §Battle
 * Phase (Delay); RULINGS.md §phases Round, Initiative phase, Movement phase, Seizing.
 */
export const ROUND_PHASES = ["initiative", "movement", "battle", "end"] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** The phases in which each combatant takes a turn of its own. */
export const TURN_PHASES = ["movement", "battle"] as const satisfies readonly RoundPhase[];

/** The order of each turn-taking phase, combatant ids first to act first. */
export interface PhaseOrders {
  readonly movement: readonly string[];
  readonly battle: readonly string[];
}

/**
 * The Movement and Battle orders of a round. Battle: highest initiative first, seizers after
 * everyone else (highest first among them). Movement is exactly the Battle order reversed: lowest
 * first, seizers before everyone (lowest first among them), and ties broken "the same way as the
 * Battle order, reversed" (RULINGS.md §phases Seizing).
 * @param initiative combatant ids in initiative order, highest first, ties already broken
 *   (`ranked.ts#rollInitiative`).
 * @param seizers ids of those that seized the initiative this round.
 * @throws RangeError when an id repeats or a seizer is not in the order.
 */
export function phaseOrders(
  initiative: readonly string[],
  seizers: readonly string[],
): PhaseOrders {
  const all = new Set(initiative);
  if (all.size !== initiative.length) throw new RangeError("initiative ids must be distinct");
  for (const s of seizers) {
    if (!all.has(s)) throw new RangeError(`seizer ${s} is not in the initiative order`);
  }
  const seizing = new Set(seizers);
  const battle = [
    ...initiative.filter((id) => !seizing.has(id)),
    ...initiative.filter((id) => seizing.has(id)),
  ];
  return { movement: battle.slice().reverse(), battle };
}

/** One step of a round: a phase, and whose turn it is within it (null in Initiative and End). */
export interface PhaseStep {
  readonly phase: RoundPhase;
  readonly combatantId: string | null;
}

/**
 * Every step of a round in play order: Initiative, one Movement turn per combatant, one Battle turn
 * per combatant, End. A tracker can walk it as Foundry walks turns.
 */
export function roundSteps(orders: PhaseOrders): PhaseStep[] {
  return [
    { phase: "initiative", combatantId: null },
    ...orders.movement.map((id): PhaseStep => ({ phase: "movement", combatantId: id })),
    ...orders.battle.map((id): PhaseStep => ({ phase: "battle", combatantId: id })),
    { phase: "end", combatantId: null },
  ];
}

/** Why a Delay is refused. */
export const DELAY_REFUSALS = ["notInOrder", "notOwnTurn", "alreadyActed", "self"] as const;
export type DelayRefusal = (typeof DELAY_REFUSALS)[number];

/**
 * Delay in the Battle phase: the combatant whose turn it is acts right after a named combatant that
 * has not acted yet. Source: `003_d18720f6cd315cc2.txt` §Battle Actions ("Delay your action until
 * after the GM or another player has finished their turn … must declare that you are acting
 * before [they take] their turn").
 * @param order the phase's order; `current` the index of the turn in progress.
 * @returns the new order (the turn at `current` now belongs to whoever stood next), or a refusal.
 */
export function delayAfter(
  order: readonly string[], current: number, who: string, after: string,
): { ok: true; order: string[] } | { ok: false; reason: DelayRefusal } {
  const at = order.indexOf(who);
  const target = order.indexOf(after);
  if (at < 0 || target < 0) return { ok: false, reason: "notInOrder" };
  if (who === after) return { ok: false, reason: "self" };
  if (at !== current) return { ok: false, reason: "notOwnTurn" };
  if (target < current) return { ok: false, reason: "alreadyActed" };
  const next = order.filter((id) => id !== who);
  next.splice(next.indexOf(after) + 1, 0, who);
  return { ok: true, order: next };
}
