import { attackOffer } from "../../../../shell/offers/attack-offer";
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
export const REACTION_OFFER = attackOffer("FRAY.ActionPoints.Reacting.Unarmed", (actor) => {
  const weapon = threatWeapon((actor as ActionPointsActor).statblock);
  return weapon ? actor.items.get(weapon.id) : undefined;
}, (actor, item, reaction) => attackWith(actor as ActionPointsActor, item, { reaction }));
