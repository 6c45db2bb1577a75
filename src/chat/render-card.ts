import type { AttackCard } from "./card-spec";
import { cardView } from "./card-view";

export const CARD_TEMPLATE = "systems/fray/templates/chat/attack-card.hbs";

/** Renders an attack card for one viewer (GM or not, author or not). */
export async function renderCard(card: AttackCard, viewer: { isGM: boolean; isAuthor: boolean }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view: cardView(card, viewer) });
}
