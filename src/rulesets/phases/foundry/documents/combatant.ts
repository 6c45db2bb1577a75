import { FraySteppedCombatant } from "../../../../shell/combat/stepped-combatant";
import { FrayTurnCombat } from "../../../../shell/combat/turn-combat";
import { withDefaults } from "../../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../../play/data/kept-spec";
import type { TurnEntry } from "../../rules/turn-scheme";

/**
 * A phases combatant: its place in the round's initiative, its seizure and what it used of the
 * round, all as the GM keeps them on its Combat (`shell/combat/kept.ts`), never from its own data,
 * which its player may write. Source: `003_d18720f6cd315cc2.txt` §Initiative Phase.
 */
export class PhasesCombatant extends FraySteppedCombatant {
  /** What the GM keeps of it (every field filled; the defaults outside a phases combat). */
  get data(): KeptSource {
    const combat = this.parent as FrayTurnCombat | null;
    const kept = this.id && combat instanceof FrayTurnCombat ? combat.keptOf(this.id) : {};
    return withDefaults(KEPT_SPEC, kept as Record<string, unknown>);
  }

  /** Its place in the round's initiative, highest first (null until it has rolled: last). */
  get turnEntry(): TurnEntry {
    const order = this.data.order;
    return { id: this.id ?? "", order: order >= 0 ? order : null, name: this.name ?? "" };
  }
}
