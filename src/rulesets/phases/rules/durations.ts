import { Timings, type Timed, type TimedDuration } from "../../../engine/effects/timed";
import type { ConditionId, Duration, EdgeUntil } from "./constants";

/**
 * How long `phases` effects and marks last, on the engine's timed effects
 * (`engine/effects/timed.ts`): a stored duration is a name and the round it began in, read as
 * the engine's duration by {@link PHASES_TIMINGS}.
 * - `saveEnds`: an End-phase save ends it; `sustained`: an End-phase save keeps it and a failed
 *   one ends it (§End Phase; both rolled every End phase, `saves.ts`);
 * - `endOfRound`: ends in the End phase of its round without a save (a power's "until the end of
 *   the round"; a seizer's Advantage to attackers; Hustle's and Charge's edge; Run's no Attack);
 * - `endOfNextRound`: ends in the End phase of the round after (Disengage's Disadvantage);
 * - `untilNextTurn`: ends as its bearer's next turn starts, in whichever phase (Defend).
 * Source: `003_d18720f6cd315cc2.txt` §Movement Phase (seizing), §Battle Actions (Defend,
 * Disengage), §End Phase; RULINGS.md §phases Movement phase, Battle phase, End phase, Movement
 * power defaults, Conditions.
 */
export const DURATION_NAMES = [
  "saveEnds", "sustained", "endOfRound", "endOfNextRound", "untilNextTurn",
] as const;
export type DurationName = (typeof DURATION_NAMES)[number];

/** A stored duration: its name and the round it began in (a type: it is stored as JSON). */
export type StoredDuration = {
  readonly name: DurationName;
  readonly round: number;
};

const SAVE_ENDS: TimedDuration = { kind: "save", at: "roundEnd", onSuccess: "ends" };
const SUSTAINED: TimedDuration = { kind: "save", at: "roundEnd", onSuccess: "sustains" };
const NEXT_TURN: TimedDuration = { kind: "turn", edge: "start", who: "bearer" };

/**
 * The engine's reading of a stored duration.
 * @throws RangeError for a name that is none of {@link DURATION_NAMES}.
 */
export function durationMeaning(d: StoredDuration): TimedDuration {
  switch (d.name) {
    case "saveEnds": return SAVE_ENDS;
    case "sustained": return SUSTAINED;
    case "endOfRound": return { kind: "roundEnd", round: d.round };
    case "endOfNextRound": return { kind: "roundEnd", round: d.round + 1 };
    case "untilNextTurn": return NEXT_TURN;
    default: throw new RangeError(`unknown duration ${String((d as { name: unknown }).name)}`);
  }
}

/** The engine's timing rules over `phases`' stored durations. */
export const PHASES_TIMINGS: Timings<StoredDuration> = new Timings(durationMeaning);

/** A condition on a combatant, timed (`key` unique per applied instance). */
export interface TimedCondition extends Timed<StoredDuration> {
  readonly condition: ConditionId;
}

/** The stored duration of a power's effect applied in `round`. */
export const effectDuration = (duration: Duration, round: number): StoredDuration =>
  ({ name: duration, round });

/** The stored duration of a movement power's edge taken in `round`. */
export const moveEdgeDuration = (until: EdgeUntil, round: number): StoredDuration =>
  ({ name: until, round });

/**
 * The marks a round's choices leave and how long each lasts: seizing (attackers have Advantage
 * on the seizer) and Run's no Attack to the end of the round, Defend until the bearer's next
 * turn.
 */
export const MARK_DURATIONS = {
  seized: "endOfRound", noAttack: "endOfRound", defending: "untilNextTurn",
} as const satisfies Readonly<Record<string, DurationName>>;
