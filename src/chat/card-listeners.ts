import { cardData } from "../data/accessors";
import { requestApply } from "./apply-relay";
import { renderCard } from "./render-card";
import { withEffectDuration } from "./card-edits";

/**
 * Re-renders an attack card for the viewing user (defense values for the GM only, buttons only for
 * those who may press them) and wires its buttons. Runs for the log, popouts and notifications.
 */
export function registerCardListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.type !== "attack") return;
    const card = cardData(message.system);
    const body = html.querySelector<HTMLElement>(".fray-card");
    if (!body) return;
    const viewer = { isGM: game.user?.isGM ?? false, isAuthor: message.author?.id === game.user?.id };
    void renderCard(card, viewer).then((markup) => {
      body.outerHTML = markup;
      html.querySelectorAll<HTMLButtonElement>("button[data-fray-action]").forEach((button) => {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          button.disabled = true;
          const row = button.closest<HTMLElement>("[data-token-uuid]");
          void requestApply({ messageId: message.id ?? "", tokenUuid: row?.dataset.tokenUuid ?? "", mode: button.dataset.frayAction ?? "" })
            .finally(() => (button.disabled = false));
        });
      });
      // The author or a GM picks each effect's duration until it is applied.
      html.querySelectorAll<HTMLSelectElement>("select[data-fray-effect]").forEach((select) => {
        select.addEventListener("change", () => {
          const row = select.closest<HTMLElement>("[data-token-uuid]");
          const targetIndex = card.targets.findIndex((t) => t.tokenUuid === row?.dataset.tokenUuid);
          const targets = withEffectDuration(card, targetIndex, Number(select.dataset.frayEffect), select.value);
          if (targets && message.isOwner) void message.update({ system: { targets } } as ChatMessage.UpdateData);
        });
      });
    });
  });
}
