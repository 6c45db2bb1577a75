import { isFields, textField, type Fields } from "../../engine/requests/fields";
import { senderOwns } from "./combatant-requests";
import { registerRequest, type RelayResult, type Sender } from "./gm-relay";

/**
 * Registers a request about one token's actor, in or out of a combat (`payload.tokenUuid`: a
 * token the sender acts from; its actor, synthetic when the token is unlinked): a payload that is
 * no object is refused (`badRequest`), a uuid that names no token with an actor too
 * (`noTarget`), a sender who does not own that actor (`notOwner`), a player's token that is
 * hidden or not on the scene that player views (`notInView`: the scene each user reports it
 * views, client/documents/collections/users.mjs `_handleUserActivity`, else the active one; a
 * linked actor may have tokens on scenes its player never sees); else `run` gets the token, its
 * actor, the fields and the sender. A uuid Foundry cannot read synchronously (a compendium's)
 * throws, which the relay answers as a refusal.
 */
export function registerTokenRequest(
  name: string,
  run: (
    token: TokenDocument.Implementation, actor: Actor.Implementation, payload: Fields,
    sender: Sender,
  ) => Promise<RelayResult>,
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
