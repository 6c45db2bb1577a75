import { postMessage } from "../../../../shell/chat/post";
import { askForm } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { parseReady, readyLine } from "../../play/round/ready";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";
import { TEMPLATES } from "../applications/sheet-base";

/**
 * A Ready action from the sheet, on its owner's client (`play/round/ready.ts`): declared in its
 * own turn from a dialog (the trigger and the action, in the owner's words), or fired on another's
 * turn when the trigger happens; each through the GM's check (`ActionPointsCombat#spendKept`,
 * which also moves it in the order), then one chat line for the table.
 * Source: `004_2cc57162401858c9.txt` §Ready Action.
 * @throws Error (localized) when refused; nothing is posted then.
 */
export async function ready(
  combat: ActionPointsCombat, c: ActionPointsCombatant, fire: boolean,
): Promise<void> {
  const name = c.name ?? "";
  const form = fire ? { ready: "fire" } : await askForm(
    t("FRAY.ActionPoints.Action.ready"), `${TEMPLATES}/dialog/ready.hbs`, {},
  );
  if (!form) return;
  const request = parseReady({ ...form, ready: fire ? "fire" : "declare" });
  if (!request) throw new Error(t("FRAY.ActionPoints.Refuse.ReadyWords"));
  const action = c.data.readyAction;
  await combat.spendKept(c, request);
  const line = readyLine(request, name, action, t);
  await postMessage({
    speaker: ChatMessage.getSpeaker({ actor: c.actor }),
    content: `<div class="fray action-points"><p>${foundry.utils.escapeHTML(line)}</p></div>`,
  });
}
