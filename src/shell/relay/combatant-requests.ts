import { isFields, textField, type Fields } from "../../engine/requests/fields";
import { registerRequest, type RelayResult, type Sender } from "./gm-relay";

/**
 * What every ruleset's GM request about a combatant (or a token's actor) does first, on the
 * active GM's client: read the payload as untrusted fields, find the combat and combatant it
 * names in the GM's own documents (`game.combats`, never the encounter the GM happens to view),
 * and check the sender may act for that combatant: a GM, or an owner of it (Foundry v13
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

/**
 * Registers a request about one token's actor, in or out of a combat (`payload.tokenUuid`: a
 * token the sender acts from; its actor, synthetic when the token is unlinked): a payload that is
 * no object is refused (`badRequest`), a uuid that names no token with an actor too
 * (`noTarget`), a sender who does not own that actor (`notOwner`), a player's token that is
 * hidden or not on the scene that player views (`notInView`: the scene each user reports it
 * views, client/documents/collections/users.mjs `_handleUserActivity`, else the active one; a
 * linked actor may have tokens on scenes its player never sees); else `run` gets the token, its actor, the fields and
 * the sender. A uuid Foundry cannot read synchronously (a compendium's) throws, which the relay
 * answers as a refusal.
 */
export function registerTokenRequest(
  name: string,
  run: (token: TokenDocument.Implementation, actor: Actor.Implementation, payload: Fields,
    sender: Sender) => Promise<RelayResult>,
): void {
  registerRequest(name, async (payload, sender) => {
    if (!isFields(payload)) return { ok: false, reason: "badRequest" };
    const doc = fromUuidSync((textField(payload.tokenUuid) ?? "") as never) as
      TokenDocument.Implementation | null;
    // Any document's uuid resolves: only a token's is one (an item's `actor` is its owner).
    const token = doc?.documentName === "Token" ? doc : null;
    if (!token?.actor) return { ok: false, reason: "noTarget" };
    if (!senderOwns(sender, token.actor)) return { ok: false, reason: "notOwner" };
    // With no canvas drawn (Foundry's no-canvas mode) a user reports no scene
    // (client/canvas/board.mjs `draw`): the active scene is the one its player is on.
    const viewed = (game.users?.get(sender.id) as { viewedScene?: string | null } | undefined)
      ?.viewedScene ?? game.scenes?.active?.id;
    if (!sender.isGM && (token.hidden || !viewed || viewed !== token.parent?.id)) {
      return { ok: false, reason: "notInView" };
    }
    return run(token, token.actor, payload, sender);
  });
}
