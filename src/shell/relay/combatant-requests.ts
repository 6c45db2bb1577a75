import { isFields, textField, type Fields } from "../../engine/requests/fields";
import { registerRequest, type RelayResult, type Sender } from "./gm-relay";

/**
 * What every ruleset's GM request about a combatant does first, on the active GM's client: read
 * the payload as untrusted fields, find the combat and combatant it names in the GM's own
 * documents (`game.combats`, never the encounter the GM happens to view), and check the sender
 * may act for that combatant: a GM, or an owner of it (Foundry v13
 * `ClientDocumentMixin#testUserPermission`, client/documents/abstract/client-document.mjs; a
 * Combatant's permission is its actor's, common/documents/combatant.mjs `getUserLevel`). The
 * sender is the server's stamp, never the payload's claim (`gm-relay.ts`).
 */

/** A document a user's permission can be tested on. */
type Owned =
  { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null | undefined;

/** Whether the sender is a GM, or owns `doc` as the GM's client reads it. False for no document. */
export function senderOwns(sender: Sender, doc: Owned): boolean {
  const user = game.users?.get(sender.id);
  return Boolean(doc && user && (sender.isGM || doc.testUserPermission(user, "OWNER")));
}

/**
 * The combat (`combatId`) and combatant (`payload[key]`) a payload names, and whether the sender
 * may act for that combatant. `C` is the ruleset's Combat class (the world's `CONFIG.Combat`).
 */
export function combatantOfRequest<C extends Combat.Implementation>(
  payload: Fields, sender: Sender, key = "combatantId",
): { combat: C | undefined; combatant: Combatant.Implementation | undefined; owns: boolean } {
  const combat = game.combats?.get(textField(payload.combatId) ?? "") as C | undefined;
  const combatant = combat?.combatants.get(textField(payload[key]) ?? "");
  return { combat, combatant, owns: senderOwns(sender, combatant) };
}

/**
 * Registers a request about one combatant: a payload that is no object is refused
 * (`badRequest`), an unknown combat or combatant too (`noTarget`), a sender who may not act for it
 * (`notOwner`); else `run` gets the combat, the combatant's id, the fields and the sender.
 */
export function registerCombatantRequest<C extends Combat.Implementation>(
  name: string,
  run: (combat: C, id: string, payload: Fields, sender: Sender) => Promise<RelayResult>,
): void {
  registerRequest(name, async (payload, sender) => {
    if (!isFields(payload)) return { ok: false, reason: "badRequest" };
    const { combat, combatant, owns } = combatantOfRequest<C>(payload, sender);
    if (!combat || !combatant?.id) return { ok: false, reason: "noTarget" };
    if (!owns) return { ok: false, reason: "notOwner" };
    return run(combat, combatant.id, payload, sender);
  });
}
