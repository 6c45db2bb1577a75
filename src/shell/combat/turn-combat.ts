import { FrayEdgeCombat } from "./edge-combat";
import { claimOnce } from "../gm/claim";
import { combatantOfToken } from "./located";
import { turnAfterReorder } from "../../engine/initiative/reorder";
import { writeKept } from "./kept";
import {
  refusedCombatantTurn, refusedTurnChange, restoreTurn, type GuardedCombat, type TurnAt,
} from "./turn-guard";
import { TurnChangeQueue, type TurnChange } from "./turn-changes";
import { keepStatusesOf, keptStatusPairs } from "./kept-statuses";
import type { TurnPosition } from "../../engine/turns/player-turn";
import { actsInSurprise, nextSurpriseTurn } from "../../engine/turns/scheme";

/** A combatant as a turn scheme reads it: its entry in the scheme's turn order. */
export interface TurnOrdered<E = unknown> {
  readonly turnEntry: E;
}

export type { EdgeContext, EconomyPatch } from "./edge-combat";

/** Foundry's `Combat#updateEmbeddedDocuments` options Fray passes when it reorders. */
interface OrderOptions {
  combatTurn?: number;
  turnEvents?: boolean;
  diff?: boolean;
}

type Ordered = Combatant.Implementation & Partial<TurnOrdered>;

/** A ruleset's GM work at a battle's start and end (`FrayTurnCombat.battle`). */
export interface BattleWork<C> {
  start?(combat: C): Promise<void>;
  end?(combat: C): Promise<void>;
}

/**
 * The `combatStart` hook `install()` registers: a Fray Combat's starting update opens on its
 * `openingTurn` (a surprise round's first combatant who acts, or no one's turn before a stepped
 * round's first step) when it names one. Core fires the hook with the update data before it
 * writes it (client/documents/combat.mjs `startCombat`).
 */
export function aimCombatStart(
  combat: Combat.Implementation, updateData: { round: number; turn: number },
): void {
  const turn = combat instanceof FrayTurnCombat ? combat.openingTurn : undefined;
  if (turn !== undefined) (updateData as { turn: number | null }).turn = turn;
}

/**
 * The Combat every ruleset's own extends (`E` its turn entry, `C` its Combatant), run by the
 * ruleset's turn scheme (`engine/turns/scheme.ts`, its static `scheme`): turn order by the
 * scheme's `compare` over each combatant's `turnEntry`; the turn and round edges on the layer
 * beneath (`edge-combat.ts`); each turn change's events run one at a time, and a player's turn
 * change its controls could not make put back (`turn-guard.ts`); the surprise round's opening
 * turn and `nextTurn`; reorders that keep the current combatant current (`writeTurnOrder`); a
 * battle's start and end work (`battle`).
 */
export class FrayTurnCombat<
  E = unknown, C extends Combatant.Implementation = Combatant.Implementation,
> extends FrayEdgeCombat<E> {
  /**
   * The ruleset's GM work as a battle begins (once its start's turn events ran: `#battleBegun`) and
   * ends (Foundry's End Combat deletes a started Combat, client/documents/combat.mjs `endCombat`;
   * `_onDelete` runs on every client, this on the active GM's). Set by the ruleset's install, so
   * that its Combat does not import its GM code.
   */
  static battle: BattleWork<never> = {};

  get #battle(): BattleWork<this> {
    return (this.constructor as typeof FrayTurnCombat).battle as BattleWork<this>;
  }

  // Foundry passes the comparator unbound (client/documents/combat.mjs `setupTurns`:
  // `contents.sort(this._sortCombatants)`), so the combat is found through the combatant's parent.
  protected override _sortCombatants(
    a: Combatant.Implementation, b: Combatant.Implementation,
  ): number {
    const combat = ((a as { parent?: unknown }).parent ?? this) as FrayTurnCombat;
    const compare = combat.scheme.compare as (x: unknown, y: unknown) => number;
    return compare((a as Ordered).turnEntry, (b as Ordered).turnEntry);
  }

  /**
   * The combatant of an actor: an unlinked token's actor by its token (it shares its base actor's
   * id); a world actor only by a linked token, so the base actor of unlinked tokens (a goblin opened
   * from the sidebar) is none of its tokens' combatants. A combatant whose token is not found
   * (its scene deleted) counts as linked. Foundry v13 client/documents/combatant.mjs `token`. An
   * unlinked token is matched with its scene too (`combatantOfToken`: a duplicated scene keeps
   * its tokens' ids).
   */
  combatantOf(actor: Actor.Implementation): C | undefined {
    const token = actor.token as TokenDocument.Implementation | null;
    if (token) return combatantOfToken<C>(this as Combat.Implementation, token);
    return this.combatants.find((c) =>
      c.actorId === actor.id && c.token?.actorLink !== false) as C | undefined;
  }

  // --- The surprise round -------------------------------------------------------------------

  /** The GM's surprise marks (combatant or group ids, as the scheme's `surprise.unit` says). */
  get surpriseMarks(): readonly string[] {
    return [];
  }

  /** The group a combatant's surprise mark is read by (shock: its side); "" for none. */
  surpriseGroupOf(_combatant: Combatant.Implementation): string {
    return "";
  }

  /** Whether the surprise round is being played (the tracker's first round, with marks). */
  get inSurpriseRound(): boolean {
    return this.round === 1 && this.surpriseMarks.length > 0;
  }

  /** Whether each turn's combatant acts in the surprise round, in turn order. */
  get #surpriseActs(): boolean[] {
    const spec = this.scheme.surprise;
    return this.turns.map((c) => !spec || actsInSurprise(spec, this.surpriseMarks, {
      id: c.id ?? "", group: this.surpriseGroupOf(c),
    }));
  }

  /**
   * The turn a starting combat opens on: with surprise marks, the first combatant who acts in the
   * surprise round; null for no one's turn (a stepped round's opening step); undefined for
   * Foundry's own (the first turn). Read by the `combatStart` hook
   * (`shell/setup/install.ts`), which may change core's starting update.
   */
  get openingTurn(): number | null | undefined {
    if (!this.surpriseMarks.length) return undefined;
    return nextSurpriseTurn(this.#surpriseActs, -1) ?? undefined;
  }

  /**
   * In the surprise round the next turn is the next combatant who acts in it, or the next round
   * when none is left. Core's `nextTurn` still advances (client/documents/combat.mjs `nextTurn`
   * fires `combatTurn` with the update data and options, which hooks may change, then updates with
   * `direction: 1` and a world-time advance): a one-shot hook aims that update and recomputes the
   * time advance. Hooks run in registration order, so other modules' `combatTurn` hooks see core's.
   */
  override async nextTurn(): Promise<this> {
    if (!this.inSurpriseRound) return super.nextTurn();
    const from = this.turn;
    const next = nextSurpriseTurn(this.#surpriseActs, from ?? -1);
    if (next === null) return this.nextRound();
    let aimed = false;
    const aim = (combat: Combat.Implementation, data: { turn: number }, options: object) => {
      if (combat !== (this as unknown) || aimed) return;
      aimed = true;
      data.turn = next;
      const delta = this.getTimeDelta(this.round, from, this.round, next);
      Object.assign(options, { worldTime: { delta } });
    };
    const hook = Hooks.on("combatTurn", aim);
    try {
      return await super.nextTurn();
    } finally {
      Hooks.off("combatTurn", hook);
    }
  }

  // --- Reorders -------------------------------------------------------------------------------

  /**
   * Writes combatant updates that change the turn order and names the turn Foundry keeps. Foundry
   * re-sorts the turns whenever combatants change; given `combatTurn` it first sets the turn index
   * to it, and it runs turn events only when another combatant now stands at the current turn,
   * unless `turnEvents` is false (client/documents/combat.mjs `#onModifyCombatants`). Fray names
   * the current combatant's new place, with no turn events; or, when the current combatant puts its
   * turn off (`putOff`, a Delay), its old place, so the combatant that was next starts its turn and
   * the delayer's reported end is judged put off (`engine/effects/ledger.ts#isPutOff`).
   * @param after each combatant's turn entry once the updates are written
   * @param diff false writes unchanged updates too, so every client re-sorts (a group's rank moved)
   */
  async writeTurnOrder(
    updates: readonly object[], after: (c: Combatant.Implementation) => E,
    { putOff = false, diff = true }: { putOff?: boolean; diff?: boolean } = {},
  ): Promise<void> {
    const combatTurn = this.#turnAfter(after, putOff);
    const options: OrderOptions = diff ? {} : { diff: false };
    if (combatTurn !== null) Object.assign(options, { combatTurn, turnEvents: putOff });
    await this.updateEmbeddedDocuments(
      "Combatant", updates as Combatant.UpdateData[], options as Combatant.Database.UpdateOperation,
    );
  }

  /**
   * The turn index once the order is `after`'s: the current combatant's new place, or (`putOff`)
   * its old one; null before the combat starts.
   */
  #turnAfter(after: (c: Combatant.Implementation) => E, putOff: boolean): number | null {
    const compare = this.scheme.compare;
    const order = this.combatants.contents
      .map((c) => ({ id: c.id ?? "", entry: after(c) }))
      .sort((x, y) => compare(x.entry, y.entry))
      .map((x) => x.id);
    const current = this.currentTurnKey();
    return this.started ? turnAfterReorder(this.turnKeys(order), current, this.turn, putOff) : null;
  }

  /** The current turn's key (`turnKeys`), or null when it is no one's turn. */
  protected currentTurnKey(): string | null {
    return this.combatant?.id ?? null;
  }

  /**
   * The keys of the turns a round lays out from combatant ids in initiative order, in turn order:
   * the ids themselves, one turn each (a stepped round keys each turn by its step and id,
   * `stepped-combat.ts`).
   */
  protected turnKeys(order: readonly string[]): readonly string[] {
    return order;
  }

  /** The turns in play order, as Foundry's `setupTurns` sorts them (a stepped round lays out more). */
  protected orderTurns(): Combatant.Implementation[] {
    return this.combatants.contents.sort(this._sortCombatants);
  }

  /**
   * GM: writes kept fields that change the turn order (`combat/kept.ts`), in one Combat update
   * with the turn Foundry keeps, as `writeTurnOrder` names it for combatant updates: the current
   * combatant's new place with no turn events, or with `putOff` its old place and turn events.
   * Every client re-sorts on that update (`_onUpdate`).
   * @param after each combatant's turn entry once the patches are written
   * @param extra other changes of the same update (the ranked scores the GM keeps)
   * @throws Error on a player's client, or for a field the combat does not keep
   */
  async writeKeptOrder(
    patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
    after: (c: Combatant.Implementation) => E,
    { putOff = false, extra = {} }: { putOff?: boolean; extra?: Record<string, unknown> } = {},
  ): Promise<void> {
    const combatTurn = this.#turnAfter(after, putOff);
    const turn = combatTurn !== null && combatTurn !== this.turn ? { turn: combatTurn } : {};
    await writeKept(this, patches, { ...extra, ...turn }, { turnEvents: putOff });
  }

  /**
   * Foundry re-sorts the turns only when the update names `combatants`
   * (client/documents/combat.mjs `_onUpdate`: otherwise it only reads the combatant at `turn`),
   * but a ruleset's sort may read the kept store in the Combat's flags. So the turns are re-sorted
   * first when the flags changed, before Foundry records the turn state (a changed current
   * combatant is then a turn change, with turn events unless the update's `turnEvents` is false)
   * and the tracker renders them. `current` is left for Foundry to compare.
   */
  protected override _onUpdate(
    changed: Combat.UpdateData, options: Combat.Database.OnUpdateOperation, userId: string,
  ): void {
    if ("flags" in changed && !("combatants" in changed)) this.turns = this.orderTurns();
    // The round being left (Foundry recomputes `current` only in its own `_onUpdate`): in the
    // surprise round, those who sit it out are passed over.
    const leavingSurprise = this.current.round === 1 && this.surpriseMarks.length > 0;
    const sitsOut = leavingSurprise ? this.#surpriseActs.map((acts) => !acts) : [];
    const refused = refusedTurnChange(this as GuardedCombat, changed, userId, sitsOut);
    this.#refusedTurn = refused && { at: refused, userId };
    try {
      super._onUpdate(changed, options, userId);
    } finally {
      this.#refusedTurn = null;
    }
  }

  /**
   * The turn changes whose events run one at a time (`turn-changes.ts`). Foundry reads a round
   * end's `skipped` from its `previous` state, which it updates in place on every update of the
   * Combat (client/documents/combat.mjs `#recordPreviousState`), so an edge's own write (the
   * ledger's) made the round's end read as skipped; the round edges are judged from the change.
   */
  readonly #changes = new TurnChangeQueue();

  /** The turn change whose events are running (as it stood when made), or null. */
  protected override get turnChange(): TurnChange | null {
    return this.#changes.running;
  }

  /** A player's turn change the GM refuses (`turn-guard.ts`), while Foundry records it. */
  #refusedTurn: { at: TurnPosition; userId: string } | null = null;

  /** The last turn change queued, and those a player made by a Combatant operation, refused. */
  #lastChange: TurnChange | null = null;
  readonly #forged = new WeakSet<TurnChange>();

  /**
   * Foundry runs the turn events of a turn change here (on the active GM: `#triggerTurnEvents`);
   * a refused player's change runs none and is put back instead.
   */
  protected override async _manageTurnEvents(): Promise<void> {
    const refused = this.#refusedTurn;
    if (!refused) {
      // As they are now: the edges' own writes move Foundry's `previous` on (`_onUpdate`).
      const change = {
        previous: { ...(this.previous ?? this.current) }, current: { ...this.current },
        turns: [...this.turns],
      };
      this.#lastChange = change;
      return this.#changes.run(change, async (c) => {
        if (this.#forged.has(c)) return;
        try {
          await this.#coreEvents(c);
          await this.afterTurnEvents(c);
        } finally {
          // Never retried later (the next change's previous round is 1): run even after a throw.
          await this.#battleBegun(c);
        }
      });
    }
    this.#refusedTurn = null;
    await restoreTurn(this, refused.at, refused.userId);
  }

  /** The key of turn `turn` (`turnKeys`: its combatant's id, in a stepped round its step's). */
  #keyAt(turn: number | null): string | null {
    const id = turn === null ? undefined : this.turns[turn]?.id;
    if (!id) return null;
    const step = this.turnStep(turn);
    return step === undefined ? id : `${step}:${id}`;
  }

  #turnAt(): TurnAt {
    return { round: this.round, turn: this.turn, key: this.#keyAt(this.turn) };
  }

  /**
   * A Combatant operation's turn change a player could not make (`refusedCombatantTurn`): its
   * events (queued by `_manageTurnEvents`, run a microtask later) are skipped and the turn put
   * back, as for a refused Combat update. A `combatTurn` that is no number moved the server's
   * turn but no client's: the GM writes its own back.
   */
  #guardCombatants(
    userId: string, options: { combatTurn?: unknown }, deleted: readonly string[],
    run: () => void,
  ): void {
    // Judged on the active GM's client alone, for a player's operation; elsewhere it just runs.
    if (!game.user?.isActiveGM || game.users?.get(userId)?.isGM !== false) {
      run();
      return;
    }
    const before = this.#turnAt();
    const current = before.turn === null ? undefined : this.turns[before.turn]?.id ?? undefined;
    // The current combatant deleted: its turn passes to the next survivor's (null: none).
    const survivor = this.turns.findIndex((c, i) =>
      i > (before.turn ?? 0) && !deleted.includes(c.id ?? ""));
    const nextKey = current !== undefined && deleted.includes(current)
      ? (survivor < 0 ? null : this.#keyAt(survivor)) : undefined;
    const queued = this.#lastChange;
    run();
    if (!refusedCombatantTurn({ userId, before, after: this.#turnAt(), next: nextKey })) {
      if ("combatTurn" in options && typeof options.combatTurn !== "number") {
        void this.update({ round: this.round, turn: this.turn }, { diff: false, turnEvents: false })
          .catch((err: unknown) => console.error("Fray | putting the turn back failed", err));
      }
      return;
    }
    if (this.#lastChange && this.#lastChange !== queued) this.#forged.add(this.#lastChange);
    const back = nextKey !== undefined ? nextKey : before.key;
    const index = this.turns.findIndex((_, i) => this.#keyAt(i) === back);
    const turn = before.turn === null || index < 0 ? before.turn : index;
    void restoreTurn(this, { round: before.round, turn }, userId, { byCombatants: true })
      .catch((err: unknown) => console.error("Fray | putting the turn back failed", err));
  }

  protected override _onCreateDescendantDocuments(...args: Combat.OnCreateDescendantDocumentsArgs):
    void {
    this.#guardCombatants(args[5], args[4] as { combatTurn?: unknown }, [],
      () => super._onCreateDescendantDocuments(...args));
  }

  protected override _onUpdateDescendantDocuments(...args: Combat.OnUpdateDescendantDocumentsArgs):
    void {
    this.#guardCombatants(args[5], args[4] as { combatTurn?: unknown }, [],
      () => super._onUpdateDescendantDocuments(...args));
  }

  protected override _onDeleteDescendantDocuments(...args: Combat.OnDeleteDescendantDocumentsArgs):
    void {
    this.#guardCombatants(args[5], args[4] as { combatTurn?: unknown }, args[3] as string[],
      () => super._onDeleteDescendantDocuments(...args));
  }

  /**
   * Foundry's own events of `change`: it reads the Combat's previous and current state and its
   * turns as it starts, before its first wait (client/documents/combat.mjs `_manageTurnEvents`,
   * `#triggerTurnEvents`), so it is shown the change's while it does.
   */
  #coreEvents(change: TurnChange): Promise<void> {
    const live = { previous: this.previous, current: this.current, turns: this.turns };
    Object.assign(this, {
      previous: { ...change.previous }, current: { ...change.current }, turns: [...change.turns],
    });
    try {
      return super._manageTurnEvents();
    } finally {
      Object.assign(this, live);
    }
  }

  /**
   * The statuses kept and the ruleset's work as the battle begins (`battle.start`), on the
   * active GM once (claimed: a GM's two tabs), after the start's own turn events: what it
   * deletes (wounds' leftover summons) is not in the turns Foundry is walking through then
   * (client/documents/combat.mjs `#triggerTurnEvents` reads them first).
   */
  async #battleBegun(change: TurnChange): Promise<void> {
    const start = this.#battle.start;
    const began = (change.previous.round ?? 0) < 1 && (change.current.round ?? 0) >= 1;
    const kept = keptStatusPairs(this).length > 0;
    if (!began || !game.user?.isActiveGM || !this.id || (!start && !kept)) return;
    if (!(await claimOnce(`battleStart.${this.id}`))) return;
    // The conditions the combatants begin under, kept by the GM (`kept-statuses.ts`); a failure
    // there is logged, and the ruleset's start still runs.
    await keepStatusesOf(this).catch((err: unknown) =>
      console.error("Fray | keeping the statuses as the battle begins failed", err));
    await start?.call(this.#battle, this);
  }

  /**
   * After Foundry ran the turn events of a turn change it accepted (on every client; Foundry's own
   * events only on the active GM's): nothing by default (a stepped round runs the turn starts
   * Foundry leaves out, `stepped-combat.ts`).
   */
  protected async afterTurnEvents(_change: TurnChange): Promise<void> {}

  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (game.user?.isActiveGM && this.started) void this.#battle.end?.(this);
  }

}
