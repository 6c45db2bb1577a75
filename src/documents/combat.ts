import { combatantData } from "../data/accessors";
import type { Band, Action } from "../rules/escalation/constants";
import { clampEscalation, escalationForRound } from "../rules/escalation/escalation-die";
import { bandInitiative, compareBands, delayTo, readiedBand } from "../rules/escalation/initiative";
import { nextAmbusherTurn, ruleRound, toggleAmbusher } from "../rules/escalation/surprise";
import { payingSlot, resetForTurn, spendAction } from "../rules/escalation/actions";
import { CONDITIONS, expandConditions } from "../rules/escalation/conditions";
import type { FrayCombatant } from "./combatant";

/**
 * A Combat run in initiative bands with the escalation die. Turn order and die value come from the
 * pure core; round and turn bookkeeping (resetting actions) happens in the lifecycle methods, which
 * Foundry runs on the active GM's client only.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative Bands, §Escalation Die, §Actions.
 */
export interface TurnEventHandlers {
  start(combat: FrayCombat, combatant: Combatant.Implementation): Promise<void>;
  end(combat: FrayCombat, combatant: Combatant.Implementation, skipped: boolean): Promise<void>;
  combatEnd(combat: FrayCombat): Promise<void>;
}

export class FrayCombat extends Combat {
  /**
   * What runs at turn starts and ends and when the encounter ends (death saves, ongoing damage,
   * saves, expiry). Set at `init` by the entry point, so documents never import the chat layer.
   */
  static turnEvents: TurnEventHandlers | null = null;

  /** The escalation die now: automatic progression plus the GM's offset. */
  get escalationDie(): number {
    return escalationForRound(this.ruleRound, {
      ambush: Boolean(this.getFlag("fray", "ambush")),
      offset: Number(this.getFlag("fray", "escalationOffset") ?? 0),
    });
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
    return this.ambushers.length ? nextAmbusherTurn(this.turns.map((c) => c.id ?? ""), this.ambushers, -1) : null;
  }

  override async nextTurn(): Promise<this> {
    if (!this.inSurpriseRound) return super.nextTurn();
    const next = nextAmbusherTurn(this.turns.map((c) => c.id ?? ""), this.ambushers, this.turn ?? -1);
    if (next === null) return this.nextRound();
    await this.update({ turn: next } as Combat.UpdateData, { direction: 1 } as Combat.Database.UpdateOperation);
    return this;
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
    // The new group, renumbered with the readier just before the trigger (or last, on the other side).
    const group = (this.combatants.contents as FrayCombatant[])
      .filter((o) => o !== c && o.band === band && o.isPC === c.isPC)
      .sort((x, y) => compareBands(x.bandEntry, y.bandEntry));
    const at = group.indexOf(trigger);
    group.splice(at < 0 ? group.length : at, 0, c);
    await this.updateEmbeddedDocuments("Combatant", group.map((o, i) => (
      o === c ? { _id: o.id, system: { band, order: i }, initiative: bandInitiative(band, c.isPC) } : { _id: o.id, system: { order: i } }
    )) as Combatant.UpdateData[]);
  }

  /** GM control: move the die by `delta` (the result stays within 0..6). */
  async adjustEscalation(delta: number): Promise<void> {
    const offset = Number(this.getFlag("fray", "escalationOffset") ?? 0);
    const auto = escalationForRound(this.ruleRound, { ambush: Boolean(this.getFlag("fray", "ambush")) });
    const target = clampEscalation(auto + offset + delta);
    await this.setFlag("fray", "escalationOffset", target - auto);
  }

  // The comparator is passed unbound by setupTurns, so it must not use `this`.
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
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
   * Delay: the combatant moves to a slower band for the rest of the encounter.
   * @throws RangeError when the band is not slower (nothing changes).
   */
  async delayCombatant(id: string, band: Band): Promise<void> {
    const c = this.combatants.get(id) as FrayCombatant | undefined;
    if (!c) return;
    const to = delayTo(c.band, band);
    await c.update({ system: { band: to }, initiative: bandInitiative(to, c.isPC) } as Combatant.UpdateData);
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
    await this.updateEmbeddedDocuments("Combatant", reordered.map((o, i) => ({ _id: o.id, system: { order: i } })) as Combatant.UpdateData[]);
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
  async markActions(id: string, used: Partial<Record<"standard" | "move" | "quick" | "interrupt", boolean>>): Promise<void> {
    const c = this.combatants.get(id);
    if (!c) return;
    await c.update({ system: { actions: { ...combatantData(c.system).actions, ...used } } } as Combatant.UpdateData);
  }

  /** The combatant of an actor (unlinked tokens share their base actor's id, so match the token too). */
  combatantOf(actor: Actor.Implementation): FrayCombatant | undefined {
    return this.combatants.find((c) => c.actorId === actor.id && (!actor.token || c.tokenId === actor.token.id)) as FrayCombatant | undefined;
  }

  protected override async _onStartTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    const actions = resetForTurn(combatantData(combatant.system).actions);
    await combatant.update({ system: { actions } } as Combatant.UpdateData);
    if (!context?.skipped) await FrayCombat.turnEvents?.start(this, combatant);
  }

  protected override async _onEndTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onEndTurn(combatant, context);
    await FrayCombat.turnEvents?.end(this, combatant, Boolean(context?.skipped));
  }

  // Runs on every client; only the active GM cleans up, once.
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (game.user?.isActiveGM && this.started) void FrayCombat.turnEvents?.combatEnd(this);
  }

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    // Interrupts are one per round; reset them all at once.
    const updates = this.combatants.contents.map((c) => ({ _id: c.id, system: { actions: { ...combatantData(c.system).actions, interrupt: false } } }));
    await this.updateEmbeddedDocuments("Combatant", updates as Combatant.UpdateData[]);
  }
}

