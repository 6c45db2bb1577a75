import { cardData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import { characterData, npcData } from "../data/accessors";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { renderCard } from "./render-card";
import { withEffectDuration } from "./card-edits";
import { appliedRecord, recordsOf, sealOf } from "./card-seal";
import type { AttackCard } from "./card-spec";

/**
 * Re-renders an attack card for the viewing user (defense values for the GM only, buttons only for
 * those who may press them) and wires its buttons. Runs for the log, popouts and notifications.
 */
export function registerCardListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.type !== "escalationAttack") return;
    const card = cardData(message.system);
    const body = html.querySelector<HTMLElement>(".fray-card");
    if (!body) return;
    const system = message.system as unknown as { seal?: unknown; ledger?: unknown };
    const stored = sealOf(system.seal);
    const records = { seal: stored?.kind === "attack" ? stored : null, ledger: system.ledger };
    const viewer = { isGM: game.user?.isGM ?? false, userId: game.user?.id ?? "" };
    const defenses = viewer.isGM ? defenseValuesNow(card) : [];
    void renderCard(card, viewer, records, defenses).then((markup) => {
      body.outerHTML = markup;
      html.querySelectorAll<HTMLButtonElement>("button[data-fray-action]").forEach((button) => {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          button.disabled = true;
          const index = Number(button.closest<HTMLElement>("[data-index]")?.dataset.index);
          const mode = button.dataset.frayAction ?? "";
          void requestOfGM(REQUESTS.apply, { messageId: message.id ?? "", index, mode }).finally(
            () => (button.disabled = false),
          );
        });
      });
      // The author picks each effect's duration until the target is applied.
      html.querySelectorAll<HTMLSelectElement>("select[data-fray-effect]").forEach((select) => {
        select.addEventListener("change", () => {
          const index = Number(select.closest<HTMLElement>("[data-index]")?.dataset.index);
          const applied = appliedRecord(recordsOf(records.ledger, index)) !== null;
          const targets = withEffectDuration(
            card,
            index,
            Number(select.dataset.frayEffect),
            select.value,
            applied,
          );
          if (targets && message.isOwner)
            void message.update({ system: { targets } } as ChatMessage.UpdateData);
        });
      });
    });
  });
}

/**
 * The defense each target has now, read by the GM's client from the target's actor (the same
 * value the attack was rolled against, less the recovery penalty), or null when it is gone.
 */
function defenseValuesNow(card: AttackCard): (number | null)[] {
  return card.targets.map((t) => {
    const actor = (fromUuidSync(t.tokenUuid) as TokenDocument.Implementation | null)?.actor as
      FrayActor | null | undefined;
    if (!actor) return null;
    const data = actor.isPC ? characterData(actor.system) : npcData(actor.system);
    return data.defenses[t.defense] - actor.recoveryPenalty;
  });
}
