import { bool, choice, int, object, text, type SourceOf } from "../../../../engine/schema/spec";
import { ATTACK_CARD_FIELDS } from "../../../../engine/schema/attack-card-fields";
import { AIMS, DEFAULT_AIM } from "../../rules/constants";

/** At most this many of one purchase a card may ask for (two Bonus Actions a turn). */
export const MAX_CARD_PURCHASES = 2;

/**
 * The data of a wounds attack card (ChatMessage subtype `woundsAttack`): one weapon (or attack
 * spell) of one actor against one token, the aim chosen before the roll, whether it is the extra
 * attack bought with the Move and both Bonus Actions, and the Bonus Actions to spend on it
 * (+1 to hit, +1 melee damage, each repeatable; an attack spell's improvement instead). The
 * author owns the message and can edit all of this, so nothing here decides what the GM writes: the active GM seals the card as posted
 * (`seal.ts`), reading the weapon, the modifiers, the wounds, the states and the slots from the
 * documents and what it keeps, paying the actions and rolling the dice itself.
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Bonus Actions;
 * RULINGS.md §wounds Attack, Aim, Turn, Bonus purchases.
 */
export const WOUNDS_CARD_SPEC = object({
  ...ATTACK_CARD_FIELDS,
  aim: choice(AIMS, DEFAULT_AIM),
  extraAttack: bool(false),
  buyToHit: int(0, 0, MAX_CARD_PURCHASES),
  buyMeleeDamage: int(0, 0, MAX_CARD_PURCHASES),
  /** Bonus Actions spent improving an attack spell as it strikes (its `improvement` each). */
  improveSpell: int(0, 0, MAX_CARD_PURCHASES),
  /** A free hit granted by an offer (its prompt's id); "" for an attack paid with actions. */
  freeHitFor: text(),
});

export type WoundsCard = SourceOf<typeof WOUNDS_CARD_SPEC>;

/** What the GM reads of the card as posted (its author may edit the card since). */
export type PostedAttack = Omit<WoundsCard, "round">;

/** The card's fields the seal keeps, copied so that a later edit of the card changes nothing. */
export const postedOf = (card: WoundsCard): PostedAttack => ({
  actorUuid: card.actorUuid, itemId: card.itemId, itemName: card.itemName,
  tokenUuid: card.tokenUuid, targetTokenUuid: card.targetTokenUuid, targetName: card.targetName,
  combatId: card.combatId, aim: card.aim, extraAttack: card.extraAttack,
  buyToHit: card.buyToHit, buyMeleeDamage: card.buyMeleeDamage, freeHitFor: card.freeHitFor,
  improveSpell: card.improveSpell,
});
