import type { BattleWork, EconomyPatch, EdgeContext } from "../../../../shell/combat/turn-combat";
import { FraySteppedCombat } from "../../../../shell/combat/stepped-combat";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import type { RankedEntry } from "../../../../engine/initiative/ranked";
import { toggleSurpriseMark } from "../../../../shell/combat/surprise-marks";
import type { SpendVerdict } from "../../../../shell/combat/kept-spend";
import {
  keptPlaces, resetPlaces, rollPlaces,
} from "../../../../shell/combat/ranked-initiative";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { WOUNDS_TURNS } from "../../rules/turn-scheme";
import { summoningSick } from "../../rules/summons";
import { KEPT_REFS, KEPT_SPEC } from "../../play/data/kept-spec";
import { economyAt, economyOf, keptOfSlots } from "../../play/round/economy";
import { freshSlots } from "../../../../engine/economy/slots";
import {
  delayedAfter, refusalOf, ruleSpend, type SpendFacts,
} from "../../play/round/spend";
import {
  DISARMED_STATUS, KEPT_STATUSES, PRONE_STATUS, STATUS_OF_CAUSE,
} from "../../play/actors/states-of";
import {
  castFactsOf, isCastRequest, ruleCast, type CastDone, type CastFacts,
} from "../../play/round/cast";
import { isWoundsActor } from "../../play/actors/unit";
import { summonsOf } from "../../play/round/summon-marks";
import { standingMarks } from "../../../../shell/documents/token-marks";
import { setStatuses } from "../../../../shell/documents/statuses";
import type { WoundsActor } from "./actor";
import type { WoundsCombatant } from "./combatant";

/** A combatant's place as its turn entry (`WoundsCombatant#turnEntry`, the kept `order`). */
const PLACES = keptPlaces("order");

/**
 * A Combat of wounds on the shell's round (`WOUNDS_TURNS`, one pass): the order set once by
 * Agility, the fight's starters last; the slots the GM keeps, refilled once at each edge
 * (`play/round/economy.ts`); a player's actions and casts ruled by the GM (`play/round/spend.ts`,
 * `cast.ts`); a Delay for the round only. Source: `001_dbc5fcc02a99a518.txt` §Initiative/
 * Initiating, §Attack Action, §Move Action, §Bonus Actions, §Free Hits, §Spell Casting.
 */
export class WoundsCombat extends FraySteppedCombat<RankedEntry, WoundsCombatant> {
  static override scheme = WOUNDS_TURNS;
  static override kept = KEPT_SPEC;
  static override keptRefs = KEPT_REFS;
  static override keptStatuses = KEPT_STATUSES;
  /** The turn's end too (`onTurnEdge`). */
  static override edges: readonly TurnEdgeKind[] = ["turnEnd"];
  /** The GM's work as the battle starts and ends (set by `install`: `gm/battle-end.ts`). */
  static override battle: BattleWork<WoundsCombat> = {};

  /** Those who Delay this round, each just after the one it names (`round-turns.ts`). */
  override turnPlacements(): Readonly<Record<string, Readonly<Record<string, string>>>> {
    const after: Record<string, string> = {};
    for (const c of this.woundsCombatants) {
      const anchor = delayedAfter(c.data, this.round);
      if (anchor && c.id) after[c.id] = anchor;
    }
    return { [WOUNDS_TURNS.steps[0]?.id ?? "turns"]: after };
  }

  /**
   * A Delay lasts its round: a new round's turns are laid out again before Foundry reads whose
   * turn it is (core re-sorts only when combatants change, client/documents/combat.mjs
   * `_onUpdate`).
   */
  protected override _onUpdate(
    changed: Combat.UpdateData, options: Combat.Database.OnUpdateOperation, userId: string,
  ): void {
    if ("round" in changed && !("combatants" in changed)) this.turns = this.orderTurns();
    super._onUpdate(changed, options, userId);
  }

  /** The GM's work after a cast, and the upkeep as a turn starts (`install`: `gm/cast.ts`). */
  static castWork: ((combat: WoundsCombat, c: WoundsCombatant, done: CastDone) =>
    Promise<void>) | null = null;
  static upkeepWork: ((combat: WoundsCombat, c: WoundsCombatant) => Promise<void>) | null = null;

  get woundsCombatants(): WoundsCombatant[] {
    return this.combatants.contents as WoundsCombatant[];
  }

  /** The combatants the GM marked as having started the fight: they go last. */
  get initiators(): readonly string[] {
    return this.getFlag("fray", "initiators") ?? [];
  }

  /** GM, before the start: marks one as the fight's starter, or not. @throws once started. */
  async toggleInitiator(id: string): Promise<void> {
    await toggleSurpriseMark(this, "initiators", id, t("FRAY.Wounds.Combat.InitiatorStarted"));
  }

  /** A combatant joining a started fight has its slots as a fight starts. */
  override keptOnJoin(combatant: Combatant.Implementation): Record<string, unknown> {
    const actor = combatant.actor as WoundsActor | null;
    if (!this.started || !actor || !isWoundsActor(actor)) return {};
    return keptOfSlots(freshSlots(economyOf(actor.unit.derived)));
  }

  /**
   * Places `ids` (default: every combatant without a place) on the GM's client by Agility, all
   * together so ties roll off among the tied, the fight's starters last; a player's client asks
   * the active GM. Foundry's Reset Initiative clears every place.
   */
  override async rollInitiative(ids?: string | string[]): Promise<this> {
    const initiators = new Set(this.initiators);
    await rollPlaces(this, ids, {
      plan: (entries) => WOUNDS_TURNS.initiative.plan!(entries),
      entryOf: (c) => {
        const actor = c.actor as WoundsActor | null;
        if (!actor || !c.id || !isWoundsActor(actor)) return null;
        // Agility as wounds leave it now; later wounds do not move an order already set.
        return { id: c.id, modifier: actor.unit.derived.agility, last: initiators.has(c.id) };
      },
      flavor: t("FRAY.Wounds.Combat.Initiative"),
    }, PLACES);
    return this;
  }

  override async resetAll(): Promise<this> {
    await resetPlaces(this, PLACES);
    return this;
  }

  /** The slots and purchases at each edge, from the combatant's derived values then. */
  protected override freshEconomy(
    edge: TurnEdgeKind, combatant: Combatant.Implementation, context: EdgeContext,
  ): EconomyPatch {
    const c = combatant as WoundsCombatant;
    const actor = c.actor as WoundsActor | null;
    if (!actor || !isWoundsActor(actor)) return null;
    const input = { kept: c.data, derived: actor.unit.derived, round: context.round };
    return economyAt(edge, { ...input, down: actor.health !== "up" });
  }

  /**
   * A turn's start takes a kept-up spell's upkeep; its end ends what lasts the turn, and a cast
   * still under way then channels.
   */
  protected override async onTurnEdge(
    edge: TurnEdgeKind, combatant: Combatant.Implementation, context: EdgeContext,
  ): Promise<void> {
    const c = combatant as WoundsCombatant;
    if (edge === "turnStart") return WoundsCombat.upkeepWork?.(this, c);
    if (edge !== "turnEnd") return;
    const patch = this.freshEconomy(edge, c, context);
    if (patch && c.id) await this.keep({ [c.id]: patch });
    if (c.data.casting) await setStatuses(c.actor, { [STATUS_OF_CAUSE.channeling]: true });
  }

  /** What the GM reads of `c` to rule on an action, or null outside a started fight. */
  spendFacts(c: WoundsCombatant): SpendFacts | null {
    const actor = c.actor as WoundsActor | null;
    if (!this.started || !actor || !isWoundsActor(actor)) return null;
    return {
      kept: c.data, derived: actor.unit.derived, round: this.round,
      ownTurn: this.combatant?.id === c.id, up: actor.health === "up" && !c.isDefeated,
      prone: c.data.prone || actor.statuses.has(PRONE_STATUS),
      disarmed: c.data.disarmed || actor.statuses.has(DISARMED_STATUS),
      later: this.combatant?.id === c.id ? this.laterInStep().map((x) => x.id ?? "") : [],
    };
  }

  /** What the GM reads of `c` to rule on a cast (`play/round/cast.ts`), or null outside a fight. */
  castFacts(c: WoundsCombatant): CastFacts | null {
    const facts = this.spendFacts(c);
    const actor = c.actor as WoundsActor;
    return facts && castFactsOf(facts, actor.unit.block, summonsStanding(actor.uuid));
  }

  /** Whether `c` is a summon still in its first round (it cannot act or dodge). */
  isSick(c: WoundsCombatant): boolean {
    return c.data.summoned > 0 && summoningSick(c.data.summoned, this.round);
  }

  /**
   * The active GM's ruling (`shell/combat/kept-spend.ts`). No action is given back: each takes
   * effect as it is paid (a stand-up ends prone, a retrieve disarmed: `keptStatuses`).
   * A Delay needs nothing more: its write lays the round out again, and the new current
   * combatant's turn events run (`FrayTurnCombat#_onUpdate`).
   */
  override spendPatch(combatant: Combatant.Implementation, args: unknown): SpendVerdict {
    const c = combatant as WoundsCombatant;
    if (isCastRequest(args)) return this.castPatch(c, args);
    const facts = this.spendFacts(c);
    if (!facts) return { ok: false, reason: "notInCombat" };
    const ruling = ruleSpend(args, facts);
    if (!ruling.ok) return refusalOf(ruling.key, c.name ?? "");
    return { ok: true, patch: ruling.patch, refundable: false };
  }

  /** The GM's ruling on a cast press, its work once written (`gm/cast.ts`), and channeling. */
  private castPatch(c: WoundsCombatant, args: unknown): SpendVerdict {
    const facts = this.castFacts(c);
    if (!facts) return { ok: false, reason: "notInCombat" };
    const ruling = ruleCast(args, facts);
    if (!ruling.ok) return refusalOf(ruling.key, c.name ?? "");
    const after = async () => WoundsCombat.castWork?.(this, c, ruling);
    const statuses = { [STATUS_OF_CAUSE.channeling]: ruling.channeling };
    return { ok: true, patch: ruling.patch, refundable: false, after, statuses };
  }
}

/**
 * The summons `summonerUuid` holds that are up (not down, nor defeated by a decisive blow), on
 * any scene, by the GM's marks (`play/round/summon-marks.ts` `summonsOf`): a summon's player
 * deleting its combatant frees no slot while it stands.
 */
export function summonsStanding(summonerUuid: string): number {
  const standing = standingMarks((actor) => (actor as WoundsActor).health === "up");
  return summonsOf(standing.map((m) => m.mark), summonerUuid);
}
