import { FrayKeptCombat } from "./kept-combat";
import { claimEdge } from "./edges";
import type { TurnChange } from "./turn-changes";
import {
  judgeRoundEvent, judgeTurnEvent, ledgerEntry, roundEntry, type TrackerPosition, type Verdict,
} from "../../engine/effects/ledger";
import { economyEdges, type TurnEdgeKind, type TurnScheme } from "../../engine/turns/scheme";

/**
 * What Foundry tells of an edge: the turn's (or round's) own round, whether it was skipped, and
 * in a stepped round the turn's step (`stepped-combat.ts`).
 */
export interface EdgeContext {
  readonly round: number;
  readonly skipped: boolean;
  readonly step?: string;
}

/**
 * A combatant's economy to write at an edge, or null for none: the fields its combat keeps go to
 * the store (`kept.ts`), any other to the Combatant's `system`.
 */
export type EconomyPatch = Record<string, unknown> | null;

/**
 * The turn and round edges of a Combat run by a ruleset's turn scheme (its static `scheme`),
 * under `FrayTurnCombat` (which orders the turns and runs the turn changes): each edge processed
 * once (the engine's turn ledger in `flags.fray.turnLedger`, each edge claimed on the GM's User,
 * `combat/edges.ts`), the economy's reset at the edges it declares (`freshEconomy`, written to
 * the kept store, `combat/kept.ts`) before the ruleset's own work (`onTurnEdge`, `onRoundEdge`,
 * for the edges in its static `edges`). Foundry v13 runs the turn and round events on the active
 * GM's client only, after the update that moved the tracker (client/documents/combat.mjs
 * `_manageTurnEvents` → `#triggerTurnEvents`), and again when the GM steps back and forward; the
 * ledger makes the second report a no-op.
 */
export class FrayEdgeCombat<E = unknown> extends FrayKeptCombat {
  /** The ruleset's turn scheme; each ruleset's Combat class sets its own. */
  static scheme: TurnScheme<never, never, unknown> | null = null;

  /** The edges at which the ruleset has work of its own (besides its economy's). */
  static edges: readonly TurnEdgeKind[] = [];

  get scheme(): TurnScheme<E> {
    const scheme = (this.constructor as typeof FrayEdgeCombat).scheme;
    if (!scheme) throw new Error(`${this.constructor.name} declares no turn scheme`);
    return scheme as unknown as TurnScheme<E>;
  }

  /** The turn change whose events are running, or null (`FrayTurnCombat`'s queue). */
  protected get turnChange(): TurnChange | null {
    return null;
  }

  /**
   * A combatant's economy as it stands after `edge` (the economy's declared edges only); `context`
   * is the edge's own round and whether the tracker jumped over it.
   */
  protected freshEconomy(
    _edge: TurnEdgeKind, _combatant: Combatant.Implementation, _context: EdgeContext,
  ): EconomyPatch {
    return null;
  }

  /**
   * The ruleset's own work at a turn's start or end: called once for each edge processed (those in
   * its static `edges` and its economy's), after the economy's reset.
   */
  protected async onTurnEdge(
    _edge: TurnEdgeKind, _combatant: Combatant.Implementation, _context: EdgeContext,
  ): Promise<void> {}

  /** The ruleset's own work at a round's start or end, as `onTurnEdge`. */
  protected async onRoundEdge(_edge: TurnEdgeKind, _context: EdgeContext): Promise<void> {}

  #economyAt(edge: TurnEdgeKind): boolean {
    return economyEdges(this.scheme.economy).includes(edge);
  }

  #due(edge: TurnEdgeKind): boolean {
    const own = (this.constructor as typeof FrayEdgeCombat).edges;
    return this.#economyAt(edge) || own.includes(edge);
  }

  /** Where the tracker stands, for the turn ledger (a stepped round: in the current step). */
  protected trackerPosition(): TrackerPosition {
    return { round: this.round, turn: this.turn, order: this.turns.map((c) => c.id ?? "") };
  }

  /** The step turn `turn` belongs to, for the turn ledger; none in a round of one pass. */
  protected turnStep(_turn: number | null): string | undefined {
    return undefined;
  }

  get #ledger(): readonly string[] {
    return (this.getFlag("fray", "turnLedger") as string[] | undefined) ?? [];
  }

  /**
   * Claims an edge the ledger says is due, on the ledger and on the GM's User (two tabs). The
   * entry is added to the ledger as it stands once the claim is held, not as it stood when the
   * edge was judged: a unit taking its turns back meanwhile (`kept-lifecycle.ts`) keeps them.
   */
  async #claim(entry: string, verdict: Verdict): Promise<boolean> {
    if (!verdict.process || !(await claimEdge(this, entry))) return false;
    await this.setFlag("fray", "turnLedger", [...this.#ledger.filter((e) => e !== entry), entry]);
    return true;
  }

  async #turnEdge(
    edge: "turnStart" | "turnEnd", combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    const id = combatant.id ?? "";
    if (!id || !this.#due(edge)) return;
    const phase = this.turnStep(context.turn ?? null);
    const event = {
      edge: edge === "turnStart" ? "start" : "end", combatantId: id, round: context.round,
      ...(phase === undefined ? {} : { phase }),
    } as const;
    const verdict = judgeTurnEvent(this.#ledger, event, this.trackerPosition());
    if (!(await this.#claim(ledgerEntry(event), verdict))) return;
    const edgeContext = {
      round: context.round, skipped: Boolean(context.skipped),
      ...(phase === undefined ? {} : { step: phase }),
    };
    const patch = this.#economyAt(edge) ? this.freshEconomy(edge, combatant, edgeContext) : null;
    if (patch) await this.writeEconomy([{ id, patch }]);
    await this.onTurnEdge(edge, combatant, edgeContext);
  }

  async #roundEdge(
    edge: "roundStart" | "roundEnd", context: Combat.RoundEventContext,
  ): Promise<void> {
    // Round 0 is no round: core ends it as the combat starts (client/documents/combat.mjs
    // `#triggerTurnEvents`, from a previous round of 0).
    if (!this.#due(edge) || context.round < 1) return;
    const event = { edge: edge === "roundStart" ? "start" : "end", round: context.round } as const;
    if (!(await this.#claim(roundEntry(event), judgeRoundEvent(this.#ledger, event)))) return;
    const change = this.turnChange;
    const skipped = change
      ? context.round !== (edge === "roundEnd" ? change.previous.round : change.current.round)
      : Boolean(context.skipped);
    const edgeContext = { round: context.round, skipped };
    if (this.#economyAt(edge)) {
      await this.writeEconomy(this.combatants.contents.flatMap((c) => {
        const patch = this.freshEconomy(edge, c, edgeContext);
        return patch && c.id ? [{ id: c.id, patch }] : [];
      }));
    }
    await this.onRoundEdge(edge, edgeContext);
  }

  // Foundry v13 passes the turn's own round in `context.round` (client/documents/combat.mjs
  // `#triggerTurnEvents`); `this.round` has already moved on when the last turn of a round ends.
  protected override async _onStartTurn(
    combatant: Combatant.Implementation, context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onStartTurn(combatant, context);
    await this.#turnEdge("turnStart", combatant, context);
  }

  protected override async _onEndTurn(
    combatant: Combatant.Implementation, context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onEndTurn(combatant, context);
    await this.#turnEdge("turnEnd", combatant, context);
  }

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    await this.#roundEdge("roundStart", context);
  }

  protected override async _onEndRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onEndRound(context);
    await this.#roundEdge("roundEnd", context);
  }
}
