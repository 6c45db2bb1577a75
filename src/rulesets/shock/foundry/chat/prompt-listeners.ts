import { warnIfRefused } from "../../../../shell/applications/refusals";
import { onPress } from "../../../../shell/chat/press";
import { isGMPrompt, promptTaken } from "../../../../shell/cards/prompts";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { rerenderMessage } from "../../../../shell/chat/rerender";
import { askGroupMorale, moraleNow, moraleOfferOf, rollMorale } from "./morale";
import { moraleScoreText } from "../../play/cards/card-morale";
import type { ShockCombat } from "../documents/combat";

/**
 * The buttons of shock's morale prompt (a message only a GM's client posts:
 * `shell/cards/prompts.ts`): the roll and the group's Morale, the GM's. A message that only looks
 * like a prompt (a player's, or a card the GM took over) gets none. Attacks of Opportunity are the
 * shell's offers (`shell/offers`).
 */
export function registerPromptListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (!isGMPrompt(message)) return;
    if (moraleOfferOf(message)) wireMorale(message, html);
  });
  // A group's Morale set (on any GM's client): its open prompts show the score a roll now uses.
  Hooks.on("updateCombat", (combat: Combat.Implementation, changes: object) => {
    if (!game.user?.isGM || !foundry.utils.hasProperty(changes, "flags.fray.moraleScores")) return;
    for (const message of openMoralePrompts(combat.id ?? "")) void rerenderMessage(message);
  });
}

/** The GM's morale prompts of a combat not yet rolled. */
function openMoralePrompts(combatId: string): ChatMessage.Implementation[] {
  return (game.messages?.contents ?? []).filter((m) =>
    isGMPrompt(m) && moraleOfferOf(m)?.combatId === combatId && !promptTaken(m, "gm"));
}

/**
 * A morale prompt on a GM's client: the score a roll would use now (the group's, as `moraleNow`
 * reads it), the Roll button (once) and Set the group's Morale. Players never see its buttons.
 */
function wireMorale(message: ChatMessage.Implementation, html: HTMLElement): void {
  const offer = moraleOfferOf(message);
  const roll = html.querySelector<HTMLButtonElement>('button[data-shock-morale="roll"]');
  const set = html.querySelector<HTMLButtonElement>('button[data-shock-morale="set"]');
  if (!offer || !roll) return;
  if (!game.user?.isGM || promptTaken(message, "gm")) {
    roll.remove();
    set?.remove();
    return;
  }
  const combat = game.combats?.get(offer.combatId) as ShockCombat | undefined;
  const now = document.createElement("p");
  now.className = "shock-morale-score";
  now.textContent = combat
    ? moraleScoreText(moraleNow(combat, offer.group), offer.group, t)
    : t("FRAY.Shock.Morale.NoCombat");
  (roll.closest(".card-buttons") ?? roll).before(now);
  onPress(roll, () => rollMorale(message));
  if (!set) return;
  if (!combat) {
    set.remove();
    return;
  }
  set.addEventListener("click", () => {
    void warnIfRefused(() => askGroupMorale(combat, offer.group));
  });
}
