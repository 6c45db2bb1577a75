import type { OfferKind } from "../../../../shell/offers/runtime";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ActionPointsActor } from "../documents/actor";
import { threatWeapon } from "../../rules/statblock";
import { attackWith } from "../chat/attack";

/**
 * Taking a reaction attack offered by the active GM (`reaction-attacks.ts`), on the enemy's
 * owner's client: an unmodified attack with the readied melee weapon it threatens with (the
 * longest-reaching) against the offer's provoker, whose card names the offer's prompt for the GM
 * to check the grant.
 * Source: `004_2cc57162401858c9.txt` §Reaction Attacks.
 */
export const REACTION_OFFER: OfferKind = {
  async take(offer, responder, messageId) {
    const c = game.combats?.get(offer.combatId)?.combatants.get(responder.combatantId);
    const actor = c?.actor as ActionPointsActor | null | undefined;
    const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
    const weapon = actor ? threatWeapon(actor.statblock) : null;
    const item = weapon ? actor?.items.get(weapon.id) : undefined;
    if (!actor || !token || !item) {
      throw new Error(t("FRAY.ActionPoints.Reacting.Unarmed", { name: responder.name }));
    }
    await attackWith(actor, item as Item.Implementation, { reaction: { messageId, token } });
  },
};
