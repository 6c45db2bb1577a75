import {
  namedTimings,
  Timings,
  type Timed,
  type TimedDuration,
} from "../../../engine/effects/timed";
import type { ConditionId } from "./conditions";
import type { DamageType, Duration } from "./constants";

/**
 * Effect durations and the end-of-turn sequence of the `escalation` ruleset, on the engine's
 * timed effects (`engine/effects/timed.ts`): escalation stores its durations by name (Foundry
 * flags, chat cards, logs), and {@link DURATION_TIMINGS} reads each name as the engine's duration.
 * Source: `000_c2dc3d650823e22d.txt` §Actions ("At the end of your turn, take any ongoing damage,
 * then make saves for any save ends effects"), §Conditions and Effects (Ongoing Damage);
 * RULINGS.md §escalation Turn, Abilities (durations).
 *
 * An effect that lasts "until the end of X's next turn" and is applied during X's own turn must
 * survive the end of that turn: it is created unarmed and arms when that turn ends.
 */
export interface TimedEffect extends Timed<Duration> {
  readonly condition: ConditionId;
  /** The save that ends it (save ends only), 11+ unless stated. */
  readonly saveTarget: number;
  /** Ongoing damage per turn (ongoing only). */
  readonly amount: number;
  readonly damageType: DamageType;
}

/** What each of escalation's durations is in the engine's terms (one shared object per name). */
export const DURATION_MEANINGS: Readonly<Record<Duration, TimedDuration>> = {
  saveEnds: { kind: "save", at: "bearerTurnEnd", onSuccess: "ends" },
  endOfNextTurn: { kind: "turn", edge: "end", who: "bearer" },
  endOfSourceNextTurn: { kind: "turn", edge: "end", who: "source" },
  endOfEncounter: { kind: "encounter" },
};

const { saveEnds, endOfNextTurn, endOfSourceNextTurn, endOfEncounter } = DURATION_MEANINGS;
const byName = namedTimings(DURATION_MEANINGS);

/**
 * The engine's timing rules over escalation's named durations (the headless runner's too). The
 * names are read by comparison, not by `DURATION_MEANINGS[name]`: a keyed read with four names at
 * one place is megamorphic in V8, and the runner asks it for every effect at every turn's end.
 */
export const DURATION_TIMINGS: Timings<Duration> = new Timings<Duration>((name) =>
  name === "saveEnds"
    ? saveEnds
    : name === "endOfNextTurn"
      ? endOfNextTurn
      : name === "endOfSourceNextTurn"
        ? endOfSourceNextTurn
        : name === "endOfEncounter"
          ? endOfEncounter
          : byName.meaning(name),
);

type Shape = Pick<TimedEffect, "duration" | "bearer" | "source">;

/** Whose turn end a duration waits for, or null when turn ends do not end it. */
export function watchedCombatant(effect: Shape): string | null {
  return DURATION_TIMINGS.watchedCombatant(effect);
}

/**
 * Whether a new effect starts armed: an end-of-next-turn effect applied during the watched
 * combatant's own turn waits for that combatant's following turn.
 * @param currentTurn the combatant id whose turn it is, or null outside a turn.
 */
export function startsArmed(effect: Shape, currentTurn: string | null): boolean {
  return DURATION_TIMINGS.startsArmed(
    effect,
    currentTurn === null ? null : { combatantId: currentTurn },
  );
}

/** What happens at the end of one combatant's turn, in the order the text gives. */
export interface EndOfTurnPlan {
  /** Ongoing damage the turn's owner takes first. */
  readonly ongoing: readonly TimedEffect[];
  /** Then one save per save-ends effect on the owner (ongoing damage with save ends included). */
  readonly saves: readonly TimedEffect[];
  /** Effects (on anyone) that expire now because this was the watched combatant's next turn. */
  readonly expire: readonly TimedEffect[];
  /** Effects that were waiting out this very turn and now arm for the next one. */
  readonly arm: readonly TimedEffect[];
}

/** Whether `e` deals its bearer ongoing damage at the end of the bearer's turns. */
export function dealsOngoing(e: Pick<TimedEffect, "condition" | "amount">): boolean {
  return e.condition === "ongoing" && e.amount > 0;
}

/**
 * The end-of-turn sequence for `owner` over every effect in the encounter: escalation's ongoing
 * damage, then the engine's turn-end saves, expiries and arming.
 */
export function endOfTurnPlan(effects: readonly TimedEffect[], owner: string): EndOfTurnPlan {
  const ongoing: TimedEffect[] = [];
  for (const e of effects) if (e.bearer === owner && dealsOngoing(e)) ongoing.push(e);
  return { ongoing, ...DURATION_TIMINGS.turnEndPlan(effects, { combatantId: owner }) };
}

/**
 * A turn's identity for the turn ledger (`turn-ledger.ts`): going back a turn in the tracker and
 * forward again reaches the same key, so ongoing damage and saves are not applied twice.
 * @param round the round the turn belongs to, never the encounter's round when the turn's end is
 *   handled: the last turn of a round ends after the round has advanced, and keying it with the
 *   next round would make that combatant's real turn end in the next round look already done.
 */
export function turnKey(round: number, combatantId: string): string {
  return `${round}:${combatantId}`;
}

/**
 * The instances that end because their source is out of the fight: an effect lasting to "the end
 * of the source's next turn" waits for a turn that will never come once the source is defeated (an
 * NPC at 0 HP) or dead (a PC's fourth failed death save), so it ends at that moment. A Dying PC is
 * neither: it still has turns, and its effects end at the end of its next one as usual.
 * Source: RULINGS.md §escalation Instances ("An effect lasting to 'the end of the source's next
 * turn' ends when the source is defeated or dead").
 * @param effects timed instances on anyone in the encounter (whoever bears them).
 * @param source the combatant id (the effects' `source`) just defeated or dead.
 * @returns those of `effects` to end now, in their given order; a new array (the input is kept).
 */
export function effectsEndingWithSource<T extends Pick<TimedEffect, "duration" | "source">>(
  effects: readonly T[],
  source: string,
): T[] {
  return DURATION_TIMINGS.effectsEndingWithSource(effects, source);
}
