import { healLine } from "../../play/survival/recovery";
import { combatFor } from "../../../../shell/combat/located";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { timingOf } from "../../play/actors/timed-effects";
import { resolveSave } from "../../rules/save";
import { planRallySave } from "../../rules/special-actions";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { rollPool } from "../../../../shell/dice/pool-roll";
import { healWithActorRecovery, recoveryAmount, type RecoveryMode } from "./recovery";
import type { EventLineInput } from "../../play/views/card-event";
import { rallySaveLine } from "../../play/views/action-lines";
import { actRefusal } from "../../play/actors/may-act";

/**
 * Rally: a Standard action on the character's turn that heals with a recovery and then saves, with
 * + Escalation, against one effect (its own save for save ends, 13+ for a one-round effect).
 * Source: `000_c2dc3d650823e22d.txt` §Rally; `special-actions.ts#planRallySave`.
 * @param effectId the ActiveEffect to save against, or null to only heal.
 * @throws Error (localized) when not a character, when it may not act (down, making Last Gasp
 *   saves, back up only from its next turn), or in combat without a Standard action left;
 *   nothing changes then.
 */
export async function rally(
  actor: FrayActor,
  effectId: string | null,
  mode: RecoveryMode,
): Promise<void> {
  if (!actor.isPC) throw new Error(t("FRAY.Recovery.NotCharacter"));
  // Rally is an action: not for one who may not act (Dying, Last Gasp saves…; `mayAct`).
  const cannot = actRefusal(actor);
  if (cannot) throw new Error(t(cannot, { actor: actor.name, name: t("FRAY.Rally.Name") }));
  const combat = combatFor(actor) as FrayCombat | null;
  const combatant = combat?.started ? combat.combatants.find((c) => c.actor === actor) : undefined;
  if (combat && combatant && !(await combat.canPay(combatant.id ?? "", "standard"))) {
    throw new Error(
      t("FRAY.Use.NoAction", { name: t("FRAY.Rally.Name"), action: t("FRAY.Action.standard") }),
    );
  }
  const effect = effectId ? actor.effects.get(effectId) : undefined;
  const timing = effect ? timingOf(effect) : null;
  if (combat && combatant) await combat.spendAction(combatant.id ?? "", "standard");
  const { amount, roll: healRoll } = await recoveryAmount(actor, mode);
  const healed = await healWithActorRecovery(actor, amount);
  const lines: EventLineInput[] = [healLine(actor.name, healed, t)];
  const rolls = healRoll ? [healRoll] : [];
  if (effect && timing) {
    const escalation = combat?.started ? combat.escalationDie : 0;
    const plan = planRallySave(
      { duration: timing.duration, saveTarget: timing.save },
      escalation,
      actor.statuses,
    );
    const { roll, dice } = await rollPool(plan.pool);
    rolls.push(roll);
    const r = resolveSave(plan, dice);
    lines.push(rallySaveLine(actor.name, effect.name, { ...r, target: plan.target }, t));
    if (r.success) await effect.delete();
  }
  await postEvent(t("FRAY.Rally.Name"), lines, { rolls, actor });
}
