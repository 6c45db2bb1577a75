/** The attack card's template (loaded at `install`), shared by the card kind and the attack. */
export const CARD_TEMPLATE = "systems/fray/templates/wounds/chat/attack-card.hbs";
