import type { EconomyPatch, EdgeContext } from "../../../../shell/combat/turn-combat";
import { FrayGroupCombat } from "../../../../shell/combat/group-combat";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import { noteHtml, postNote } from "../../../../shell/chat/table-note";
import { askInitiative } from "../../../../shell/combat/initiative-request";
import { toggleSurpriseMark } from "../../../../shell/combat/surprise-marks";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { rollInFoundry } from "../../../../shell/dice/run-in-foundry";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { canTake, take, type ActionId } from "../../rules/actions";
import { SHOCK_TURNS, type TurnEntry } from "../../rules/turn-scheme";
import {
  KEPT_REFS, KEPT_SINCE, KEPT_SPEC, keptLegacy,
} from "../../play/data/combatant-spec";
import { askKept, type SpendVerdict } from "../../../../shell/combat/kept-spend";
import { spendRuling } from "../../play/round/spend-rule";
import { isHeld } from "../../play/cards/grapple";
import type { ShockActor } from "./actor";
import type { ShockCombatant } from "./combatant";
import { notice, UNSUSPECTING_STATUS } from "./unsuspecting";
import { noticingWhenSideActs } from "../../play/round/unsuspecting";
import type { GroupReroll } from "../../../../shell/combat/group-initiative";
import { SIDE_ROLLS, sideRollName } from "./side-controls";
import {
  actNextOrders, FRESH_ROUND, PARTY_SIDE, turnStartEnds, turnStateFor, type TurnState,
} from "../../play/round/sides";
import {
  groupJoins, sideEntries, sideGroupsOf, sideRollLines,
} from "../../play/round/side-rolls";

/**
 * A Combat in side initiative, on the shell's turn-scheme base (`shell/combat/turn-combat.ts`,
 * driven by `SHOCK_TURNS`: the base sorts, keeps each edge once, refills the round budget at the
 * round's start and plays the surprise round the marked sides sit out) with its groups' controls
 * (`shell/combat/group-combat.ts`, the sides' rolls as `SIDE_ROLLS` declares them). Each side
 * rolls 1d8 once (the party adds its best DEX modifier and wins ties; other ties re-roll), shown as
 * one v13 CombatantGroup per side whose initiative its members take (its flags keep the side, its
 * rank, the d8 and the bonus); sides act highest first, members in the order their owners choose.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise, §Combat Action Types;
 * RULINGS.md §shock Side initiative, Actions.
 */
export class ShockCombat extends FrayGroupCombat<TurnEntry, ShockCombatant> {
  static override scheme = SHOCK_TURNS;

  static override groupRolls = SIDE_ROLLS;

  // The round's economy and marks the GM's decisions read (a player may write its Combatant).
  static override kept = KEPT_SPEC;
  static override keptRefs = KEPT_REFS;

  // Version 2 kept the side and the fled mark; the mark was a flag before.
  static override keptSince = KEPT_SINCE;
  static override keptLegacy = keptLegacy;

  /** A combatant joins: its side, from its actor's type and its token's disposition now. */
  override keptOnJoin(combatant: Combatant.Implementation): Record<string, unknown> {
    return { side: (combatant as ShockCombatant).sideByDocuments };
  }

  // Turn starts: Total Defense and screens end, the side acts; round ends: grapple damage.
  static override edges: readonly TurnEdgeKind[] = ["turnStart", "roundEnd"];

  /**
   * What the active GM does at a round's end (set by `install`: grapple damage), so documents never
   * import gm/.
   */
  static roundEnd: ((combat: ShockCombat) => Promise<void>) | null = null;

  get shockCombatants(): ShockCombatant[] {
    return this.combatants.contents as ShockCombatant[];
  }

  override groupKeyOf(combatant: ShockCombatant): string {
    return combatant.side;
  }

  /** The sides caught unawares: they give every other side one free round (§Surprise). */
  get surprised(): string[] {
    return this.getFlag("fray", "surprised") ?? [];
  }

  override get surpriseMarks(): readonly string[] {
    return this.surprised;
  }

  override surpriseGroupOf(c: Combatant.Implementation): string {
    return (c as ShockCombatant).side;
  }

  /**
   * GM, before the combat starts: marks a side surprised or not.
   * @throws Error (localized) once the combat has started; nothing changes.
   */
  async toggleSurprised(side: string): Promise<void> {
    await toggleSurpriseMark(this, "surprised", side, t("FRAY.Shock.Combat.SurpriseStarted"));
  }

  /**
   * Initiative is rolled per side, once (§Combat Sequence: "Initiative is not re-rolled"): the
   * first roll rolls every side present; later calls only put new combatants into their side's
   * group (a side new to the fight rolls then and acts after the sides already placed). Creating
   * groups needs a GM (common/abstract/document.mjs: create is ASSISTANT by default); the tracker
   * sends players' rolls to the GM.
   */
  override async rollInitiative(): Promise<this> {
    if (!game.user?.isGM) {
      await askInitiative(this);
      return this;
    }
    const sides = [...new Set(this.shockCombatants.map((c) => c.side))];
    const missing = sides.filter((s) => !this.groupOf(s));
    if (missing.length) await this.#rollSides(missing);
    // A side whose roll the GM cleared (side-controls.ts) rolls again among the others.
    const cleared = sides.filter((s) => this.groupOf(s)?.initiative === null);
    if (cleared.length) await this.rerollGroupInitiative(cleared);
    const updates = groupJoins(this.shockCombatants.map((c) => ({
      id: c.id, side: c.side, group: (c as { _source: { group: string | null } })._source.group,
    })), (side) => this.groupOf(side));
    if (updates.length)
      await this.updateEmbeddedDocuments("Combatant", updates as Combatant.UpdateData[]);
    return this;
  }

  async #rollSides(sides: readonly string[]): Promise<void> {
    const party = this.shockCombatants.filter((c) => c.side === PARTY_SIDE && c.actor);
    const entries = sideEntries(sides, party.map((c) => (c.actor as ShockActor).statblock));
    // A d8 per side, then ties among unfavoured sides rolled off among the tied: the engine's plan,
    // each step a Foundry Roll, all of them on the initiative card.
    const shown = new ShownRolls();
    const order = await rollInFoundry(SHOCK_TURNS.initiative.plan!(entries), shown, sideRollName);
    const data = sideGroupsOf(order, this.groupDocs.length, t);
    await this.createEmbeddedDocuments(
      "CombatantGroup" as "Combatant",
      data as Combatant.CreateData[],
    );
    await this.postGroupRolls(
      order.rolls.map((r) => ({ key: r.id, die: r.die, bonus: r.bonus, total: r.result })),
      shown.rolls,
    );
  }

  /** One chat card with the sides' initiative rolls (the d8, the bonus, the total). */
  protected override async postGroupRolls(
    sides: readonly GroupReroll[], rolls: readonly Roll[],
  ): Promise<void> {
    const heading = t("FRAY.Shock.Combat.Initiative");
    await postNote({ content: noteHtml("shock", sideRollLines(sides, t), heading), rolls });
  }

  /**
   * GM: the side's owners picked `id` to act next: it moves right after the combatant acting now
   * (or first in its side). Renumbers the side, which writes other players' combatants.
   */
  async actNext(id: string): Promise<void> {
    const c = this.combatants.get(id) as ShockCombatant | undefined;
    if (!c) return;
    const side = this.turns
      .filter((t) => (t as ShockCombatant).side === c.side)
      .map((t) => t.id ?? "");
    const orders = actNextOrders(side, id, this.combatant?.id ?? null);
    if (!orders) return;
    const updates = [...orders].map(([_id, order]) => ({ _id, system: { order } }));
    await this.writeTurnOrder(updates, (x) => {
      const entry = (x as ShockCombatant).turnEntry;
      return { ...entry, order: orders.get(entry.id) ?? entry.order };
    });
  }

  /**
   * Spends an action from a combatant's round budget, kept on this Combat (`KEPT_SPEC`). On a
   * GM's client it is written at once (GM code: the window's answers, break free, carry); on a
   * player's it is a GM request the active GM re-checks (`spendPatch`).
   * @returns false, changing nothing, when the budget cannot pay for it (a GM's client)
   * @throws Error (localized) when the GM refused a player's spend or no GM is connected
   */
  async spend(
    c: ShockCombatant,
    action: ActionId,
    extra: Record<string, unknown> = {},
  ): Promise<boolean> {
    if (!this.started) return true;
    if (!game.user?.isGM) {
      await askKept(this.id, c.id, { action, extra });
      return true;
    }
    if (!canTake(c.budget, action)) return false;
    await this.keep({ [c.id ?? ""]: { ...take(c.budget, action), ...extra } });
    return true;
  }

  /** The active GM's check of a player's spend (`play/round/spend-rule.ts`), localized. */
  override spendPatch(combatant: Combatant.Implementation, args: unknown): SpendVerdict {
    const c = combatant as ShockCombatant;
    if (!this.started) return { ok: false, reason: "notInCombat" };
    const actor = c.actor as ShockActor | null;
    const ruling = spendRuling(args, {
      budget: c.budget, turn: this.turnStateOf(c), self: c.id ?? "", side: c.side,
      able: actor?.health === "up" && !c.isDefeated, held: isHeld(c.hold),
      sides: new Map(this.shockCombatants.map((x) => [x.id ?? "", x.side])),
    });
    if (ruling.ok) return { ok: true, patch: ruling.patch };
    const reason = ruling.key.startsWith("FRAY.") ? t(ruling.key, { name: actor?.name ?? "" })
      : ruling.key;
    return { ok: false, reason };
  }

  /** Where a combatant stands in the round (see `turnRefusal`). */
  turnStateOf(c: ShockCombatant): TurnState {
    const acting = (this.combatant as ShockCombatant | null)?.side ?? null;
    const surprised = this.inSurpriseRound ? this.surprised : [];
    return turnStateFor(this.started ? acting : null, c.side, c.data.holding, surprised);
  }

  /** The round budget (Main, Moves, Disengage, held action, charge, shield) fresh each round. */
  protected override freshEconomy(edge: TurnEdgeKind): EconomyPatch {
    return edge === "roundStart" ? { ...FRESH_ROUND } : null;
  }

  /**
   * A turn starts: its side acts (Unsuspecting members notice), and the bearer's Total Defense and
   * screen end (§Total Defense, §Screen an Ally: to the start of the bearer's next turn).
   */
  protected override async onTurnEdge(edge: TurnEdgeKind, combatant: Combatant.Implementation):
    Promise<void> {
    if (edge !== "turnStart") return;
    await this.#sideActs(combatant as ShockCombatant);
    const ends = turnStartEnds((combatant as ShockCombatant).data);
    if (ends) await this.keep({ [combatant.id ?? ""]: ends });
  }

  /** A round ends: each grappled defender takes its grapplers' unarmed damage (§Grappling). */
  protected override async onRoundEdge(edge: TurnEdgeKind, _context: EdgeContext): Promise<void> {
    if (edge === "roundEnd") await ShockCombat.roundEnd?.(this);
  }

  // Its side acts: every Unsuspecting member of the acting side notices (§Execution Attacks).
  async #sideActs(acting: ShockCombatant): Promise<void> {
    const members = this.shockCombatants.flatMap((c) => (c.actor && c.id
      ? [{ id: c.id, side: c.side, marked: c.actor.statuses.has(UNSUSPECTING_STATUS) }] : []));
    for (const id of noticingWhenSideActs(acting.side, members)) {
      const actor = this.combatants.get(id)?.actor;
      if (actor) await notice(actor, "sideActs");
    }
  }
}
