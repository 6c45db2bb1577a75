import { FrayTurnCombat } from "./turn-combat";
import type { TurnChange } from "./turn-changes";
import type { TrackerPosition } from "../../engine/effects/ledger";
import type { RoundStep } from "../../engine/turns/scheme";
import {
  opensOnStep, roundTurns, stepOfTurn, steppedPosition,
} from "../../engine/turns/round-turns";

/**
 * The Combat of a ruleset whose round has steps (phases: Initiative, Movement, Battle, End),
 * laid out as Foundry's tracker walks a round (`engine/turns/round-turns.ts`): `turns` holds every
 * ordered step's turns one after the other, so a combatant stands in it once per step, and
 * Foundry's own controls, turn and round hooks, turn events, world time and "Skip Defeated" walk
 * the steps as they walk turns. The step of a turn is read from its index alone, so a player's
 * End Turn (which may only write `round` and `turn`, common/documents/combat.mjs `#canUpdate`)
 * crosses from one step to the next like any turn.
 *
 * A round opening on a step without turns (phases' Initiative phase) opens with no one's turn
 * (Foundry's `turn` null): `startCombat`, `nextRound` and the last turn's End Turn land there, and
 * Next Turn from it starts the first ordered step. Foundry v13 runs no turn events across that
 * null (client/documents/combat.mjs `#triggerTurnEvents`: a change of turn within a round from
 * null runs none; a round entered at null starts its first turn at once, marked skipped; a round
 * left from null passes over its first turn), so this class runs what it leaves out and drops
 * what it runs early: every start and end is still processed once, through the turn ledger by step.
 * Its combatants keep the turn in the step the round stands in when combatants join, change or
 * leave (`stepped-combatant.ts`).
 */
export class FraySteppedCombat<
  E = unknown, C extends Combatant.Implementation = Combatant.Implementation,
> extends FrayTurnCombat<E, C> {
  /** Combatant ids carrying each mark this round (phases: `{ seize: [...] }`); none by default. */
  turnMarks(): Readonly<Record<string, readonly string[]>> {
    return {};
  }

  /**
   * By step, the combatants placed after another this round (phases' Delay:
   * `engine/turns/round-turns.ts` `placedAfter`); none by default.
   */
  turnPlacements(): Readonly<Record<string, Readonly<Record<string, string>>>> {
    return {};
  }

  // No private members below: Foundry prepares a document's data, and so sets its turns up
  // (client/documents/combat.mjs `prepareDerivedData`), while the base constructor still runs,
  // before a subclass's private members exist.

  /** The round's steps (the scheme's). */
  get steps(): readonly RoundStep[] {
    return this.scheme.steps;
  }

  /** The combatants in initiative order, as Foundry sorts them (`_sortCombatants`). */
  initiativeOrder(): Combatant.Implementation[] {
    return super.orderTurns();
  }

  protected override orderTurns(): Combatant.Implementation[] {
    const order = this.initiativeOrder();
    const byId = new Map(order.map((c) => [c.id ?? "", c]));
    return roundTurns(this.steps, [...byId.keys()], this.turnMarks(), this.turnPlacements())
      .map((t) => byId.get(t.id) as Combatant.Implementation);
  }

  protected override turnKeys(order: readonly string[]): readonly string[] {
    return roundTurns(this.steps, order, this.turnMarks(), this.turnPlacements())
      .map((t) => `${t.step}:${t.id}`);
  }

  protected override currentTurnKey(): string | null {
    const id = this.combatant?.id;
    const step = this.turnStep(this.turn);
    return id && step !== undefined ? `${step}:${id}` : null;
  }

  protected override turnStep(turn: number | null): string | undefined {
    return stepOfTurn(this.steps, this.combatants.size, turn)?.step;
  }

  /**
   * The turns the tracker lists: the current step's, or while the round stands on its opening
   * step the first ordered step's (they come next); `start` is the first one's index in `turns`.
   */
  get shownTurns(): { readonly start: number; readonly turns: Combatant.Implementation[] } {
    const count = this.combatants.size;
    const step = this.turn === null ? 0 : Math.floor(this.turn / Math.max(1, count));
    const start = step * count;
    return { start, turns: this.turns.slice(start, start + count) };
  }

  /**
   * The combatants whose turns come after the current one in its step, in order (those a Delay
   * may name to act after); none while no turn is current.
   */
  laterInStep(): C[] {
    const { start, turns } = this.shownTurns;
    const at = (this.turn ?? -1) - start;
    return at < 0 ? [] : (turns.slice(at + 1) as C[]);
  }

  /**
   * Who acts next (core plays its "next up" sound for that combatant's owner,
   * client/documents/combat.mjs `_onUpdate`): on the opening step, the first turn's combatant
   * (core reads `turn + 1` as 1 there); on the round's last turn, nobody yet (the next round's
   * order is rolled as it opens).
   */
  override get nextCombatant(): Combatant.Implementation | undefined {
    if (this.turn === null) return this.turns[0];
    if (this.opens && this.turn === this.turns.length - 1) return undefined;
    return super.nextCombatant;
  }

  /** The step the tracker stands in now (the opening step when it is no one's turn), or null. */
  get currentStep(): string | null {
    return this.started ? (this.turnStep(this.turn) ?? null) : null;
  }

  protected override trackerPosition(): TrackerPosition {
    const order = this.initiativeOrder().map((c) => c.id ?? "");
    const turns = roundTurns(this.steps, order, this.turnMarks(), this.turnPlacements());
    return steppedPosition(this.steps, turns, order.length, this.round, this.turn);
  }

  /** Whether a round opens on a step without turns (no one's turn). */
  get opens(): boolean {
    return opensOnStep(this.steps) !== null;
  }

  override get openingTurn(): number | null | undefined {
    return this.opens ? null : super.openingTurn;
  }

  /**
   * Foundry's `setupTurns` (client/documents/combat.mjs) with the round's turns laid out by step:
   * a turn past the last opens the next round, on its opening step when it has one.
   */
  override setupTurns(): Combatant.Implementation[] {
    const turns = this.orderTurns();
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = this.opens ? null : 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(this.turn === null ? undefined : turns[this.turn]);
    this.previous ??= this.current;
    return (this.turns = turns);
  }

  /**
   * A round with an opening step begins on it: core's `nextRound` fires `combatRound` with the
   * update data and options, which a one-shot hook aims at no one's turn, with the world time
   * recomputed (client/documents/combat.mjs `nextRound`).
   */
  override async nextRound(): Promise<this> {
    if (!this.opens) return super.nextRound();
    let aimed = false;
    const aim = (combat: Combat.Implementation, data: { round: number; turn: number | null },
      options: object) => {
      if (combat !== (this as unknown) || aimed) return;
      aimed = true;
      data.turn = null;
      const delta = this.getTimeDelta(this.round, this.turn, data.round, null);
      Object.assign(options, { worldTime: { delta } });
    };
    const hook = Hooks.on("combatRound", aim);
    try {
      return await super.nextRound();
    } finally {
      Hooks.off("combatRound", hook);
    }
  }

  /**
   * Back one turn: from the first ordered turn to the opening step of the same round, and from
   * the opening step to the last turn of the round before (core's would go from the first turn to
   * the last round, and from no one's turn to this round's last). The same hook and update as
   * core's `previousTurn` and `previousRound` (client/documents/combat.mjs), direction −1.
   */
  override async previousTurn(): Promise<this> {
    if (!this.opens || this.round === 0 || (this.turn !== null && this.turn > 0)) {
      return super.previousTurn();
    }
    if (this.turn === null && this.round <= 1) return this;
    const back = this.turn === 0
      ? { round: this.round, turn: null, hook: "combatTurn" as const }
      : { round: this.round - 1, turn: this.turns.length - 1, hook: "combatRound" as const };
    const data = { round: back.round, turn: back.turn };
    const delta = this.getTimeDelta(this.round, this.turn, back.round, back.turn);
    const options = { direction: -1, worldTime: { delta } };
    // Core passes a null turn in these hooks too (`previousRound` from the first round's turn).
    Hooks.callAll(back.hook, this, data as { round: number; turn: number }, options as never);
    await this.update(data as Combat.UpdateData, options as Combat.Database.UpdateOperation);
    return this;
  }

  /**
   * A turn start Foundry runs before its turn comes: the first turn of a round entered on its
   * opening step (still no one's turn in this round), as the change stood when it was made.
   */
  #early(context: Combat.TurnEventContext): boolean {
    const now = this.turnChange?.current ?? { round: this.round, turn: this.turn };
    return this.opens && now.turn === null && context.round === now.round;
  }

  protected override async _onStartTurn(
    combatant: Combatant.Implementation, context: Combat.TurnEventContext,
  ): Promise<void> {
    if (!this.#early(context)) await super._onStartTurn(combatant, context);
  }

  protected override async _clearMovementHistoryOnStartTurn(
    combatant: Combatant.Implementation, context: Combat.TurnEventContext,
  ): Promise<void> {
    if (!this.#early(context)) await super._clearMovementHistoryOnStartTurn(combatant, context);
  }

  /**
   * The turn events Foundry leaves out around no one's turn, on the active GM's client: from the
   * opening step into this round's turns, each turn up to the current one starts (and each before
   * it ends), passed over ones marked skipped; leaving a round from its opening step, that round's
   * first turn starts and ends, skipped (Foundry's intervals begin after it).
   */
  protected override async afterTurnEvents(change: TurnChange): Promise<void> {
    const { previous, current, turns } = change;
    if (!this.opens || !game.user?.isActiveGM || !this.started) return;
    if (previous.turn !== null || !previous.round || current.round === null) return;
    if (previous.round === current.round && current.turn !== null) {
      for (let turn = 0; turn <= current.turn; turn++) {
        await this.#passTurn(turns, turn, current.round, turn !== current.turn);
      }
    } else if (previous.round < current.round) {
      // The round left: its turns as they stood (the new round may have ordered them again).
      await this.#passTurn(turns, 0, previous.round, true);
    }
  }

  /**
   * Starts turn `turn` of `turns` in `round` (its movement history cleared), and ends it when
   * skipped.
   */
  async #passTurn(
    turns: readonly Combatant.Implementation[], turn: number, round: number, skipped: boolean,
  ): Promise<void> {
    const combatant = turns[turn];
    if (!combatant) return;
    const context = { round, turn, skipped };
    await super._onStartTurn(combatant, context);
    if (combatant.token) await super._clearMovementHistoryOnStartTurn(combatant, context);
    if (skipped) await this._onEndTurn(combatant, context);
  }
}
