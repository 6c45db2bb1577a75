import { FrayCombatantBase } from "../../../../shell/documents/combatant";
import { FrayTurnCombat } from "../../../../shell/combat/turn-combat";
import { combatantData } from "../data/accessors";
import type { CombatantSource, KeptSource } from "../../play/data/combatant-spec";
import { budgetOf, sideOf, type TurnEntry } from "../../play/round/sides";
import type { Budget } from "../../rules/actions";
import { holdOf, type Hold } from "../../play/cards/grapple";

/**
 * A combatant in side initiative: its side (`party` or `foes`, from the actor's type and the
 * token's disposition when it joins), its place in the side, and what it spent this round. Its
 * initiative is its side's: Foundry v13 copies a CombatantGroup's initiative to its members
 * (client/documents/combatant.mjs `_prepareGroup`).
 */
export class ShockCombatant extends FrayCombatantBase {
  /**
   * Its data as the GM trusts it: its own order, and its side and the round's economy and marks
   * from its combat's kept store (`shell/combat/kept.ts`), never from its `system`, which its
   * player may write. A side the GM has not written yet reads as the documents say
   * (`sideByDocuments`).
   */
  get data(): CombatantSource {
    const own = combatantData(this.system);
    // Its parent is Fray's Combat class when the world plays a Fray ruleset (install sets it).
    const combat = this.parent as FrayTurnCombat | null;
    const kept = this.id && combat instanceof FrayTurnCombat
      ? combat.keptOf(this.id) as KeptSource : null;
    return { ...own, ...kept, side: kept?.side || this.sideByDocuments };
  }

  /** Its side (`party` or `foes`), as the GM trusts it (see `data`). */
  get side(): string {
    return this.data.side;
  }

  /**
   * Its side as its documents say now: a PC, or a token friendly to the party, is on the party's
   * side (`sideOf`). Its owner may set its token's disposition as it may its actor's data: the
   * same trust as the actor the GM reads everywhere.
   */
  get sideByDocuments(): string {
    const disposition = (this.token as { disposition?: number } | null)?.disposition ?? null;
    return sideOf(this.isPC, disposition);
  }

  get isPC(): boolean {
    return this.actor?.type === "shockCharacter";
  }

  /** What it has spent this round, as the rules' action economy reads it. */
  get budget(): Budget {
    return budgetOf(this.data);
  }

  /** Its grapple holds (§Grappling): whom it holds and who holds it. */
  get hold(): Hold {
    return holdOf(this.data);
  }

  /** Its place in the turn order: its side's rank (from its group), then its place in the side. */
  get turnEntry(): TurnEntry {
    // `group` is the CombatantGroup once `_prepareGroup` found it (client/documents/combatant.mjs),
    // else still the stored id (or null).
    type Group = { getFlag?: (scope: string, key: string) => unknown } | null;
    const group = (this as { group?: unknown }).group as Group;
    const rank = typeof group?.getFlag === "function" ? group.getFlag("fray", "rank") : null;
    return {
      id: this.id ?? "",
      rank: typeof rank === "number" ? rank : null,
      // Its own field: sorting reads it often, and it is not kept on the combat.
      order: combatantData(this.system).order,
      name: this.name ?? "",
    };
  }

  protected override async _preCreate(
    ...args: Parameters<Combatant["_preCreate"]>
  ): ReturnType<Combatant["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // Shown to no one and read by nothing: the GM keeps the side (`ShockCombat#keptOnJoin`).
    this.updateSource({ system: { side: this.sideByDocuments } } as Combatant.UpdateData);
    return allowed;
  }
}
