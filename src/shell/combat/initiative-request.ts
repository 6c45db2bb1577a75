import { isFields, textField } from "../../engine/requests/fields";
import { registerRequest, requestOfGM } from "../relay/gm-relay";
import { senderOwns } from "../relay/combatant-requests";

/**
 * A player's Roll Initiative, for every ruleset whose initiative only a GM may write (it places
 * other players' combatants, creates groups or writes the kept store: common/documents/combat.mjs
 * lets a player change only the turn, the round and its own combatants): the player's client asks
 * the active GM, who rolls the encounter's initiative as the ruleset's Combat does on a GM's
 * client. Any participant may ask (one owning a combatant of that encounter); the Combat's own
 * `rollInitiative` decides who rolls (every combatant without a place, or each side once).
 */
export const INITIATIVE_REQUEST = "rollInitiative";

/** Player: asks the active GM to roll `combat`'s initiative. Shows a refusal as a warning. */
export async function askInitiative(combat: { readonly id: string | null }): Promise<void> {
  await requestOfGM(INITIATIVE_REQUEST, { combatId: combat.id });
}

/** Registers the GM's handler (during `init`, with the relay). */
export function registerInitiativeRequest(): void {
  registerRequest(INITIATIVE_REQUEST, async (payload, sender) => {
    const combatId = isFields(payload) ? textField(payload.combatId) : null;
    if (!combatId) return { ok: false, reason: "badRequest" };
    const combat = game.combats?.get(combatId);
    if (!combat) return { ok: false, reason: "noTarget" };
    if (!combat.combatants.contents.some((c) => senderOwns(sender, c))) {
      return { ok: false, reason: "notOwner" };
    }
    // A Fray Combat's own roll, with no ids: it decides who rolls (Foundry's asks for ids).
    const fray = combat as unknown as { rollInitiative(): Promise<unknown> };
    await fray.rollInitiative();
    return { ok: true };
  });
}
