import type { ShockCard } from "./card-spec";
import { cardView, type Viewer } from "./card-view";
import type { SealRefusal, ShockLedger, ShockSeal } from "./card-seal";

export const CARD_TEMPLATE = "systems/fray/templates/shock/chat/attack-card.hbs";

/** Renders a shock attack card for one viewer (see `card-view.ts`). */
export async function renderCard(
  card: ShockCard,
  viewer: Viewer,
  seal: ShockSeal | null,
  ledger: ShockLedger,
  refusal: SealRefusal | null = null,
): Promise<string> {
  const view = cardView(card, viewer, seal, ledger, refusal);
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view });
}
