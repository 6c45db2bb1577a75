import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { claimKey, isClaimed } from "../../../../shell/relay/claims";
import { sealOf } from "./card-seal";
import { badge } from "../view/card-badge";

/**
 * The heal buttons of a healing ability's card (ChatMessage subtype `ability`): only its author and
 * the GM see them, and only for targets not yet healed; pressing one asks the active GM to heal
 * (see `gm/heal.ts`). A target already healed shows a "Healed" badge instead.
 */
export function registerHealButtons(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.type !== "escalationAbility") return;
    const system = message.system as unknown as { seal?: unknown; claims?: unknown };
    const seal = sealOf(system.seal);
    const mayAct = game.user?.isGM || (seal?.kind === "heal" && seal.authorId === game.user?.id);
    html.querySelectorAll<HTMLButtonElement>("button[data-fray-heal]").forEach((button) => {
      const index = Number(button.dataset.index);
      const healed = isClaimed(system.claims, claimKey(index, 0));
      if (healed) markHealed(button.closest<HTMLElement>(".heal-target"));
      if (!mayAct || healed) return button.remove();
      button.addEventListener("click", (event) => {
        event.preventDefault();
        button.disabled = true;
        const payload = { messageId: message.id ?? "", index, mode: button.dataset.frayHeal ?? "" };
        void requestOfGM(REQUESTS.heal, payload).finally(() => (button.disabled = false));
      });
    });
  });
}

/** A healed target's row says so, with the card's result badge (word and icon). */
function markHealed(row: HTMLElement | null): void {
  if (!row || row.querySelector(".fray-badge")) return;
  const view = badge("healed");
  const mark = document.createElement("span");
  mark.className = `fray-badge fray-badge--${view.tone}`;
  const icon = document.createElement("i");
  icon.className = `fa-solid ${view.icon}`;
  icon.setAttribute("aria-hidden", "true");
  mark.append(icon, game.i18n!.localize(view.labelKey));
  row.append(mark);
}
