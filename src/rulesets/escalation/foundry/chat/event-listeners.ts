import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";
import { isGMPrompt, promptTaken } from "../../../../shell/cards/prompts";
import { offerOf } from "./opportunity";
import { useAbility } from "./use-ability";

/**
 * Buttons on Fray's event cards. An opportunity attack button makes the attacker's Basic Melee
 * Attack (an NPC's first listed attack) against the mover as a Free action. Only the attacker's
 * owners see it, and it works once: the GM claims it first (`gm/opportunity.ts`).
 */
export function registerEventListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const offer = isGMPrompt(message) ? offerOf(message.flags) : null;
    html
      .querySelectorAll<HTMLButtonElement>(".fray-event button[data-fray-event=opportunity]")
      .forEach((button) => {
        const attackerId = button.dataset.attacker ?? "";
        const combatant = offer
          ? game.combats?.get(offer.combatId)?.combatants.get(attackerId)
          : undefined;
        const shown = offersTo({
          offered: Boolean(offer),
          ownsAttacker: Boolean(combatant?.isOwner),
          claimed: promptTaken(message, attackerId),
        });
        if (!shown || !offer) return button.remove();
        button.addEventListener("click", (event) => {
          event.preventDefault();
          button.disabled = true;
          void opportunityAttack(message.id ?? "", offer.combatId, attackerId, offer.target);
        });
      });
  });
}

/**
 * Whether a viewer gets an opportunity attack's button: the GM posted the offer, the viewer owns
 * that attacker (the GM owns every NPC), and the attack was not made yet. Pure.
 */
export function offersTo(at: {
  offered: boolean;
  ownsAttacker: boolean;
  claimed: boolean;
}): boolean {
  return at.offered && at.ownsAttacker && !at.claimed;
}

/**
 * The Basic Melee Attack of an actor: the basic melee ability, or for an NPC its first listed
 * attack.
 */
export function basicMeleeOf(actor: FrayActor): FrayItem | undefined {
  const entry = actor.abilityEntries.find((a) => a.system.basic === "melee");
  const id = entry ? entry.id : actor.enemyBasicId;
  return id ? (actor.items.get(id) as FrayItem | undefined) : undefined;
}

async function opportunityAttack(
  messageId: string,
  combatId: string,
  attackerId: string,
  targetUuid: string,
): Promise<void> {
  const combatant = game.combats?.get(combatId)?.combatants.get(attackerId);
  const actor = combatant?.actor as FrayActor | null | undefined;
  if (!actor || !actor.isOwner)
    return void ui.notifications?.warn(
      t("FRAY.Opportunity.NotOwner", { name: combatant?.name ?? "" }),
    );
  const item = basicMeleeOf(actor);
  if (!item)
    return void ui.notifications?.warn(t("FRAY.Opportunity.NoBasic", { name: actor.name }));
  const token = (await fromUuid(targetUuid)) as TokenDocument.Implementation | null;
  if (!token?.actor) return;
  // Claimed by the GM first, so the button works once whoever presses it.
  if (!(await requestOfGM(REQUESTS.opportunity, { messageId, attackerId }))) return;
  await useAbility(item, {
    targets: [{ document: { uuid: token.uuid }, name: token.name ?? "", actor: token.actor }],
    action: "free",
  });
}
