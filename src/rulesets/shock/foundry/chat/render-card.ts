import type { Modifier } from "../../../../engine/dice/check";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCard } from "../../play/cards/card-spec";
import { cardView, type Viewer } from "../../play/cards/card-view";
import type { SealRefusal, ShockLedger, ShockSeal } from "../../play/cards/card-seal";
import { cardContext } from "../../play/cards/card-roll";

export const CARD_TEMPLATE = "systems/fray/templates/shock/chat/attack-card.hbs";

/**
 * Renders a shock attack card for one viewer (see `card-view.ts`); `terms` are the attack's
 * modifiers by source for the roll's tooltip (`view/card-roll.ts`), none when unknown.
 */
export async function renderCard(
  card: ShockCard,
  viewer: Viewer,
  seal: ShockSeal | null,
  ledger: ShockLedger,
  refusal: SealRefusal | null = null,
  terms: readonly Modifier[] = [],
): Promise<string> {
  const view = cardView(card, viewer, seal, ledger, refusal);
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, cardContext(view, terms, t));
}
