import {
  FrayTurnCombat, type EconomyPatch, type EdgeContext,
} from "../../../../shell/combat/turn-combat";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { Band, Action } from "../../rules/constants";
import { clampEscalation, escalationForRound } from "../../rules/escalation-die";
import { bandInitiative, delayTo, type BandEntry } from "../../rules/initiative";
import { readiedOrder, shiftedOrder, type OrderPatch } from "../../play/combat/turn-order";
import { ambushRaisesDie, ruleRound, toggleAmbusher } from "../../rules/surprise";
import { payingSlot, resetForTurn, spendAction, type ActionsUsed } from "../../rules/actions";
import { KEPT_SINCE, KEPT_SPEC, type KeptSource } from "../../rules/models";
import { askKept, type SpendVerdict } from "../../../../shell/combat/kept-spend";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { spendRuling } from "../../play/combat/spend-rule";
import { carriesFlag } from "../../rules/conditions";
import { ESCALATION_TURNS } from "../../rules/turn-scheme";
import type { FrayCombatant } from "./combatant";

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

/**
 * A Combat run in initiative bands with the escalation die, on the shell's turn-scheme base
 * (`shell/combat/turn-combat.ts`, driven by `ESCALATION_TURNS`): the base sorts by band, keeps
 * each edge once, resets the action slots at the turn's and round's start, and plays the surprise
 * round; this class adds the escalation die, the band moves (Delay, readied actions, group order),
 * paying actions, and the turn events (death saves at the start, ongoing damage, saves and expiry
 * at the end), which Foundry runs on the active GM's client only.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative Bands, §Escalation Die, §Actions.
 */
export class FrayCombat extends FrayTurnCombat<BandEntry, FrayCombatant> {
  static override scheme = ESCALATION_TURNS;

  // The actions used and the place in the turn order, which the GM's decisions and the turn order
  // read (a player may write its Combatant, its `system` and `initiative` alike).
  static override kept = KEPT_SPEC;

  // Version 3 kept the band and the order in its group; both were on the Combatant before.
  static override keptSince = KEPT_SINCE;

  /** A combatant joins: its band, from its actor's (`FrayCombatant#bandByDocuments`). */
  override keptOnJoin(combatant: Combatant.Implementation): Record<string, unknown> {
    return { band: (combatant as FrayCombatant).bandByDocuments };
  }

  /** GM: writes kept fields (see the base); a band or order written keeps the current turn. */
  override async keep(
    patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  ): Promise<void> {
    const moves = Object.values(patches).some((p) => "band" in p || "order" in p);
    if (moves) await this.#writeOrder(patches, false, true);
    else await super.keep(patches);
  }

  /**
   * GM: moves combatants to bands (a band the GM typed in the tracker, `FrayCombatant`), keeping
   * the current turn; `show: false` leaves the shown initiative to the caller's own update.
   */
  async moveBands(patches: Record<string, { band: Band }>, { show }: { show: boolean }):
    Promise<void> {
    await this.#writeOrder(patches, false, show);
  }

  static override edges: readonly TurnEdgeKind[] = ["turnStart", "turnEnd"];

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

  override get surpriseMarks(): readonly string[] {
    return this.ambushers;
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
   * Taking a readied action in the round it was readied: the combatant's band becomes the
   * trigger's band for the rest of the encounter, placed right before the trigger when they are on
   * the same side. Source: `000_c2dc3d650823e22d.txt` §Readying an Action.
   */
  async takeReadiedAction(id: string, triggerId: string): Promise<void> {
    const patches = readiedOrder(this.#entries(), id, triggerId);
    if (Object.keys(patches).length) await this.#writeOrder(patches, false, true);
  }

  /** Every combatant's place as kept now (`FrayCombatant#turnEntry`). */
  #entries(): BandEntry[] {
    return (this.combatants.contents as FrayCombatant[]).map((c) => c.turnEntry);
  }

  /**
   * Writes a band or group-order change to the kept store (GM only) with the turn the base keeps
   * (or hands on: `putOff`), then the initiative the tracker shows for each band written (`show`).
   */
  async #writeOrder(
    patches: Readonly<Record<string, Readonly<OrderPatch & Record<string, unknown>>>>,
    putOff: boolean, show: boolean,
  ): Promise<void> {
    await this.writeKeptOrder(patches, (c) => {
      const entry = (c as FrayCombatant).turnEntry;
      const patch = patches[entry.id];
      // A band written as "" (none) reads as the documents' band, as `bandEntry` reads it.
      return { ...entry, band: patch?.band || entry.band, order: patch?.order ?? entry.order };
    }, { putOff });
    if (!show) return;
    const shown = Object.keys(patches).flatMap((id) => {
      const c = this.combatants.get(id) as FrayCombatant | undefined;
      if (!c || patches[id]?.band === undefined || c.initiative === c.shownInitiative) return [];
      return [{ _id: id, initiative: c.shownInitiative }];
    });
    if (shown.length) await this.updateEmbeddedDocuments("Combatant", shown);
  }

  /** GM control: move the die by `delta` (the result stays within 0..6). */
  async adjustEscalation(delta: number): Promise<void> {
    const offset = Number(this.getFlag("fray", "escalationOffset") ?? 0);
    const auto = escalationForRound(this.ruleRound, { ambush: this.ambushStartsDie });
    const target = clampEscalation(auto + offset + delta);
    await this.setFlag("fray", "escalationOffset", target - auto);
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
    await this.#writeOrder({ [id]: { band: to } }, ownTurn, true);
  }

  /** Moves a combatant one place earlier (-1) or later (+1) inside its band's PC or enemy group. */
  async shiftInGroup(id: string, direction: -1 | 1): Promise<void> {
    const patches = shiftedOrder(this.#entries(), id, direction);
    if (Object.keys(patches).length) await this.#writeOrder(patches, false, true);
  }

  /** The actions a combatant used, as the GM keeps them on this Combat (`KEPT_SPEC`). */
  actionsOf(id: string): ActionsUsed {
    return (this.keptOf(id) as KeptSource).actions;
  }

  /** Whether the combatant still has a slot that pays for `action` (Free always can). */
  async canPay(id: string, action: Action): Promise<boolean> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return true;
    return payingSlot(this.actionsOf(id), action, this.#losesMove(c)) !== null;
  }

  #losesMove(c: FrayCombatant): boolean {
    return carriesFlag(c.actor?.statuses ?? [], "losesMove");
  }

  /**
   * Marks an action used by a combatant (a better action pays for a lesser one). Stunned loses
   * the move action. On a GM's client it is written at once; on a player's it is a GM request the
   * active GM re-checks (`spendPatch`), and a refusal is shown. Returns false, changing nothing,
   * when no slot is left or the GM refused.
   */
  async spendAction(id: string, action: Action): Promise<boolean> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return false;
    if (!game.user?.isGM) return this.#ask(id, { action });
    const next = spendAction(this.actionsOf(id), action, this.#losesMove(c));
    if (!next) return false;
    await this.keep({ [id]: { actions: next } });
    return true;
  }

  /**
   * A Coup de Grace spends Standard, Move and Quick at once (§Coup de Grace). @returns false when
   * they are no longer all unused or the GM refused.
   */
  async spendCoupDeGrace(id: string): Promise<boolean> {
    if (!game.user?.isGM) return this.#ask(id, { coupDeGrace: true });
    const actions = this.actionsOf(id);
    if (actions.standard || actions.move || actions.quick) return false;
    await this.keep({ [id]: { actions: { ...actions, standard: true, move: true, quick: true } } });
    return true;
  }

  /** GM: marks actions used or left (the tracker's pip override, a refund). */
  async markActions(
    id: string,
    used: Partial<Record<"standard" | "move" | "quick" | "interrupt", boolean>>,
  ): Promise<void> {
    if (!this.combatants.get(id)) return;
    await this.keep({ [id]: { actions: { ...this.actionsOf(id), ...used } } });
  }

  // A player's spend is the active GM's to write; its refusal is shown as a warning.
  #ask(id: string, args: object): Promise<boolean> {
    return warnIfRefused(() => askKept(this.id, id, args));
  }

  /** The active GM's check of a player's spend (`play/combat/spend-rule.ts`), localized. */
  override spendPatch(combatant: Combatant.Implementation, args: unknown): SpendVerdict {
    if (!this.started) return { ok: false, reason: "notInCombat" };
    const id = combatant.id ?? "";
    const ruling = spendRuling(args, {
      actions: this.actionsOf(id), losesMove: this.#losesMove(combatant as FrayCombatant),
      ownTurn: this.combatant?.id === id,
    });
    if (ruling.ok) return { ok: true, patch: { actions: ruling.actions } };
    if (!ruling.key.startsWith("FRAY.")) return { ok: false, reason: ruling.key };
    const action = ruling.action ? t(`FRAY.Action.${ruling.action}`) : "";
    return { ok: false, reason: t(ruling.key, { action, name: combatant.name ?? "" }) };
  }

  /** The actions fresh at the turn's start (Standard, Move, Quick) and the round's (Interrupt). */
  protected override freshEconomy(edge: TurnEdgeKind, c: Combatant.Implementation): EconomyPatch {
    const actions = this.actionsOf(c.id ?? "");
    if (edge === "turnStart") return { actions: resetForTurn(actions) };
    return edge === "roundStart" ? { actions: { ...actions, interrupt: false } } : null;
  }

  /** Death saves and Fight in Spirit at the start (not for skipped turns); effects at the end. */
  protected override async onTurnEdge(
    edge: TurnEdgeKind, combatant: Combatant.Implementation, context: EdgeContext,
  ): Promise<void> {
    if (edge === "turnStart" && !context.skipped) {
      await FrayCombat.turnEvents?.start(this, combatant);
    } else if (edge === "turnEnd") {
      await FrayCombat.turnEvents?.end(this, combatant, context);
    }
  }

  // Runs on every client; only the active GM cleans up, once.
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (game.user?.isActiveGM && this.started) void FrayCombat.turnEvents?.combatEnd(this);
  }
}
