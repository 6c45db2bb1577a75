import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { cardData } from "../data/accessors";
import { REQUESTS } from "../gm/requests";
import { rollMorale } from "./morale";
import { ledgerOf, refusalOf, sealOf, targetOf } from "./card-seal";
import { renderCard } from "./render-card";

/**
 * Re-renders each shock attack card for the viewing user (reaction buttons for the target's owners
 * and the GM, Apply for the author and the GM) and wires its buttons to GM requests; wires the GM's
 * morale buttons. Runs for the log, popouts and notifications (`renderChatMessageHTML`, v13).
 */
export function registerCardListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.getFlag("fray" as never, "shockMorale" as never)) wireMorale(message, html);
    if (message.type !== "shockAttack") return;
    const body = html.querySelector<HTMLElement>(".fray-card");
    if (!body) return;
    const card = cardData(message.system);
    const system = message.system as unknown as { seal?: unknown; ledger?: unknown };
    const seal = sealOf(system.seal);
    const ledger = ledgerOf(system.ledger);
    // The target now: after a screen, the screener who took the attack.
    const targetUuid = seal ? targetOf(seal, ledger).tokenUuid : card.tokenUuid;
    const target = fromUuidSync(targetUuid) as TokenDocument.Implementation | null;
    const combat = game.combats?.get(card.combatId);
    const viewer = {
      isGM: game.user?.isGM ?? false,
      userId: game.user?.id ?? "",
      ownsTarget: Boolean(target?.actor?.isOwner),
      ownedCombatants: (combat?.combatants.contents ?? []).filter((c) => c.isOwner).map((c) => c.id ?? ""),
    };
    void renderCard(card, viewer, seal, ledger, refusalOf(system.seal)).then((markup) => {
      body.outerHTML = markup;
      const messageId = message.id ?? "";
      html.querySelectorAll<HTMLButtonElement>("button[data-shock-react]").forEach((button) => {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          button.disabled = true;
          const choice = button.dataset.shockReact;
          void requestOfGM(REQUESTS.react, { messageId, choice }).finally(() => (button.disabled = false));
        });
      });
      const apply = html.querySelector<HTMLButtonElement>("button[data-shock-apply]");
      apply?.addEventListener("click", (event) => {
        const button = event.currentTarget as HTMLButtonElement;
        button.disabled = true;
        void requestOfGM(REQUESTS.apply, { messageId }).finally(() => (button.disabled = false));
      });
    });
  });
}

function wireMorale(message: ChatMessage.Implementation, html: HTMLElement): void {
  const button = html.querySelector<HTMLButtonElement>("button[data-shock-morale]");
  if (!button) return;
  if (!game.user?.isGM) {
    button.remove();
    return;
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    void warnIfRefused(() => rollMorale(message));
  });
}
