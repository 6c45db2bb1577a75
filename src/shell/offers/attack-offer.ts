import { foundryLocalize as t } from "../setup/localize";
import type { OfferKind } from "./runtime";

/** What an attack offer's card names: the prompt it answers and the offer's target token. */
export interface AttackGrant {
  readonly messageId: string;
  readonly token: TokenDocument.Implementation;
}

/**
 * An offer whose part is an attack (an opportunity attack, a reaction, a free hit), taken on the
 * responder's owner's client: the responder's actor (its combatant in the offer's combat) attacks
 * the offer's target token with the item `weaponOf` picks, through the ruleset's `attack` (its
 * card then names the prompt, for the GM to check the grant).
 * @param unarmed the lang key of the refusal when there is no actor, no weapon or no target
 *   token any more (`{name}`: the responder's).
 * @throws Error (localized `unarmed`) then; nothing is posted.
 */
export function attackOffer(
  unarmed: string,
  weaponOf: (actor: Actor.Implementation) => Item.Implementation | undefined,
  attack: (actor: Actor.Implementation, item: Item.Implementation, grant: AttackGrant) =>
    Promise<unknown>,
): OfferKind {
  return {
    async take(offer, responder, messageId) {
      const c = game.combats?.get(offer.combatId)?.combatants.get(responder.combatantId);
      const actor = c?.actor;
      const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
      const item = actor ? weaponOf(actor) : undefined;
      if (!actor || !token || !item) throw new Error(t(unarmed, { name: responder.name }));
      await attack(actor, item, { messageId, token });
    },
  };
}
