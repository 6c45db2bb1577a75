import { claimTurnEnd, turnKey } from "./durations";

/**
 * The turn ledger: which turn starts, turn ends and round starts of an encounter have been
 * processed, so that each is processed exactly once, the first time the tracker moves forward
 * through it, whatever the GM does meanwhile (stepping back and forward, rewinding rounds,
 * reordering). Start-of-turn work is a death save and fresh actions; end-of-turn work is ongoing
 * damage, saves and expiry; a round start gives the interrupt back.
 *
 * It also carries the one reorder that moves the turn on: the current combatant delaying. Its turn
 * is put off, not over, so the turn passes to whoever stood next, and its end comes when its new
 * place in the order is passed.
 * Source: `000_c2dc3d650823e22d.txt` §Actions ("At the start of your turn… At the end of your
 * turn…"), §Delaying your Turn, §Readying an Action, §Dying and Death.
 */
export type TurnEdge = "start" | "end";

/** A turn starting or ending, as the tracker reports it. */
export interface TurnEvent {
  readonly edge: TurnEdge;
  readonly combatantId: string;
  /**
   * The round the turn belongs to. Not the encounter's round when the event is handled: the last
   * turn of a round ends after the round has already advanced.
   */
  readonly round: number;
}

/** Where the tracker stands when an event is handled. */
export interface TrackerPosition {
  readonly round: number;
  /** Index into `order` of the current turn, or null when it is no one's turn. */
  readonly turn: number | null;
  /** Combatant ids in turn order. */
  readonly order: readonly string[];
}

/** Whether to do an event's work, and the ledger to store (unchanged when nothing is claimed). */
export interface Verdict {
  readonly process: boolean;
  readonly ledger: readonly string[];
}

/**
 * The ledger entry of an event. An end keeps the bare `turnKey`, as ledgers always recorded ends;
 * a start is prefixed so the two edges of one turn are told apart.
 */
export function ledgerEntry(event: TurnEvent): string {
  const key = turnKey(event.round, event.combatantId);
  return event.edge === "end" ? key : `start:${key}`;
}

/**
 * Whether an end reported in the current round is a turn put off rather than over: its combatant
 * now stands after the current turn (it delayed to a later band), so its turn is still to come.
 * A turn that is really over always stands before the current one, or belongs to an earlier round.
 */
export function isPutOff(event: TurnEvent, now: TrackerPosition): boolean {
  if (event.edge !== "end" || event.round !== now.round || now.turn === null) return false;
  return now.order.indexOf(event.combatantId) > now.turn;
}

/**
 * Decides one start or end of a turn: processed when it was never processed before (keyed by the
 * turn's own round) and is not a turn put off by a Delay; a processed event is recorded.
 */
export function judgeTurnEvent(
  ledger: readonly string[], event: TurnEvent, now: TrackerPosition,
): Verdict {
  if (isPutOff(event, now)) return { process: false, ledger };
  // The ledger is one set of entries; claimTurnEnd records any entry once.
  const claim = claimTurnEnd(ledger, ledgerEntry(event));
  return { process: claim.fresh, ledger: claim.ledger };
}

/** Decides the start of a round (interrupts come back): processed the first time only. */
export function judgeRoundStart(ledger: readonly string[], round: number): Verdict {
  const claim = claimTurnEnd(ledger, `round:${round}`);
  return { process: claim.fresh, ledger: claim.ledger };
}

/**
 * The turn index after the order changes during a turn (band moves, group reorders, readied
 * actions, Delay). The current combatant stays current at its new place, except when it delayed
 * (`putOff`): then the turn stays at the same index, which now holds the combatant that was next
 * (or the delayer itself, when no one stood between its old and new place).
 * @param order combatant ids in the new turn order
 * @param currentId whose turn it was before the change; null when it is no one's turn
 * @param turn the turn index before the change; null when it is no one's turn
 * @returns the new turn index, or null when it is no one's turn or the order is empty
 */
export function turnAfterReorder(
  order: readonly string[], currentId: string | null, turn: number | null, putOff: boolean,
): number | null {
  if (currentId === null || turn === null || order.length === 0) return null;
  const at = order.indexOf(currentId);
  if (putOff || at < 0) return Math.min(turn, order.length - 1);
  return at;
}
