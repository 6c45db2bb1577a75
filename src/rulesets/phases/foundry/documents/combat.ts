import { FraySteppedCombat } from "../../../../shell/combat/stepped-combat";
import type { EconomyPatch, EdgeContext } from "../../../../shell/combat/turn-combat";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import { askInitiative } from "../../../../shell/combat/initiative-request";
import type { SpendVerdict } from "../../../../shell/combat/kept-spend";
import { resetRanked, rollRanked } from "../../../../shell/combat/ranked-initiative";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { PHASES_TURNS, SEIZE_MARK, type TurnEntry } from "../../rules/turn-scheme";
import { initiativeModifier } from "../../rules/initiative";
import { KEPT_REFS, KEPT_SPEC } from "../../play/data/kept-spec";
import { economyAt } from "../../play/round/economy";
import { ruleSeize, seizedIn } from "../../play/round/seize";
import {
  delayedAfter, isBattleArgs, ruleBattleAction, type BattleRequest,
} from "../../play/round/battle-actions";
import { ruleMovePower, type MoverFacts } from "../../play/round/moves";
import { movementPowersOf } from "../../rules/statblock";
import { isPhasesActor, type PhasesActor } from "./actor";
import type { PhasesCombatant } from "./combatant";

/**
 * A Combat of phases, on the shell's stepped round (`shell/combat/stepped-combat.ts`, driven by
 * `PHASES_TURNS`): each round opens on its Initiative phase, where the active GM rolls every
 * combatant's 2d6 + INT + AGI in one step (ties rolled off on a d6 among the tied, hidden
 * combatants' dice shown to the GM only: `shell/combat/ranked-initiative.ts`); owners may then
 * seize the initiative for their combatants until the Movement phase starts (a request the GM
 * rules, `play/round/seize.ts`), which puts them first in Movement and last in Battle; the round's
 * movement power and Battle action come back at its start. Source: `003_d18720f6cd315cc2.txt`
 * §Combat Round, §Initiative Phase, §Movement Phase; RULINGS.md §phases Initiative phase,
 * Seizing.
 */
export class PhasesCombat extends FraySteppedCombat<TurnEntry, PhasesCombatant> {
  static override scheme = PHASES_TURNS;
  static override kept = KEPT_SPEC;
  static override keptRefs = KEPT_REFS;
  static override edges: readonly TurnEdgeKind[] = ["roundStart", "roundEnd", "turnStart"];

  /** The End phase's work (set by `install`: the GM's, so documents never import gm/). */
  static endPhase: ((combat: PhasesCombat, round: number) => Promise<void>) | null = null;

  get phasesCombatants(): PhasesCombatant[] {
    return this.combatants.contents as PhasesCombatant[];
  }

  /** Those who seized the initiative this round: first to move, last to fight. */
  override turnMarks(): Readonly<Record<string, readonly string[]>> {
    const round = this.round;
    const seizers = this.phasesCombatants.filter((c) => seizedIn(c.data, round));
    return { [SEIZE_MARK]: seizers.map((c) => c.id ?? "") };
  }

  /** Those who Delay this round, each placed just after the one it names in the Battle order. */
  override turnPlacements(): Readonly<Record<string, Readonly<Record<string, string>>>> {
    const round = this.round;
    const after: Record<string, string> = {};
    for (const c of this.phasesCombatants) {
      const anchor = delayedAfter(c.data, round);
      if (anchor && c.id) after[c.id] = anchor;
    }
    return { battle: after };
  }

  /** The round's movement power and Battle action back at its start (`play/round/economy.ts`). */
  protected override freshEconomy(edge: TurnEdgeKind): EconomyPatch {
    return economyAt(edge);
  }

  /**
   * The Initiative phase's roll: every combatant rolls as its round starts; the End phase's saves
   * as it ends (`gm/end-phase.ts`); both on the active GM's client, once (a round the tracker
   * jumped over rolls nothing, and its conditions wait for the next End phase).
   */
  protected override async onRoundEdge(edge: TurnEdgeKind, context: EdgeContext): Promise<void> {
    if (context.skipped) return;
    if (edge === "roundStart") await this.#roll(this.#ids());
    else if (edge === "roundEnd") await PhasesCombat.endPhase?.(this, context.round);
  }

  /** A Defend lasts until its bearer's next turn starts, in whichever phase (§Battle Actions). */
  protected override async onTurnEdge(
    edge: TurnEdgeKind, combatant: Combatant.Implementation,
  ): Promise<void> {
    const c = combatant as PhasesCombatant;
    if (edge === "turnStart" && c.id && c.data.defended > 0) {
      await this.keep({ [c.id]: { defended: 0 } });
    }
  }

  #ids(): string[] {
    return this.phasesCombatants.map((c) => c.id ?? "").filter((id) => id);
  }

  /**
   * Rolls `ids` afresh on the GM's client (by default those without a place this round); a
   * player's client asks the active GM, who rolls those.
   */
  override async rollInitiative(ids?: string | string[]): Promise<this> {
    if (!game.user?.isGM) {
      await askInitiative(this);
      return this;
    }
    // Unnamed: those without a place this round (Foundry's Roll All, a newcomer's own roll, a
    // player's request), never everyone again: the round's order is rolled once, as it opens.
    const unplaced = this.phasesCombatants
      .filter((c) => c.data.rolled !== this.round || c.data.order < 0).map((c) => c.id ?? "");
    const asked = ids === undefined ? unplaced : Array.isArray(ids) ? ids : [ids];
    await this.#roll(asked.filter((id) => id));
    return this;
  }

  async #roll(ids: readonly string[]): Promise<void> {
    const round = this.round;
    await rollRanked(this, ids, {
      orderField: "order",
      plan: (entries) => PHASES_TURNS.initiative.plan!(entries),
      entryOf: (c) => {
        const actor = c.actor as PhasesActor | null;
        if (!actor || !c.id || !isPhasesActor(actor)) return null;
        return { id: c.id, modifier: initiativeModifier(actor.statblock) };
      },
      flavor: t("FRAY.Phases.Combat.Initiative", { round: `${round}` }),
      writeOrder: (patches, extra) => {
        const withRound = Object.fromEntries(Object.entries(patches)
          .map(([id, p]) => [id, { ...p, rolled: round }]));
        return this.writeKeptOrder(withRound, (c) => {
          const entry = (c as PhasesCombatant).turnEntry;
          const order = patches[c.id ?? ""]?.order;
          return order === undefined ? entry : { ...entry, order };
        }, { extra });
      },
    });
  }

  /** Foundry's "Reset Initiative": every place cleared (client/documents/combat.mjs `resetAll`). */
  override async resetAll(): Promise<this> {
    if (!game.user?.isGM) return this;
    // Unrolled too: a reset combatant has no place to show or to seize after.
    const unrolled = (patches: Readonly<Record<string, Readonly<Record<string, number>>>>) =>
      Object.fromEntries(Object.entries(patches).map(([id, p]) => [id, { ...p, rolled: 0 }]));
    await resetRanked(this, "order", (patches, extra) => this.writeKeptOrder(unrolled(patches),
      (c) => ({ ...(c as PhasesCombatant).turnEntry, order: null }), { extra }));
    return this;
  }

  /**
   * Seizes the initiative for `c` this round, or gives the seizure up (`seize` false): on a
   * player's client a request the active GM rules (`play/round/seize.ts`).
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async seize(c: PhasesCombatant, seize = true): Promise<void> {
    await this.spendKept(c, { seize });
  }

  /**
   * Takes a Battle action for `c` (Defend, Disengage, Activate Item's spend: its effect is the
   * caller's, `chat/activate.ts`): on a player's client a request the active GM rules
   * (`play/round/battle-actions.ts`).
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async battleAction(c: PhasesCombatant, request: BattleRequest): Promise<void> {
    await this.spendKept(c, request);
  }

  /** What the GM reads of a mover: the step and turn, what it keeps, its powers (null: none). */
  moverFacts(mover: PhasesCombatant): MoverFacts | null {
    const actor = mover.actor as PhasesActor | null;
    if (!actor || !isPhasesActor(actor)) return null;
    const block = actor.statblock;
    return {
      round: this.round, step: this.currentStep, ownTurn: this.combatant?.id === mover.id,
      up: actor.health === "up" && !mover.isDefeated, kept: mover.data,
      conditions: actor.conditions, speed: block.speed, powers: movementPowersOf(block),
    };
  }

  /**
   * After a Delay (active GM, once it is written): the Delayer's turn moved later, so the turn
   * it stood on is now the next combatant's, whose turn starts as Foundry starts any (a step back
   * and then Next Turn: core runs turn events only forward, client/documents/combat.mjs
   * `#triggerTurnEvents`; the turn ledger runs nothing twice).
   */
  override async afterSpend(_c: Combatant.Implementation, args: unknown): Promise<void> {
    if ((args as { action?: unknown } | null)?.action !== "delay" || this.turn === null) return;
    await this.update({ turn: this.turn - 1 } as Combat.UpdateData);
    await this.nextTurn();
  }

  /**
   * Picks `c`'s movement power for this round's Movement turn (its token's moves are then judged
   * against it, `gm/moves.ts`): on a player's client a request the active GM rules
   * (`play/round/moves.ts` `ruleMovePower`).
   * @throws Error (localized) when refused or no GM is connected; nothing changes then.
   */
  async pickMovePower(c: PhasesCombatant, power: string): Promise<void> {
    await this.spendKept(c, { action: "move", power });
  }

  /**
   * The active GM's ruling on a seizure or a Battle action, from what it keeps and the documents
   * (`shell/combat/kept-spend.ts`), never from the request beyond what it names.
   */
  override spendPatch(combatant: Combatant.Implementation, args: unknown): SpendVerdict {
    const c = combatant as PhasesCombatant;
    const actor = c.actor as PhasesActor | null;
    const up = Boolean(actor && isPhasesActor(actor) && actor.health === "up" && !c.isDefeated);
    // Worded by the requesting client, in its user's language (`RelayResult`).
    const refused = (key: string): SpendVerdict =>
      ({ ok: false, reason: `FRAY.Phases.Refuse.${key}`, data: { name: c.name ?? "" } });
    if (isBattleArgs(args) && (args as { action: unknown }).action === "move") {
      const facts = this.moverFacts(c);
      const ruling = facts ? ruleMovePower(args, facts) : { ok: false as const, key: "Down" };
      return ruling.ok ? { ok: true, patch: ruling.patch, refundable: false }
        : refused(ruling.key);
    }
    if (isBattleArgs(args)) {
      if (!actor || !isPhasesActor(actor)) return refused("Down");
      const ruling = ruleBattleAction(args, {
        round: this.round, step: this.currentStep, ownTurn: this.combatant?.id === c.id, up,
        kept: c.data, conditions: actor.conditions, activatables: actor.statblock.activatables,
        later: this.laterInStep().map((x) => x.id ?? ""),
      });
      // A Battle action is final once taken: what it did happened on the table.
      return ruling.ok ? { ok: true, patch: ruling.patch, refundable: false }
        : refused(ruling.key);
    }
    const ruling = ruleSeize(args, {
      kept: c.data, round: this.round, step: this.currentStep, up,
    });
    // A seizure is the Initiative phase's: no refund may give it back once the phase is over.
    return ruling.ok ? { ok: true, patch: ruling.patch, refundable: false } : refused(ruling.key);
  }
}
