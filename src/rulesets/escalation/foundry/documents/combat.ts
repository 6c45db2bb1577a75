import { FrayCombatBase } from "../../../../shell/documents/combat";
import { combatantData } from "../data/accessors";
import type { Band, Action } from "../../rules/constants";
import { clampEscalation, escalationForRound } from "../../rules/escalation-die";
import {
  bandInitiative,
  compareBands,
  delayTo,
  orderByBands,
  readiedBand,
} from "../../rules/initiative";
import {
  judgeRoundStart, judgeTurnEvent, ledgerEntry, turnAfterReorder, type TrackerPosition,
  type TurnEvent,
} from "../../rules/turn-ledger";
import { ambushRaisesDie, nextAmbusherTurn, ruleRound, toggleAmbusher } from "../../rules/surprise";
import { payingSlot, resetForTurn, spendAction } from "../../rules/actions";
import { CONDITIONS, expandConditions } from "../../rules/conditions";
import type { FrayCombatant } from "./combatant";
import { claimEdge } from "../../../../shell/combat/edges";

/**
 * What runs at turn starts and ends and at the end of the encounter (set by the entry point).
 * Members are function-typed so that a handler with other parameters fails to compile (method
 * parameters would be checked bivariantly).
 */
export interface TurnEventHandlers {
  /**
   * A turn starts; called once per turn (the turn ledger drops repeats) and not for skipped turns.
   */
  start: (combat: FrayCombat, combatant: Combatant.Implementation) => Promise<void>;
  /**
   * A turn ends, once per turn; `turn.round` is its own round, `skipped` when it was jumped over.
   */
  end: (
    combat: FrayCombat,
    combatant: Combatant.Implementation,
    turn: { round: number; skipped: boolean },
  ) => Promise<void>;
  combatEnd: (combat: FrayCombat) => Promise<void>;
}

/** A change of band, group order or initiative number written by a reorder. */
interface OrderChange {
  _id: string;
  system: { band?: Band; order?: number };
  initiative?: number;
}

/**
 * A Combat run in initiative bands with the escalation die. Turn order and die value come from the
 * pure core; round and turn bookkeeping (fresh actions, death saves, end-of-turn effects, once per
 * turn through the turn ledger) happens in the lifecycle methods, which Foundry runs on the active
 * GM's client only.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative Bands, §Escalation Die, §Actions.
 */
export class FrayCombat extends FrayCombatBase {
  /**
   * What runs at turn starts and ends and when the encounter ends (death saves, ongoing damage,
   * saves, expiry). Set at `init` by the entry point, so documents never import the chat layer.
   */
  static turnEvents: TurnEventHandlers | null = null;

  /** The escalation die now: automatic progression plus the GM's offset. */
  get escalationDie(): number {
    return escalationForRound(this.ruleRound, {
      ambush: this.ambushStartsDie,
      offset: Number(this.getFlag("fray", "escalationOffset") ?? 0),
    });
  }

  /**
   * Whether the die starts at 1 in the first real round: the GM's ambush option counts only after
   * a surprise round played by PCs alone (`ambushRaisesDie`).
   */
  get ambushStartsDie(): boolean {
    const ambushers = this.ambushers.flatMap((id) => {
      const c = this.combatants.get(id) as FrayCombatant | undefined;
      return c ? [{ isPC: c.isPC }] : [];
    });
    return ambushRaisesDie(Boolean(this.getFlag("fray", "ambush")), ambushers);
  }

  /** Combatant ids acting in the surprise round (chosen before the combat starts). */
  get ambushers(): string[] {
    return this.getFlag("fray", "surprise") ?? [];
  }

  /** The text's round: the tracker's round, less one when a surprise round came first. */
  get ruleRound(): number {
    return ruleRound(this.round, this.ambushers.length > 0);
  }

  /** Whether the surprise round is being played (the tracker's first round, with ambushers). */
  get inSurpriseRound(): boolean {
    return this.round === 1 && this.ambushers.length > 0;
  }

  /**
   * GM: adds or removes a combatant acting in the surprise round, before the combat starts.
   * @throws RangeError for a third ambusher or once the combat has started (nothing changes).
   */
  async toggleAmbusher(id: string): Promise<void> {
    if (this.started) throw new RangeError("the surprise round is chosen before the combat starts");
    await this.setFlag("fray", "surprise", toggleAmbusher(this.ambushers, id));
  }

  /**
   * The turn a starting combat opens on: with ambushers, the first of them (the surprise round);
   * otherwise null (Foundry's own). Read by the `combatStart` hook, which may change the update.
   */
  get openingTurn(): number | null {
    return this.ambushers.length
      ? nextAmbusherTurn(
          this.turns.map((c) => c.id ?? ""),
          this.ambushers,
          -1,
        )
      : null;
  }

  /**
   * In the surprise round the next turn is the next ambusher's, or the next round when none is
   * left. Core's `nextTurn` still does the advancing (Foundry v13 client/documents/combat.mjs
   * `Combat#nextTurn`: it fires the `combatTurn` hook with the update data and options, which hooks
   * may change, then updates with `direction: 1` and a world-time advance). Fray's one-shot hook
   * aims that update at the ambusher and recomputes the time advance for it. Hooks run in the order
   * they were registered, so other modules' `combatTurn` hooks see core's turn.
   */
  override async nextTurn(): Promise<this> {
    if (!this.inSurpriseRound) return super.nextTurn();
    const from = this.turn;
    const next = nextAmbusherTurn(
      this.turns.map((c) => c.id ?? ""),
      this.ambushers,
      from ?? -1,
    );
    if (next === null) return this.nextRound();
    let aimed = false;
    const aim = (combat: Combat.Implementation, data: { turn: number }, options: object) => {
      if (combat !== this || aimed) return;
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

  /**
   * Taking a readied action in the round it was readied: the combatant's band becomes the
   * trigger's band for the rest of the encounter, placed right before the trigger when they are on
   * the same side. Source: `000_c2dc3d650823e22d.txt` §Readying an Action.
   */
  async takeReadiedAction(id: string, triggerId: string): Promise<void> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    const trigger = this.combatants.get(triggerId) as FrayCombatant | undefined;
    if (!c || !trigger || c === trigger) return;
    const band = readiedBand(c.band, trigger.band, true);
    // The new group, renumbered with the readier just before the trigger (or last, on the other
    // side).
    const group = (this.combatants.contents as FrayCombatant[])
      .filter((o) => o !== c && o.band === band && o.isPC === c.isPC)
      .sort((x, y) => compareBands(x.bandEntry, y.bandEntry));
    const at = group.indexOf(trigger);
    group.splice(at < 0 ? group.length : at, 0, c);
    await this.#writeOrder(
      group.map((o, i) =>
        o === c
          ? {
              _id: o.id ?? "",
              system: { band, order: i },
              initiative: bandInitiative(band, c.isPC),
            }
          : { _id: o.id ?? "", system: { order: i } },
      ),
      false,
    );
  }

  /**
   * Writes a reorder (band, group order) and names the turn Foundry keeps. Foundry re-sorts the
   * turns whenever combatants change; given `combatTurn` it first sets the turn index to it, and it
   * runs end- and start-of-turn events only when another combatant now stands at the current turn,
   * unless `turnEvents` is false (Foundry v13 client/documents/combat.mjs `#onModifyCombatants` and
   * `#triggerTurnEvents`; the server stores the index, dist/database/documents/combatant.mjs).
   * Fray names the index itself: the current combatant's new place, with no turn events; or, when
   * the current combatant delays (`putOff`), its old place, so the combatant that was next starts
   * its turn and the delayer's reported end is judged put off (`turn-ledger.ts#isPutOff`).
   */
  async #writeOrder(changes: readonly OrderChange[], putOff: boolean): Promise<void> {
    const byId = new Map(changes.map((ch) => [ch._id, ch]));
    const entries = (this.combatants.contents as FrayCombatant[]).map((c) => {
      const entry = c.bandEntry;
      const change = byId.get(entry.id)?.system;
      return { ...entry, band: change?.band ?? entry.band, order: change?.order ?? entry.order };
    });
    const order = orderByBands(entries).map((e) => e.id);
    const current = this.combatant?.id ?? null;
    const combatTurn = this.started ? turnAfterReorder(order, current, this.turn, putOff) : null;
    const options = combatTurn === null ? {} : { combatTurn, turnEvents: putOff };
    const updates = changes as Combatant.UpdateData[];
    await this.updateEmbeddedDocuments(
      "Combatant",
      updates,
      options as Combatant.Database.UpdateOperation,
    );
  }

  /** GM control: move the die by `delta` (the result stays within 0..6). */
  async adjustEscalation(delta: number): Promise<void> {
    const offset = Number(this.getFlag("fray", "escalationOffset") ?? 0);
    const auto = escalationForRound(this.ruleRound, { ambush: this.ambushStartsDie });
    const target = clampEscalation(auto + offset + delta);
    await this.setFlag("fray", "escalationOffset", target - auto);
  }

  // The comparator is passed unbound by setupTurns, so it must not use `this`.
  protected override _sortCombatants(
    a: Combatant.Implementation,
    b: Combatant.Implementation,
  ): number {
    return compareBands((a as FrayCombatant).bandEntry, (b as FrayCombatant).bandEntry);
  }

  /** Bands are not rolled: "rolling" sets each combatant's band number from its band and side. */
  override async rollInitiative(ids: string | string[]): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const updates = list.flatMap((id) => {
      const c = this.combatants.get(id) as FrayCombatant | undefined;
      return c ? [{ _id: id, initiative: bandInitiative(c.band, c.isPC) }] : [];
    });
    await this.updateEmbeddedDocuments("Combatant", updates);
    return this;
  }

  /**
   * Delay: the combatant moves to a slower band for the rest of the encounter. Delaying on one's
   * own turn puts the turn off: the combatant that was next acts now, and the delayer's turn ends
   * when its new place is passed. Source: `000_c2dc3d650823e22d.txt` §Delaying your Turn.
   * @throws RangeError when the band is not slower (nothing changes).
   */
  async delayCombatant(id: string, band: Band): Promise<void> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return;
    const to = delayTo(c.band, band);
    const ownTurn = this.started && this.combatant?.id === id;
    const change = { _id: id, system: { band: to }, initiative: bandInitiative(to, c.isPC) };
    await this.#writeOrder([change], ownTurn);
  }

  /** Moves a combatant one place earlier (-1) or later (+1) inside its band's PC or enemy group. */
  async shiftInGroup(id: string, direction: -1 | 1): Promise<void> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return;
    const group = (this.combatants.contents as FrayCombatant[])
      .filter((o) => o.band === c.band && o.isPC === c.isPC)
      .sort((x, y) => compareBands(x.bandEntry, y.bandEntry));
    const at = group.indexOf(c);
    const other = group[at + direction];
    if (!other) return;
    // Re-number the whole group so equal orders can never tie again.
    const reordered = [...group];
    reordered[at] = other;
    reordered[at + direction] = c;
    await this.#writeOrder(
      reordered.map((o, i) => ({ _id: o.id ?? "", system: { order: i } })),
      false,
    );
  }

  /** Whether the combatant still has a slot that pays for `action` (Free always can). */
  async canPay(id: string, action: Action): Promise<boolean> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return true;
    return payingSlot(combatantData(c.system).actions, action, this.#losesMove(c)) !== null;
  }

  #losesMove(c: FrayCombatant): boolean {
    return [...expandConditions(c.actor?.statuses ?? [])].some((s) => CONDITIONS[s].losesMove);
  }

  /**
   * Marks an action used by a combatant (a better action pays for a lesser one). Stunned loses
   * the move action. Returns false, changing nothing, when no slot is left.
   */
  async spendAction(id: string, action: Action): Promise<boolean> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return false;
    const next = spendAction(combatantData(c.system).actions, action, this.#losesMove(c));
    if (!next) return false;
    await c.update({ system: { actions: next } } as Combatant.UpdateData);
    return true;
  }

  /** Marks several actions used at once (a Coup de Grace spends Standard, Move and Quick). */
  async markActions(
    id: string,
    used: Partial<Record<"standard" | "move" | "quick" | "interrupt", boolean>>,
  ): Promise<void> {
    const c = this.combatants.get(id);
    if (!c) return;
    await c.update({
      system: { actions: { ...combatantData(c.system).actions, ...used } },
    } as Combatant.UpdateData);
  }

  /**
   * The combatant of an actor (unlinked tokens share their base actor's id, so match the token
   * too).
   */
  combatantOf(actor: Actor.Implementation): FrayCombatant | undefined {
    return this.combatants.find(
      (c) => c.actorId === actor.id && (!actor.token || c.tokenId === actor.token.id),
    ) as FrayCombatant | undefined;
  }

  /** Where the tracker stands, for the turn ledger. */
  get #position(): TrackerPosition {
    return { round: this.round, turn: this.turn, order: this.turns.map((c) => c.id ?? "") };
  }

  /**
   * Whether to do a turn event's work: once per turn start and per turn end, keyed by the turn's
   * own round (`turn-ledger.ts`). Foundry reports events only on the active GM's client, after the
   * update that moved the tracker forward (client/documents/combat.mjs `#triggerTurnEvents`), and
   * again when the GM steps back and forward; the ledger, stored on the combat, makes the second
   * report a no-op.
   */
  async #claim(event: TurnEvent): Promise<boolean> {
    if (!event.combatantId) return false;
    const verdict = judgeTurnEvent(this.getFlag("fray", "turnLedger") ?? [], event, this.#position);
    if (!verdict.process || !(await claimEdge(this, ledgerEntry(event)))) return false;
    await this.setFlag("fray", "turnLedger", [...verdict.ledger]);
    return true;
  }

  // Foundry v13 passes the turn's own round in `context.round` (client/documents/combat.mjs
  // `#triggerTurnEvents`); `this.round` has already moved on when the last turn of a round ends.
  protected override async _onStartTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onStartTurn(combatant, context);
    const event = { edge: "start", combatantId: combatant.id ?? "", round: context.round } as const;
    if (!(await this.#claim(event))) return;
    const actions = resetForTurn(combatantData(combatant.system).actions);
    await combatant.update({ system: { actions } } as Combatant.UpdateData);
    if (!context.skipped) await FrayCombat.turnEvents?.start(this, combatant);
  }

  protected override async _onEndTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onEndTurn(combatant, context);
    const event = { edge: "end", combatantId: combatant.id ?? "", round: context.round } as const;
    if (!(await this.#claim(event))) return;
    const turn = { round: context.round, skipped: Boolean(context.skipped) };
    await FrayCombat.turnEvents?.end(this, combatant, turn);
  }

  // Runs on every client; only the active GM cleans up, once.
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (game.user?.isActiveGM && this.started) void FrayCombat.turnEvents?.combatEnd(this);
  }

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    // Interrupts are one per round; reset them all at once, the first time the round starts only.
    const verdict = judgeRoundStart(this.getFlag("fray", "turnLedger") ?? [], context.round);
    if (!verdict.process || !(await claimEdge(this, `round:${context.round}`))) return;
    await this.setFlag("fray", "turnLedger", [...verdict.ledger]);
    const updates = this.combatants.contents.map((c) => ({
      _id: c.id,
      system: { actions: { ...combatantData(c.system).actions, interrupt: false } },
    }));
    await this.updateEmbeddedDocuments("Combatant", updates as Combatant.UpdateData[]);
  }
}

