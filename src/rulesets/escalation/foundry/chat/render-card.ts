import type { AttackCard } from "../../play/cards/card-spec";
import { cardView, type CardRecords, type Viewer } from "../../play/views/card-view";

export const CARD_TEMPLATE = "systems/fray/templates/escalation/chat/attack-card.hbs";

/** Renders an attack card for one viewer (see `play/views/card-view.ts`). */
export async function renderCard(
  card: AttackCard,
  viewer: Viewer,
  records?: CardRecords,
  defenseValues?: readonly (number | null)[],
): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, {
    view: cardView(card, viewer, records, defenseValues),
  });
}
