import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import { foundryLocalize as t } from "../setup/localize";
import { useAbility } from "./use-ability";

/**
 * Buttons on Fray's event cards. An opportunity attack button makes the attacker's Basic Melee
 * Attack (an NPC's first listed attack) against the mover as a Free action; only the attacker's
 * owners can press it.
 */
export function registerEventListeners(): void {
  Hooks.on("renderChatMessageHTML", (_message: ChatMessage.Implementation, html: HTMLElement) => {
    html.querySelectorAll<HTMLButtonElement>(".fray-event button[data-fray-event=opportunity]").forEach((button) => {
      button.addEventListener("click", (event) => {
        event.preventDefault();
        void opportunityAttack(button.dataset.combat ?? "", button.dataset.attacker ?? "", button.dataset.target ?? "");
      });
    });
  });
}

/** The Basic Melee Attack of an actor: the basic melee ability, or for an NPC its first listed attack. */
export function basicMeleeOf(actor: FrayActor): FrayItem | undefined {
  const entry = actor.abilityEntries.find((a) => a.system.basic === "melee");
  const id = entry ? entry.id : actor.enemyBasicId;
  return id ? (actor.items.get(id) as FrayItem | undefined) : undefined;
}

async function opportunityAttack(combatId: string, attackerId: string, targetUuid: string): Promise<void> {
  const combatant = game.combats?.get(combatId)?.combatants.get(attackerId);
  const actor = combatant?.actor as FrayActor | null | undefined;
  if (!actor || !actor.isOwner) return void ui.notifications?.warn(t("FRAY.Opportunity.NotOwner", { name: combatant?.name ?? "" }));
  const item = basicMeleeOf(actor);
  if (!item) return void ui.notifications?.warn(t("FRAY.Opportunity.NoBasic", { name: actor.name }));
  const token = (await fromUuid(targetUuid)) as TokenDocument.Implementation | null;
  if (!token?.actor) return;
  await useAbility(item, { targets: [{ document: { uuid: token.uuid }, name: token.name ?? "", actor: token.actor }], action: "free" });
}
