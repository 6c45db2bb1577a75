/**
 * The turn ledger: which turn starts, turn ends and round (or phase) edges of an encounter have
 * been processed, so each is processed once, the first time the tracker moves forward through it
 * (a step back and forward again reaches the same entry). Generalised from escalation's
 * (`src/rulesets/escalation/rules/turn-ledger.ts`, which now re-exports this), keeping its
 * entries: `3:abc` (turn end), `start:3:abc`, `round:3`. Source: `000_c2dc3d650823e22d.txt`
 * §Actions, §Delaying your Turn.
 */

export const TURN_EDGES = ["start", "end"] as const;
export type TurnEdge = (typeof TURN_EDGES)[number];

/** A turn: whose, and in which phase when the ruleset has several turns a round. */
export interface TurnRef {
  readonly combatantId: string;
  readonly phase?: string;
}

/** A turn starting or ending, keyed by the turn's own round (not the tracker's when handled). */
export interface TurnEvent extends TurnRef {
  readonly edge: TurnEdge;
  readonly round: number;
}

/** A round (or one phase of it) starting or ending. */
export interface RoundEvent {
  readonly edge: TurnEdge;
  readonly round: number;
  readonly phase?: string;
}

/** Where the tracker stands: the round, the phase, the current index into that phase's order. */
export interface TrackerPosition {
  readonly round: number;
  readonly phase?: string;
  readonly turn: number | null;
  readonly order: readonly string[];
}

/** Whether to do an event's work, and the ledger to store (unchanged when nothing is claimed). */
export interface Verdict {
  readonly process: boolean;
  readonly ledger: readonly string[];
}

/**
 * The ledger entry of a turn event. Without a phase it is escalation's own (`3:abc`,
 * `start:3:abc`), so ledgers stored in worlds stay valid when escalation moves onto this file.
 */
export function ledgerEntry(event: TurnEvent): string {
  const turn = event.phase === undefined ? `${event.round}` : `${event.round}@${event.phase}`;
  const key = `${turn}:${event.combatantId}`;
  return event.edge === "end" ? key : `start:${key}`;
}

/** The ledger entry of a round event; a round start is escalation's `round:N`. */
export function roundEntry(event: RoundEvent): string {
  const at = event.phase === undefined ? `${event.round}` : `${event.round}@${event.phase}`;
  return event.edge === "start" ? `round:${at}` : `roundEnd:${at}`;
}

function claim(ledger: readonly string[], entry: string): Verdict {
  if (ledger.includes(entry)) return { process: false, ledger };
  return { process: true, ledger: [...ledger, entry] };
}

/**
 * Whether an end reported in the current round and phase is a turn put off (a Delay) rather than
 * over: its combatant now stands after the current turn, so its turn is still to come.
 */
export function isPutOff(event: TurnEvent, now: TrackerPosition): boolean {
  const endsThisPhase =
    event.edge === "end" && event.round === now.round && event.phase === now.phase;
  if (!endsThisPhase || now.turn === null) return false;
  return now.order.indexOf(event.combatantId) > now.turn;
}

/**
 * Decides a turn start or end: processed the first time the tracker moves forward through it (a
 * step back and forward again reaches the same entry), unless it is a turn put off by a Delay.
 */
export function judgeTurnEvent(
  ledger: readonly string[],
  event: TurnEvent,
  now: TrackerPosition,
): Verdict {
  if (isPutOff(event, now)) return { process: false, ledger };
  return claim(ledger, ledgerEntry(event));
}

/** Decides a round or phase start or end: processed the first time only. */
export function judgeRoundEvent(ledger: readonly string[], event: RoundEvent): Verdict {
  return claim(ledger, roundEntry(event));
}

/**
 * The entries of every edge an encounter has already passed at `now`, for an encounter that ran
 * before it kept a ledger: each round up to the current one started, each earlier round ended,
 * every listed combatant's turn of an earlier round started and ended, and in the current round
 * each turn before the current one started and ended, the current one started. Without phases.
 * @param now the tracker's position (`turn` null: no turn yet this round)
 * @returns the entries, in the order the edges were passed
 */
export function pastEntries(now: TrackerPosition): string[] {
  const entries: string[] = [];
  const turns = (round: number, count: number, current: boolean) => {
    now.order.slice(0, count).forEach((combatantId, i) => {
      entries.push(ledgerEntry({ edge: "start", combatantId, round }));
      const ongoing = current && i === count - 1;
      if (!ongoing) entries.push(ledgerEntry({ edge: "end", combatantId, round }));
    });
  };
  for (let round = 1; round <= now.round; round++) {
    entries.push(roundEntry({ edge: "start", round }));
    if (round < now.round) {
      turns(round, now.order.length, false);
      entries.push(roundEntry({ edge: "end", round }));
    } else if (now.turn !== null) {
      turns(round, now.turn + 1, true);
    }
  }
  return entries;
}

/**
 * The ledger with combatant `from`'s turn entries made `to`'s: a unit that left and came back
 * under a new combatant id (`shell/combat/kept-lifecycle.ts`) keeps the turns it has had, so a
 * tracker stepped back over it and forward again does not start its turn twice. Round entries
 * and other combatants' are kept as they are; an entry `to` already has is not repeated.
 */
export function renamedInLedger(ledger: readonly string[], from: string, to: string): string[] {
  const suffix = `:${from}`;
  const renamed = ledger.map((e) => (!e.startsWith("round") && e.endsWith(suffix)
    ? `${e.slice(0, -from.length)}${to}` : e));
  return [...new Set(renamed)];
}
