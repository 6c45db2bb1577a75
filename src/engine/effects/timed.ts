import type { TurnEdge, TurnRef } from "./ledger";

export {
  TURN_EDGES, isPutOff, judgeRoundEvent, judgeTurnEvent, ledgerEntry, roundEntry, type RoundEvent,
  type TrackerPosition, type TurnEdge, type TurnEvent, type TurnRef, type Verdict,
} from "./ledger";

/**
 * Neutral timed effects, generalised from escalation's
 * (`src/rulesets/escalation/rules/durations.ts`, which now reads its durations through this file):
 * - until the end of the bearer's or the source's next turn (escalation's end of next turn);
 * - until the start of the bearer's or the source's next turn (shock's and action-points' Total
 *   Defense, phases' Defend): `002_5e27cdf788b28f5f.txt` §Total Defense,
 *   `004_2cc57162401858c9.txt` §Total Defense, `003_d18720f6cd315cc2.txt` §Battle Actions
 *   (Defend);
 * - until the end of a round (wounds' disrupting −3, phases' seizing, shock's Charge): RULINGS.md
 *   §wounds Wounds stack, §phases Movement phase, §shock Attack;
 * - a save at the end of the bearer's turn (escalation) or at the end of the round (phases' End
 *   phase, where a sustained effect is kept by a success), with the save rolled by the caller;
 * - the rest of the encounter.
 * A turn may be narrowed to one phase (phases has a Movement and a Battle turn per round).
 *
 * A ruleset stores its durations in its own words (escalation: `"endOfNextTurn"`, in Foundry flags
 * and logs); {@link namedTimings} reads those words as {@link TimedDuration}s, so its effects run
 * on this file as they are stored. The free functions below are the same code on effects that
 * carry a {@link TimedDuration} itself.
 */
export const WATCHERS = ["bearer", "source"] as const;
export type Watcher = (typeof WATCHERS)[number];

export const SAVE_TIMINGS = ["bearerTurnEnd", "roundEnd"] as const;
export type SaveTiming = (typeof SAVE_TIMINGS)[number];

export type TimedDuration =
  /** Until the `edge` of `who`'s next turn (in `phase` only, when given). */
  | {
      readonly kind: "turn";
      readonly edge: TurnEdge;
      readonly who: Watcher;
      readonly phase?: string;
    }
  /**
   * Until the end of round `round` (absolute: "until the end of next round" is the current + 1).
   */
  | { readonly kind: "roundEnd"; readonly round: number }
  /**
   * A save at `at`; a success ends the effect, or keeps a `sustains` effect (a failure ends it).
   */
  | { readonly kind: "save"; readonly at: SaveTiming; readonly onSuccess: "ends" | "sustains" }
  | { readonly kind: "encounter" };

/**
 * A timed effect whose duration is `D`: a {@link TimedDuration}, or a ruleset's own word for one
 * (read through {@link Timings}).
 */
export interface Timed<D> {
  /** Unique per applied instance (an ActiveEffect id in Foundry). */
  readonly key: string;
  /** Combatant ids of who bears it and who applied it. */
  readonly bearer: string;
  readonly source: string;
  readonly duration: D;
  /**
   * False while the turn in progress is the watched combatant's own, for a turn-end duration: it
   * must outlast that turn and end at the following one ({@link startsArmed}).
   */
  readonly armed: boolean;
}

/** A timed effect that carries the engine's duration itself. */
export type TimedEffect = Timed<TimedDuration>;

/** What the start of a turn ends. */
export interface TurnStartPlan<E = TimedEffect> {
  readonly expire: readonly E[];
}

/** What the end of a turn does, in order: the owner's saves, then expiry and arming. */
export interface TurnEndPlan<E = TimedEffect> {
  /** One save per save effect timed to its bearer's turn end, on the turn's owner. */
  readonly saves: readonly E[];
  /** Effects (on anyone) that end now: this was the watched combatant's next turn. */
  readonly expire: readonly E[];
  /** Effects that were waiting out this very turn and now arm for the next one. */
  readonly arm: readonly E[];
}

type Shape<D> = Pick<Timed<D>, "duration" | "bearer" | "source">;

/**
 * The timing rules over effects whose durations are `D`, each read as a {@link TimedDuration} by
 * `meaning`. Pure: every method returns new lists and changes nothing it is given.
 */
export class Timings<D> {
  /**
   * @param meaning the engine's reading of one stored duration (throws on one it does not know).
   */
  constructor(readonly meaning: (duration: D) => TimedDuration) {}

  /** Whose turn a duration waits for, or null when turns do not end it. */
  watchedCombatant(effect: Shape<D>): string | null {
    const d = this.meaning(effect.duration);
    if (d.kind !== "turn") return null;
    return d.who === "bearer" ? effect.bearer : effect.source;
  }

  /**
   * Whether `effect` waits for the `edge` of `turn` (its combatant, and its phase when narrowed).
   */
  watches(effect: Shape<D>, edge: TurnEdge, turn: TurnRef): boolean {
    const d = this.meaning(effect.duration);
    if (d.kind !== "turn" || d.edge !== edge) return false;
    if ((d.who === "bearer" ? effect.bearer : effect.source) !== turn.combatantId) return false;
    return d.phase === undefined || d.phase === turn.phase;
  }

  /**
   * Whether a new effect starts armed. Only a turn-end duration applied during the watched
   * combatant's own turn does not: "until the end of your next turn" taken on your turn outlasts
   * it. A turn-start duration is always armed: the start of the turn in progress is already past.
   * @param current the turn in progress, or null between turns.
   */
  startsArmed(effect: Shape<D>, current: TurnRef | null): boolean {
    return current === null || !this.watches(effect, "end", current);
  }

  /** Whether its bearer saves against `effect` at the end of each of its turns. */
  savesAtTurnEnd(effect: Pick<Timed<D>, "duration">): boolean {
    const d = this.meaning(effect.duration);
    return d.kind === "save" && d.at === "bearerTurnEnd";
  }

  /**
   * The effects (on anyone) that end as `turn` starts: those waiting for the start of this turn.
   */
  turnStartPlan<E extends Shape<D>>(effects: readonly E[], turn: TurnRef): { expire: E[] } {
    return { expire: effects.filter((e) => this.watches(e, "start", turn)) };
  }

  /** The end of `turn` over every effect given (escalation: 000 §Actions). */
  turnEndPlan<E extends Timed<D>>(
    effects: readonly E[], turn: TurnRef,
  ): { saves: E[]; expire: E[]; arm: E[] } {
    const saves: E[] = [];
    const expire: E[] = [];
    const arm: E[] = [];
    for (const e of effects) {
      if (e.bearer === turn.combatantId && this.savesAtTurnEnd(e)) saves.push(e);
      if (this.watches(e, "end", turn)) (e.armed ? expire : arm).push(e);
    }
    return { saves, expire, arm };
  }

  /**
   * The end of round `round`: effects lasting to it expire; round-end saves are rolled (phases).
   */
  roundEndPlan<E extends Shape<D>>(
    effects: readonly E[],
    round: number,
  ): { saves: E[]; expire: E[] } {
    const saves: E[] = [];
    const expire: E[] = [];
    for (const e of effects) {
      const d = this.meaning(e.duration);
      if (d.kind === "roundEnd" && d.round <= round) expire.push(e);
      if (d.kind === "save" && d.at === "roundEnd") saves.push(e);
    }
    return { saves, expire };
  }

  /**
   * Rolls each save with the caller's check and splits the effects: a success ends an `ends`
   * effect and keeps a `sustains` one; a failure the reverse. Phases: 2d6 ≥ 7 (003 §End Phase);
   * escalation: 3d6 ≥ the effect's target. Effects that are not saves are kept and never checked.
   */
  resolveSaves<E extends Pick<Timed<D>, "duration">>(
    saves: readonly E[], check: (effect: E) => boolean,
  ): { ended: E[]; kept: E[] } {
    const ended: E[] = [];
    const kept: E[] = [];
    for (const e of saves) {
      const d = this.meaning(e.duration);
      if (d.kind !== "save") { kept.push(e); continue; }
      (check(e) === (d.onSuccess === "ends") ? ended : kept).push(e);
    }
    return { ended, kept };
  }

  /**
   * Whether `effect` ends because `source` is out of the fight: it waits for a turn of that source
   * that will never come. Source: RULINGS.md §escalation Instances.
   */
  endsWithSource(effect: Pick<Timed<D>, "duration" | "source">, source: string): boolean {
    if (effect.source !== source) return false;
    const d = this.meaning(effect.duration);
    return d.kind === "turn" && d.who === "source";
  }

  /** The effects that end because `source` is out of the fight ({@link endsWithSource}). */
  effectsEndingWithSource<E extends Pick<Timed<D>, "duration" | "source">>(
    effects: readonly E[], source: string,
  ): E[] {
    return effects.filter((e) => this.endsWithSource(e, source));
  }
}

/**
 * The timing rules for a ruleset that names its durations: `meanings` gives each name's
 * {@link TimedDuration} (escalation: `endOfNextTurn` → the end of the bearer's next turn).
 * @throws RangeError from any method given an effect whose duration is not one of the names.
 */
export function namedTimings<N extends string>(
  meanings: Readonly<Record<N, TimedDuration>>,
): Timings<N> {
  return new Timings<N>((name) => {
    const d = meanings[name];
    if (d === undefined) throw new RangeError(`unknown duration ${String(name)}`);
    return d;
  });
}

/** The timing rules over effects that carry a {@link TimedDuration} themselves. */
export const TIMINGS: Timings<TimedDuration> = new Timings<TimedDuration>((d) => d);

/** Whose turn a duration waits for, or null when turns do not end it. */
export function watchedCombatant(effect: Shape<TimedDuration>): string | null {
  return TIMINGS.watchedCombatant(effect);
}

/** Whether a new effect starts armed ({@link Timings.startsArmed}). */
export function startsArmed(effect: Shape<TimedDuration>, current: TurnRef | null): boolean {
  return TIMINGS.startsArmed(effect, current);
}

/** The effects (on anyone) that end as `turn` starts ({@link Timings.turnStartPlan}). */
export function turnStartPlan<E extends TimedEffect>(
  effects: readonly E[],
  turn: TurnRef,
): { expire: E[] } {
  return TIMINGS.turnStartPlan(effects, turn);
}

/** The end of `turn` over every effect in the encounter ({@link Timings.turnEndPlan}). */
export function turnEndPlan<E extends TimedEffect>(
  effects: readonly E[],
  turn: TurnRef,
): TurnEndPlan<E> {
  return TIMINGS.turnEndPlan(effects, turn);
}

/** The end of round `round` ({@link Timings.roundEndPlan}). */
export function roundEndPlan<E extends TimedEffect>(
  effects: readonly E[], round: number,
): { saves: E[]; expire: E[] } {
  return TIMINGS.roundEndPlan(effects, round);
}

/**
 * Rolls each save with the caller's check and splits the effects ({@link Timings.resolveSaves}).
 */
export function resolveSaves<E extends TimedEffect>(
  saves: readonly E[], check: (effect: E) => boolean,
): { ended: E[]; kept: E[] } {
  return TIMINGS.resolveSaves(saves, check);
}

/**
 * The effects that end because their source is out of the fight ({@link Timings.endsWithSource}).
 */
export function effectsEndingWithSource<E extends TimedEffect>(
  effects: readonly E[],
  source: string,
): E[] {
  return TIMINGS.effectsEndingWithSource(effects, source);
}
