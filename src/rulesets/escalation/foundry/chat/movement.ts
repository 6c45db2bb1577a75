import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf, overridesOf } from "../documents/combat-engagement";
import { engagedWith } from "../../rules/engagement";
import { offerOpportunityAttacks } from "./opportunity";
import { carriesFlag } from "../../rules/conditions";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { Move, MovementRules } from "../../../../shell/movement/watch";

/**
 * escalation's rules for moving in a started encounter, on the shell's one movement watch (which
 * judges only a creature's change of place: `shell/movement/watch.ts`):
 * - Stuck: the bearer's move is refused on its player's client (the GM can still move it).
 * - Leaving engagement without disengaging: the active GM judges engagement with the mover back at
 *   its origin and posts the opportunity attack offer (a GM prompt, so nobody can edit it), then
 *   forgets the mover's popped-off overrides so engagement follows the tokens' new places.
 * Source: `000_c2dc3d650823e22d.txt` §Free and Engaged, §Opportunity Attacks, §Conditions
 * (Stuck).
 */
export const ESCALATION_MOVEMENT: MovementRules = {
  before(move: Move): boolean {
    if (game.user?.isGM) return true;
    if (carriesFlag(move.token.actor?.statuses ?? [], "cannotMove")) {
      ui.notifications?.warn(t("FRAY.Move.Stuck", { name: move.token.name ?? "" }));
      return false;
    }
    return true;
  },
  async after(move: Move): Promise<void> {
    const combat = move.combat as FrayCombat;
    const mover = move.combatant as FrayCombatant;
    const id = mover.id;
    if (!id) return;
    const { x, y } = move.origin;
    const before = engagementOf(combat, { id, x: x ?? move.token.x, y: y ?? move.token.y });
    if (engagedWith(before, id).length)
      await offerOpportunityAttacks(combat, mover, "move", before);
    await forgetPopOffs(combat, id);
  },
};

async function forgetPopOffs(combat: FrayCombat, id: string): Promise<void> {
  const overrides = overridesOf(combat);
  const removed = overrides.removed.filter((k) => !k.split("|").includes(id));
  if (removed.length !== overrides.removed.length)
    await combat.setFlag("fray", "engagement", { added: [...overrides.added], removed });
}
