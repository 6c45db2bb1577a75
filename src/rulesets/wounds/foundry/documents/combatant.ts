import { FraySteppedCombatant } from "../../../../shell/combat/stepped-combatant";
import { FrayTurnCombat } from "../../../../shell/combat/turn-combat";
import { withDefaults } from "../../../../engine/schema/spec";
import type { RankedEntry } from "../../../../engine/initiative/ranked";
import { KEPT_SPEC, type KeptSource } from "../../play/data/kept-spec";
import { keptPlaces } from "../../../../shell/combat/ranked-initiative";

/**
 * A wounds combatant: its place in the battle's order, its slots, purchases and summoning round,
 * all as the GM keeps them on its Combat (`shell/combat/kept.ts`), never from its own data, which
 * its player may write. Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating.
 */
export class WoundsCombatant extends FraySteppedCombatant {
  /** What the GM keeps of it (every field filled; the defaults outside a wounds combat). */
  get data(): KeptSource {
    const combat = this.parent as FrayTurnCombat | null;
    const kept = this.id && combat instanceof FrayTurnCombat ? combat.keptOf(this.id) : {};
    return withDefaults(KEPT_SPEC, kept as Record<string, unknown>);
  }

  /**
   * Its place in the order as a ranked entry (`keptPlaces`): the place is the score (lower
   * first), so the scheme's order is the kept one; unplaced combatants after every placed one.
   */
  get turnEntry(): RankedEntry {
    const order = this.data.order;
    return keptPlaces("order").entryAt(this, order >= 0 ? order : null);
  }
}
