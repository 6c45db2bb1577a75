import { postMessage } from "../../../../shell/chat/post";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { flowActionOf, flowLine } from "../../play/round/flow-rule";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";

/**
 * Buying a weapon's Flow action from the sheet, on its owner's client: its FP spent through the
 * GM's check (`ActionPointsCombat#buyFlow`), then one chat line saying what was bought and what it
 * does, for the table to play. Source: RULINGS.md §action-points Flow actions.
 * @throws Error (localized) when refused; nothing is posted then.
 */
export async function useFlow(
  combat: ActionPointsCombat, c: ActionPointsCombatant, actor: ActionPointsActor, itemId: string,
  index: number,
): Promise<void> {
  const found = flowActionOf(actor.statblock.weapons, { itemId, index });
  if (!found) throw new Error(t("FRAY.Relay.Reason.badRequest"));
  await combat.buyFlow(c, itemId, index);
  const line = flowLine(actor.name, found.action, t);
  await postMessage({
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<div class="fray action-points"><p>${foundry.utils.escapeHTML(line)}</p></div>`,
  });
}
