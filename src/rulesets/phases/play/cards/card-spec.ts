import { object, text, type SourceOf } from "../../../../engine/schema/spec";
import { ATTACK_CARD_FIELDS } from "../../../../engine/schema/attack-card-fields";

/**
 * The data of a phases attack card (ChatMessage subtype `phasesAttack`): one attack power of one
 * actor against one token, as its author declared it. The author owns the message and can edit
 * all of this, so nothing here decides what the GM writes: the active GM seals the card as posted
 * (`seal.ts`), reading the power, the tiers, the conditions and the seizure from the documents,
 * finding the encounter from the attacker's token, paying its Battle action and rolling the dice
 * itself, and keeps the result in fields only a GM may write.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack), §Advantage / Disadvantage.
 */
export const PHASES_CARD_SPEC = object({
  /** The attack power is the card's item. */
  ...ATTACK_CARD_FIELDS,
  /**
   * An opportunity attack: the offer prompt that granted it ("" for an attack of the attacker's
   * own Battle turn). The GM checks the grant was taken by this attacker, against this target.
   */
  opportunityFor: text(),
});

export type PhasesCard = SourceOf<typeof PHASES_CARD_SPEC>;

/** What the GM reads of the card as posted (its author may edit the card since). */
export type PostedAttack = Pick<
  PhasesCard, "actorUuid" | "tokenUuid" | "targetTokenUuid" | "targetName" | "combatId" | "itemId"
  | "itemName" | "opportunityFor"
>;

/** The card's fields the seal keeps, copied so that a later edit of the card changes nothing. */
export const postedOf = (card: PhasesCard): PostedAttack => ({
  actorUuid: card.actorUuid, tokenUuid: card.tokenUuid, targetTokenUuid: card.targetTokenUuid,
  targetName: card.targetName, combatId: card.combatId, itemId: card.itemId,
  itemName: card.itemName, opportunityFor: card.opportunityFor,
});
