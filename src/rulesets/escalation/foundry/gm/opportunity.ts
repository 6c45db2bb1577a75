import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { registerCombatantRequest } from "../../../../shell/relay/combatant-requests";
import { REQUESTS } from "../../play/requests/names";
import { offerOpportunityAttacks } from "../chat/opportunity";
import { engagedWithIn } from "../documents/combat-engagement";

/**
 * The GM's side of opportunity attacks: posting the offer when a player's engaged combatant uses a
 * provoking ability (moves are judged by the shell's movement watch). Taking an offered attack is
 * the shell's offer runtime (`shell/offers`).
 */
export function registerOpportunity(): void {
  registerCombatantRequest<FrayCombat>(REQUESTS.offerOpportunity, async (combat, id) => {
    const mover = combat.combatants.get(id) as FrayCombatant | undefined;
    if (!combat.started || !mover) return { ok: false, reason: "noTarget" };
    if (engagedWithIn(combat, id).length) await offerOpportunityAttacks(combat, mover, "ability");
    return { ok: true };
  });
}
