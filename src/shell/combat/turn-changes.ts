/**
 * A Combat's turn changes, their events run one change at a time. Foundry starts a change's turn
 * events without waiting for the last change's (client/documents/combat.mjs `_onUpdate` calls
 * `_manageTurnEvents` and does not await it), and its events read the Combat's `previous` state,
 * which every later update changes in place (`#recordPreviousState`): a Next Turn pressed twice
 * while a round's end was still rolling its saves ran the next round's first turn before the
 * round had started, and read the end as skipped. Each change is kept as it stood when it was made
 * (its previous and current state and its turns), and the next change's events wait for it.
 */
export interface TurnChange {
  readonly previous: Combat.HistoryData;
  readonly current: Combat.HistoryData;
  readonly turns: readonly Combatant.Implementation[];
}

export class TurnChangeQueue {
  #tail: Promise<void> = Promise.resolve();
  /** The change whose events are running, or null between changes. */
  running: TurnChange | null = null;

  /**
   * Runs `events` for `change` once every change before it has run.
   * @returns when its events have run (rejects as they do; later changes still run).
   */
  run(change: TurnChange, events: (change: TurnChange) => Promise<void>): Promise<void> {
    const next = this.#tail.then(async () => {
      this.running = change;
      try {
        await events(change);
      } finally {
        this.running = null;
      }
    });
    this.#tail = next.catch(() => undefined);
    return next;
  }
}
