import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { claimKey, isClaimed } from "../../../../shell/relay/claims";
import { sealOf } from "./card-seal";

/**
 * The heal buttons of a healing ability's card (ChatMessage subtype `ability`): only its author and
 * the GM see them, and only for targets not yet healed; pressing one asks the active GM to heal
 * (see `gm/heal.ts`).
 */
export function registerHealButtons(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.type !== "escalationAbility") return;
    const system = message.system as unknown as { seal?: unknown; claims?: unknown };
    const seal = sealOf(system.seal);
    const mayAct = game.user?.isGM || (seal?.kind === "heal" && seal.authorId === game.user?.id);
    html.querySelectorAll<HTMLButtonElement>("button[data-fray-heal]").forEach((button) => {
      const index = Number(button.dataset.index);
      if (!mayAct || isClaimed(system.claims, claimKey(index, 0))) return button.remove();
      button.addEventListener("click", (event) => {
        event.preventDefault();
        button.disabled = true;
        const payload = { messageId: message.id ?? "", index, mode: button.dataset.frayHeal ?? "" };
        void requestOfGM(REQUESTS.heal, payload).finally(() => (button.disabled = false));
      });
    });
  });
}
