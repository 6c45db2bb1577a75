import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { isGMPrompt, promptTaken } from "../../../../shell/cards/prompts";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { REQUESTS } from "../gm/requests";
import type { ShockActor } from "../documents/actor";
import { rollMorale } from "./morale";
import { offerOf } from "./opportunity";
import { attackWith, opportunityWeapon } from "./attack";

/**
 * The buttons of shock's GM prompts (messages only a GM's client posts: `shell/cards/prompts.ts`):
 * the morale roll (the GM's) and the Attacks of Opportunity (each foe's owners and the GM). A
 * message that only looks like a prompt (a player's, or a card the GM took over) gets none.
 */
export function registerPromptListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (!isGMPrompt(message)) return;
    if (message.getFlag("fray" as never, "shockMorale" as never)) wireMorale(message, html);
    if (offerOf(message.flags)) wireOpportunity(message, html);
  });
}

function wireMorale(message: ChatMessage.Implementation, html: HTMLElement): void {
  const button = html.querySelector<HTMLButtonElement>("button[data-shock-morale]");
  if (!button) return;
  if (!game.user?.isGM || promptTaken(message, "gm")) {
    button.remove();
    return;
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    void warnIfRefused(() => rollMorale(message));
  });
}

/**
 * The GM's Attack of Opportunity offer: each foe's button is kept for its owners and the GM, and
 * disabled once claimed. A click asks the GM to claim it (once), then makes the free attack with
 * the foe's readied melee weapon on this client, through the usual attack flow.
 */
function wireOpportunity(message: ChatMessage.Implementation, html: HTMLElement): void {
  const offer = offerOf(message.flags);
  if (!offer) return;
  const combat = game.combats?.get(offer.combatId);
  html.querySelectorAll<HTMLButtonElement>("button[data-shock-opportunity]").forEach((button) => {
    const id = button.dataset.shockOpportunity ?? "";
    const c = combat?.combatants.get(id);
    if (!c || !(game.user?.isGM || c.isOwner)) {
      button.remove();
      return;
    }
    if (promptTaken(message, id)) {
      button.disabled = true;
      button.textContent = t("FRAY.Shock.Opportunity.Taken", { name: c.name ?? "" });
      return;
    }
    button.addEventListener("click", () => {
      button.disabled = true;
      void warnIfRefused(async () => {
        const actor = c.actor as unknown as ShockActor | null;
        const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
        const item = actor ? opportunityWeapon(actor) : null;
        if (!actor || !token || !item)
          throw new Error(t("FRAY.Shock.Opportunity.Unarmed", { name: c.name ?? "" }));
        const claimed = await requestOfGM(REQUESTS.takeOpportunity, {
          messageId: message.id,
          attackerId: id,
        });
        if (claimed) await attackWith(actor, item, { opportunity: token });
      }).finally(() => (button.disabled = false));
    });
  });
}
