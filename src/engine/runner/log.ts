/**
 * Where a runner's events go. A fight records its events for the encounter command's log and the
 * tests; trials and the bench play the same fights without recording, so no event is even built
 * (each emit site asks `record` first). What a fight decides never depends on its log: the same
 * dice give the same winner and rounds whether or not it records.
 */
export interface FightLog<E> {
  /** Whether events are built and kept (false: nothing needs `emit`, which ignores its events). */
  readonly record: boolean;
  /** The events so far, in order (always empty when not recording). */
  readonly events: E[];
  /** Appends one event; a plain function (no `this`), so a context may hold it as a field. */
  readonly emit: (e: E) => void;
}

const ignore = (): void => undefined;

/**
 * A log for one fight (or a day of them).
 * @param observe called after each recorded event (the invariant tests look at everyone's state
 *   there); never called when not recording.
 */
export function createLog<E>(record: boolean, observe?: (e: E) => void): FightLog<E> {
  const events: E[] = [];
  // Three small functions rather than one with tests inside: the emit of a fight is called at
  // every step, and each fight's call sites then see one function only.
  const emit = !record
    ? ignore
    : observe
      ? (e: E) => {
          events.push(e);
          observe(e);
        }
      : (e: E) => void events.push(e);
  return { record, events, emit };
}

/** What the encounter command's `--json` prints for one fight: who won, in how many rounds, why. */
export interface FightRecord<E> {
  readonly winner: string;
  readonly rounds: number;
  readonly events: readonly E[];
}

/**
 * The JSON log line of one fight (with its trailing newline): `{winner, rounds, events}` in that
 * key order, each event as it was built. The pinned log hashes are taken over these bytes.
 */
export function jsonLog<E>(fight: FightRecord<E>): string {
  const { winner, rounds, events } = fight;
  return `${JSON.stringify({ winner, rounds, events })}\n`;
}
