import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { registerRequest, type RelayResult } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "./requests";
import type { Sender } from "../chat/relay-check";
import { offerOf, offerOpportunityAttacks } from "../chat/opportunity";
import { engagedWithIn } from "../documents/combat-engagement";
import { isGMPrompt, takePrompt } from "../../../../shell/cards/prompts";

/**
 * The GM's side of opportunity attacks: posting the offer when a player's engaged combatant uses a
 * provoking ability (moves are judged by the GM's own movement watch), and letting each offered
 * attacker take its attack once. The offer is a prompt the GM posted, so its list of attackers is
 * what the GM offered; each attacker takes its part once (`shell/cards/prompts.ts`).
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
  registerRequest(REQUESTS.opportunity, takeOpportunity);
}

async function takeOpportunity(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = (payload ?? {}) as Record<string, unknown>;
  const message = game.messages?.get(text(p.messageId));
  const offer = message && isGMPrompt(message) ? offerOf(message.flags) : null;
  const attackerId = text(p.attackerId);
  if (!message || !offer) return { ok: false, reason: "badMessage" };
  if (!offer.attackers.includes(attackerId)) return { ok: false, reason: "notOnCard" };
  const attacker = game.combats?.get(offer.combatId)?.combatants.get(attackerId);
  const user = game.users?.get(sender.id);
  if (!attacker || !user || !(sender.isGM || attacker.testUserPermission(user, "OWNER")))
    return { ok: false, reason: "notOwner" };
  if (!(await takePrompt(message, attackerId))) return { ok: false, reason: "used" };
  return { ok: true };
}
