/**
 * Neutral timed effects and the turn ledger, generalised from escalation's
 * (`src/rulesets/escalation/rules/durations.ts`, `turn-ledger.ts`):
 * - until the end of the bearer's or the source's next turn (escalation's end of next turn);
 * - until the start of the bearer's or the source's next turn (shock's and action-points' Total
 *   Defense, phases' Defend): `002_5e27cdf788b28f5f.txt` §Total Defense, `004_2cc57162401858c9.txt`
 *   §Total Defense, `003_d18720f6cd315cc2.txt` §Battle Actions (Defend);
 * - until the end of a round (wounds' disrupting −3, phases' seizing, shock's Charge): RULINGS.md
 *   §wounds Wounds stack, §phases Movement phase, §shock Attack;
 * - a save at the end of the bearer's turn (escalation) or at the end of the round (phases' End
 *   phase, where a sustained effect is kept by a success), with the save rolled by the caller;
 * - the rest of the encounter.
 * A turn may be narrowed to one phase (phases has a Movement and a Battle turn per round).
 */
export const TURN_EDGES = ["start", "end"] as const;
export type TurnEdge = (typeof TURN_EDGES)[number];

export const WATCHERS = ["bearer", "source"] as const;
export type Watcher = (typeof WATCHERS)[number];

export const SAVE_TIMINGS = ["bearerTurnEnd", "roundEnd"] as const;
export type SaveTiming = (typeof SAVE_TIMINGS)[number];

export type TimedDuration =
  /** Until the `edge` of `who`'s next turn (in `phase` only, when given). */
  | { readonly kind: "turn"; readonly edge: TurnEdge; readonly who: Watcher; readonly phase?: string }
  /** Until the end of round `round` (absolute: "until the end of next round" is the current + 1). */
  | { readonly kind: "roundEnd"; readonly round: number }
  /** A save at `at`; a success ends the effect, or keeps a `sustains` effect (a failure ends it). */
  | { readonly kind: "save"; readonly at: SaveTiming; readonly onSuccess: "ends" | "sustains" }
  | { readonly kind: "encounter" };

export interface TimedEffect {
  /** Unique per applied instance (an ActiveEffect id in Foundry). */
  readonly key: string;
  /** Combatant ids of who bears it and who applied it. */
  readonly bearer: string;
  readonly source: string;
  readonly duration: TimedDuration;
  /**
   * False while the turn in progress is the watched combatant's own, for a turn-end duration: it
   * must outlast that turn and end at the following one ({@link startsArmed}).
   */
  readonly armed: boolean;
}

/** A turn: whose, and in which phase when the ruleset has several turns a round. */
export interface TurnRef {
  readonly combatantId: string;
  readonly phase?: string;
}

type Timed = Pick<TimedEffect, "duration" | "bearer" | "source">;

/** Whose turn a duration waits for, or null when turns do not end it. */
export function watchedCombatant(effect: Timed): string | null {
  if (effect.duration.kind !== "turn") return null;
  return effect.duration.who === "bearer" ? effect.bearer : effect.source;
}

function watches(effect: Timed, edge: TurnEdge, turn: TurnRef): boolean {
  const d = effect.duration;
  if (d.kind !== "turn" || d.edge !== edge || watchedCombatant(effect) !== turn.combatantId) return false;
  return d.phase === undefined || d.phase === turn.phase;
}

/**
 * Whether a new effect starts armed. Only a turn-end duration applied during the watched
 * combatant's own turn does not: "until the end of your next turn" taken on your turn outlasts it.
 * A turn-start duration is always armed: the start of the turn in progress is already past.
 * @param current the turn in progress, or null between turns.
 */
export function startsArmed(effect: Timed, current: TurnRef | null): boolean {
  if (current === null) return true;
  return !watches(effect, "end", current);
}

/** What the start of a turn ends. */
export interface TurnStartPlan {
  readonly expire: readonly TimedEffect[];
}

/** The effects (on anyone) that end as `turn` starts: those waiting for the start of this turn. */
export function turnStartPlan<E extends TimedEffect>(effects: readonly E[], turn: TurnRef): { expire: E[] } {
  return { expire: effects.filter((e) => watches(e, "start", turn)) };
}

/** What the end of a turn does, in order: the owner's saves, then expiry and arming. */
export interface TurnEndPlan<E extends TimedEffect = TimedEffect> {
  /** One save per save effect timed to its bearer's turn end, on the turn's owner. */
  readonly saves: readonly E[];
  /** Effects (on anyone) that end now: this was the watched combatant's next turn. */
  readonly expire: readonly E[];
  /** Effects that were waiting out this very turn and now arm for the next one. */
  readonly arm: readonly E[];
}

/** The end of `turn` over every effect in the encounter (escalation: 000 §Actions). */
export function turnEndPlan<E extends TimedEffect>(effects: readonly E[], turn: TurnRef): TurnEndPlan<E> {
  const saves: E[] = [];
  const expire: E[] = [];
  const arm: E[] = [];
  for (const e of effects) {
    const d = e.duration;
    if (d.kind === "save" && d.at === "bearerTurnEnd" && e.bearer === turn.combatantId) saves.push(e);
    if (watches(e, "end", turn)) (e.armed ? expire : arm).push(e);
  }
  return { saves, expire, arm };
}

/** The end of round `round`: effects lasting to it expire; round-end saves are rolled (phases' End). */
export function roundEndPlan<E extends TimedEffect>(
  effects: readonly E[], round: number,
): { saves: E[]; expire: E[] } {
  const saves: E[] = [];
  const expire: E[] = [];
  for (const e of effects) {
    const d = e.duration;
    if (d.kind === "roundEnd" && d.round <= round) expire.push(e);
    if (d.kind === "save" && d.at === "roundEnd") saves.push(e);
  }
  return { saves, expire };
}

/**
 * Rolls each save with the caller's check and splits the effects: a success ends an `ends` effect
 * and keeps a `sustains` one; a failure the reverse. Phases: 2d6 ≥ 7 (003 §End Phase); escalation:
 * 3d6 ≥ the effect's target. Effects that are not saves are kept and never checked.
 */
export function resolveSaves<E extends TimedEffect>(
  saves: readonly E[], check: (effect: E) => boolean,
): { ended: E[]; kept: E[] } {
  const ended: E[] = [];
  const kept: E[] = [];
  for (const e of saves) {
    const d = e.duration;
    if (d.kind !== "save") { kept.push(e); continue; }
    const success = check(e);
    (success === (d.onSuccess === "ends") ? ended : kept).push(e);
  }
  return { ended, kept };
}

/**
 * The effects that end because their source is out of the fight: they wait for a turn of the
 * source that will never come. Source: RULINGS.md §escalation Instances.
 */
export function effectsEndingWithSource<E extends TimedEffect>(effects: readonly E[], source: string): E[] {
  return effects.filter((e) => (
    e.duration.kind === "turn" && e.duration.who === "source" && e.source === source
  ));
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
 * The ledger entry of a turn event. Without a phase it is escalation's own (`3:abc`, `start:3:abc`),
 * so ledgers stored in worlds stay valid when escalation moves onto this file.
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
  const endsThisPhase = event.edge === "end" && event.round === now.round && event.phase === now.phase;
  if (!endsThisPhase || now.turn === null) return false;
  return now.order.indexOf(event.combatantId) > now.turn;
}

/**
 * Decides a turn start or end: processed the first time the tracker moves forward through it (a
 * step back and forward again reaches the same entry), unless it is a turn put off by a Delay.
 */
export function judgeTurnEvent(ledger: readonly string[], event: TurnEvent, now: TrackerPosition): Verdict {
  if (isPutOff(event, now)) return { process: false, ledger };
  return claim(ledger, ledgerEntry(event));
}

/** Decides a round or phase start or end: processed the first time only. */
export function judgeRoundEvent(ledger: readonly string[], event: RoundEvent): Verdict {
  return claim(ledger, roundEntry(event));
}
