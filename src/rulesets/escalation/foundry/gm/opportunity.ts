import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { registerRequest } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../../play/requests/names";
import { offerOpportunityAttacks } from "../chat/opportunity";
import { engagedWithIn } from "../documents/combat-engagement";

/**
 * The GM's side of opportunity attacks: posting the offer when a player's engaged combatant uses a
 * provoking ability (moves are judged by the shell's movement watch). Taking an offered attack is
 * the shell's offer runtime (`shell/offers`).
 */
const text = (v: unknown): string => (typeof v === "string" ? v : "");

export function registerOpportunity(): void {
  registerRequest(REQUESTS.offerOpportunity, async (payload, sender) => {
    const p = (payload ?? {}) as Record<string, unknown>;
    const combat = game.combats?.get(text(p.combatId)) as FrayCombat | undefined;
    const mover = combat?.combatants.get(text(p.combatantId)) as FrayCombatant | undefined;
    const user = game.users?.get(sender.id);
    if (!combat?.started || !mover?.id || !user) return { ok: false, reason: "noTarget" };
    if (!sender.isGM && !mover.testUserPermission(user, "OWNER"))
      return { ok: false, reason: "notOwner" };
    if (engagedWithIn(combat, mover.id).length)
      await offerOpportunityAttacks(combat, mover, "ability");
    return { ok: true };
  });
}
