import { FrayCombatantBase } from "../../../../shell/documents/combatant";
import { FrayTurnCombat } from "../../../../shell/combat/turn-combat";
import { KEPT_SPEC, sideOf, type KeptSource } from "../../play/data/kept-spec";
import type { TurnEntry } from "../../rules/turn-scheme";
import { withDefaults } from "../../../../engine/schema/spec";

/**
 * An action-points combatant: its place in the order, its AP, RP and FP and its marks, all as the
 * GM keeps them on its Combat (`shell/combat/kept.ts`), never from its own data, which its player
 * may write. Source: `004_2cc57162401858c9.txt` §Action Economy, §Initiative.
 */
export class ActionPointsCombatant extends FrayCombatantBase {
  /** What the GM keeps of it (every field filled; the defaults outside an action-points combat). */
  get data(): KeptSource {
    // Its parent is Fray's Combat class when the world plays a Fray ruleset (install sets it).
    const combat = this.parent as FrayTurnCombat | null;
    const kept = this.id && combat instanceof FrayTurnCombat ? combat.keptOf(this.id) : {};
    return withDefaults(KEPT_SPEC, kept as Record<string, unknown>);
  }

  get isPC(): boolean {
    return this.actor?.type === "actionPointsCharacter";
  }

  /**
   * Its side as the GM keeps it (written when it joined), else as its documents say now: who is
   * its enemy. Its token's owner may change the token's disposition, so the kept one decides.
   */
  get side(): string {
    const disposition = (this.token as { disposition?: number } | null)?.disposition;
    return this.data.side || sideOf(this.isPC, disposition);
  }

  /** Its place in the turn order (null until it has rolled: last). */
  get turnEntry(): TurnEntry {
    const order = this.data.order;
    return { id: this.id ?? "", order: order >= 0 ? order : null, name: this.name ?? "" };
  }
}
