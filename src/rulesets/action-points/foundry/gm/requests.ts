import { registerRequest } from "../../../../shell/relay/gm-relay";
import { senderOwns } from "../../../../shell/relay/combatant-requests";
import { refuse } from "../../../../shell/cards/kind";
import { isFields, textField } from "../../../../engine/requests/fields";
import { REQUESTS } from "../../play/requests/names";
import type { ActionPointsCombat } from "../documents/combat";

/**
 * What players ask the active GM to do in an action-points combat, because it writes what only a
 * GM may (the kept places, other combatants' initiative): rolling initiative, which rolls every
 * combatant without a place together so ties are re-rolled among the tied. Any participant may
 * ask. Source: `004_2cc57162401858c9.txt` §Initiative.
 */
export function registerGMRequests(): void {
  registerRequest(REQUESTS.initiative, async (payload, sender) => {
    const combatId = isFields(payload) ? textField(payload.combatId) : null;
    if (!combatId) return refuse("badRequest");
    const combat = game.combats?.get(combatId) as ActionPointsCombat | undefined;
    if (!combat) return refuse("noTarget");
    if (!combat.apCombatants.some((c) => senderOwns(sender, c))) return refuse("notOwner");
    await combat.rollInitiative();
    return { ok: true };
  });
}
