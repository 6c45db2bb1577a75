import {
  FrayTurnCombat, type EconomyPatch, type EdgeContext,
} from "../../../../shell/combat/turn-combat";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import { reasonText } from "../../../../shell/relay/gm-relay";
import { askInitiative } from "../../../../shell/combat/initiative-request";
import { toggleSurpriseMark } from "../../../../shell/combat/surprise-marks";
import type { SpendVerdict } from "../../../../shell/combat/kept-spend";
import { resetRanked, rollRanked } from "../../../../shell/combat/ranked-initiative";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { AP_TURNS, type TurnEntry } from "../../rules/turn-scheme";
import { KEPT_REFS, KEPT_SPEC, sideOf, type KeptSource } from "../../play/data/kept-spec";
import { economyAt, keptOnJoin } from "../../play/round/economy";
import type { SpendAction } from "../../play/round/spend-rule";
import { ruleMove, ruleSpend, type CombatantFacts } from "../../play/round/spend-verdict";
import { readyOrderPatches } from "../../play/round/ready";
import { isActionPointsActor } from "../../play/actors/health";
import type { ActionPointsActor } from "./actor";
import type { ActionPointsCombatant } from "./combatant";

/**
 * A Combat of action-points, on the shell's turn-scheme base (`shell/combat/turn-combat.ts`,
 * driven by `AP_TURNS`): initiative rolled once by every combatant together (1d10 + Agility
 * modifier, ties re-rolled among the tied: `shell/combat/ranked-initiative.ts`), the AP, RP and FP
 * of each combatant kept where only a GM writes and changed once at each turn and round edge
 * (`play/round/economy.ts`), a player's AP spent through the GM's check (`spendRuling`), and a
 * surprise round in which only the combatants the GM marked act.
 * Source: `004_2cc57162401858c9.txt` §Initiative, §Round Structure, §Actions/Turn Cheat Sheet,
 * §Surprise Attacks; RULINGS.md §action-points.
 */
export class ActionPointsCombat extends FrayTurnCombat<TurnEntry, ActionPointsCombatant> {
  static override scheme = AP_TURNS;
  static override kept = KEPT_SPEC;
  static override keptRefs = KEPT_REFS;

  /** A combatant joins: its side, and its pools when the fight started (`play/round/economy.ts`). */
  override keptOnJoin(combatant: Combatant.Implementation): Record<string, unknown> {
    const c = combatant as ActionPointsCombatant;
    const disposition = (c.token as { disposition?: number } | null)?.disposition;
    const actor = c.actor as ActionPointsActor | null;
    const joining = this.started && actor && isActionPointsActor(actor);
    return keptOnJoin(sideOf(c.isPC, disposition), joining ? actor.statblock.pools : null);
  }

  get apCombatants(): ActionPointsCombatant[] {
    return this.combatants.contents as ActionPointsCombatant[];
  }

  /** The combatants the GM marked as surprisers: only they act in the first round. */
  override get surpriseMarks(): readonly string[] {
    return this.getFlag("fray", "surprisers") ?? [];
  }

  /**
   * GM, before the combat starts: marks a combatant as a surpriser or not.
   * @throws Error (localized) once the combat has started; nothing changes.
   */
  async toggleSurpriser(id: string): Promise<void> {
    await toggleSurpriseMark(this, "surprisers", id, t("FRAY.ActionPoints.Combat.SurpriseStarted"));
  }

  /**
   * Rolls initiative for `ids` (default: every combatant without a place) on the GM's client, all
   * together so ties are re-rolled among the tied; a player's client asks the active GM.
   */
  override async rollInitiative(ids?: string | string[]): Promise<this> {
    if (!game.user?.isGM) {
      await askInitiative(this);
      return this;
    }
    const asked = ids === undefined ? null : Array.isArray(ids) ? ids : [ids];
    const unplaced = this.apCombatants.filter((c) => c.data.order < 0);
    const rolling = asked ?? unplaced.map((c) => c.id ?? "");
    await rollRanked(this, rolling, {
      orderField: "order",
      plan: (entries) => AP_TURNS.initiative.plan!(entries),
      entryOf: (c) => {
        const actor = c.actor as ActionPointsActor | null;
        if (!actor || !c.id || !isActionPointsActor(actor)) return null;
        return { id: c.id, modifier: actor.statblock.agilityModifier };
      },
      flavor: t("FRAY.ActionPoints.Combat.Initiative"),
      writeOrder: (patches, extra) => this.writeKeptOrder(patches, (c) => {
        const entry = (c as ActionPointsCombatant).turnEntry;
        const order = patches[c.id ?? ""]?.order;
        return order === undefined ? entry : { ...entry, order };
      }, { extra }),
    });
    return this;
  }

  /** Foundry's "Reset Initiative": every place cleared (client/documents/combat.mjs `resetAll`). */
  override async resetAll(): Promise<this> {
    if (!game.user?.isGM) return this;
    await resetRanked(this, "order", (patches, extra) => this.writeKeptOrder(patches, (c) => ({
      ...(c as ActionPointsCombatant).turnEntry, order: null,
    }), { extra }));
    return this;
  }

  /**
   * Spends AP for an action of `c`'s own turn (`spendRuling`: the cost from the rules, the pools
   * from what the GM keeps; a spell's AP are paid by its card's seal). On a player's client it is
   * a GM request the active GM re-checks.
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async spend(c: ActionPointsCombatant, action: SpendAction): Promise<void> {
    await this.spendKept(c, { action });
  }

  /**
   * The active GM's check of a spend (`shell/combat/kept-spend.ts`). No spend here is ever given
   * back (`refundable` false: no receipt): each takes effect as it is paid (a Stand Up ends the
   * prone status and provokes, a Ready moves the order, a Move's AP buys hexes walked at once, Total
   * Defense ends the turn), so giving back its kept fields alone would leave the effect unpaid,
   * and no action-points flow pays ahead for a card that may fail to post.
   */
  override spendPatch(combatant: Combatant.Implementation, args: unknown): SpendVerdict {
    const c = combatant as ActionPointsCombatant;
    const facts = this.#factsOf(c);
    if (!facts) return { ok: false, reason: "notInCombat" };
    const ruling = ruleSpend(args, facts);
    if (ruling.ok) return { ok: true, patch: ruling.patch, refundable: false };
    // Worded by the requesting client, in its user's language.
    return { ok: false, reason: ruling.key, data: { name: c.name ?? "" } };
  }

  /** What the GM reads of `c` to rule on it, in a started combat (`play/round/spend-verdict.ts`). */
  #factsOf(c: ActionPointsCombatant): CombatantFacts | null {
    const actor = c.actor as ActionPointsActor | null;
    if (!this.started || !actor || !isActionPointsActor(actor)) return null;
    return {
      kept: c.data, block: actor.statblock, ownTurn: this.combatant?.id === c.id,
      someoneActing: this.combatant !== null, up: actor.health === "up" && !c.isDefeated,
      prone: actor.statuses.has("prone"), last: this.turns.at(-1)?.id === c.id,
    };
  }

  /** What standing up does once paid (set by `install`: the GM's, so documents never import gm/). */
  static standUp: ((combat: ActionPointsCombat, c: ActionPointsCombatant) => Promise<void>) | null =
    null;

  /**
   * GM, after a spend: a paid Stand Up ends the prone status and provokes
   * (`gm/reaction-attacks.ts`); a Ready puts the turn off, its taker after everyone; a fired one
   * acts now, placed before the combatant acting (`play/round/ready.ts`).
   */
  override async afterSpend(combatant: Combatant.Implementation, args: unknown): Promise<void> {
    const c = combatant as ActionPointsCombatant;
    const action = (args as { action?: unknown } | null)?.action;
    if (action === "standUp") await ActionPointsCombat.standUp?.(this, c);
    const order = this.turns.map((x) => x.id ?? "");
    const patches = c.id ? readyOrderPatches(args, order, c.id, this.combatant?.id ?? null) : null;
    if (!patches) return;
    await this.writeKeptOrder(patches, (x) => ({
      ...(x as ActionPointsCombatant).turnEntry, order: patches[x.id ?? ""]?.order ?? -1,
    }), { putOff: true });
    // The turn stays at its index, now another's: Foundry ends the turn there and starts the new
    // one (client/documents/combat.mjs `#triggerTurnEvents`); the ledger takes each edge once and
    // an end put off (the one standing after the turn now) waits.
  }

  /**
   * What a move of `hexes` on the map costs `c` (`play/round/movement.ts`): the kept fields to
   * write, from what the GM keeps; nothing outside a started combat. A refusal's reason is
   * localized.
   */
  moveVerdict(c: ActionPointsCombatant, hexes: number): SpendVerdict {
    const facts = this.#factsOf(c);
    const ruling = facts ? ruleMove(hexes, facts) : { ok: true as const, patch: {} };
    if (ruling.ok) return ruling;
    return { ok: false, reason: reasonText(ruling.key, { name: c.name ?? "", hexes: `${hexes}` }) };
  }

  /**
   * Buys a weapon's Flow action with FP (`play/round/flow-rule.ts`: its cost read from the
   * weapon); on a player's client a GM request the active GM re-checks.
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async buyFlow(c: ActionPointsCombatant, itemId: string, index: number): Promise<void> {
    await this.spendKept(c, { flow: { itemId, index } });
  }

  /** Pools set as combat starts, refilled, lost and decaying at the edges (`economyAt`). */
  protected override freshEconomy(
    edge: TurnEdgeKind, combatant: Combatant.Implementation, context: EdgeContext,
  ): EconomyPatch {
    const c = combatant as ActionPointsCombatant;
    const actor = c.actor as ActionPointsActor | null;
    // A combatant of another ruleset's actor has no pools here.
    if (!actor || !c.id || !isActionPointsActor(actor)) return null;
    const marks = this.surpriseMarks;
    const patch: Partial<KeptSource> | null = economyAt(edge, {
      kept: c.data, pools: actor.statblock.pools, round: context.round,
      surpriseRound: marks.length > 0, caughtBySurprise: !marks.includes(c.id),
    });
    return patch;
  }
}
