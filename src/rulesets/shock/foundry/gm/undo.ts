import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { claimStep } from "../../../../shell/gm/claim";
import { openCardRequest, refuse } from "../../../../shell/gm/card-request";
import { ledgerOf, sealOf, targetOf } from "../chat/card-seal";
import { checkUndo, parseApplyRequest } from "../chat/relay-check";
import { planShockUndo } from "../chat/undo-plan";
import { readCard } from "./reading";
import { REQUESTS } from "./requests";
import { fallMarksOf } from "./apply";
import { KNOCKED_OUT_STATUS } from "../documents/health";

/**
 * The author (or the GM) undoes what a card applied, once: the active GM re-reads the target from
 * the documents and the card's GM-only ledger (never its editable data), plans the undo
 * (`chat/undo-plan.ts`: refused with the reason when it is no longer exact), claims the step
 * (`system.claims.undo`), then writes the HP back by the recorded change with the mortal marks as
 * they were, lifts a knock-out's `unconscious` status, the combatant's fall round, defeat and
 * shield use, and records who undid it. A morale
 * check the fall offered stays in the log for the GM to ignore. Source: RULINGS.md §shock
 * (Mortally Injured, NPC defeated); `002_5e27cdf788b28f5f.txt` §Shock.
 */
export function registerUndo(): void {
  registerRequest(REQUESTS.undo, performUndo);
}

async function performUndo(payload: unknown, sender: Sender): Promise<RelayResult> {
  const card = openCardRequest(payload, parseApplyRequest, "shockAttack");
  if (!card.ok) return card;
  const { message } = card;
  const seal = sealOf(card.seal);
  const ledger = ledgerOf(card.ledger);
  const verdict = checkUndo(seal, ledger, sender);
  if (!verdict.ok) return verdict;
  const step = ledger.applied;
  const reading = seal ? readCard({ ...seal, tokenUuid: targetOf(seal, ledger).tokenUuid }) : null;
  if (!seal || !step || !reading) return refuse("noTarget");
  const { target, combat } = reading;
  const inRound = Boolean(reading.combatant && combat?.started);
  const combatant = inRound ? reading.combatant : null;
  const plan = planShockUndo(step, {
    hp: target.hp.value, hpMax: target.hp.max, marks: fallMarksOf(target, combatant),
    round: inRound ? combat?.round ?? 0 : 0, shieldUsed: combatant?.data.shieldUsed ?? false,
  });
  if (!plan.ok) return refuse(`shockUndo.${plan.reason}`);
  if (!(await claimStep(message, "undo"))) return refuse("alreadyApplied");
  // The mortal marks are written with the HP, so the actor's _preUpdate leaves them as given.
  const mortal = target.isPC && plan.marks ? { mortal: plan.marks.mortal } : {};
  await target.update({ system: { hp: { value: plan.hp }, ...mortal } } as Actor.UpdateData);
  // A knock-out's `unconscious` status goes as it came (the plan checked it is still as left).
  const unconscious = plan.marks?.unconscious ?? false;
  if (plan.marks && unconscious !== target.statuses.has(KNOCKED_OUT_STATUS)) {
    await target.toggleStatusEffect(KNOCKED_OUT_STATUS, { active: unconscious });
  }
  const fall = plan.marks?.combatant;
  const system = {
    ...(plan.shield ? { shieldUsed: false } : {}),
    ...(fall ? { fellRound: fall.fellRound } : {}),
  };
  if (combatant && (fall || plan.shield)) {
    await combatant.update({
      system,
      ...(fall ? { defeated: fall.defeated } : {}),
    } as Combatant.UpdateData);
  }
  await message.update({ "system.ledger.undone": { by: sender.id } } as ChatMessage.UpdateData);
  return { ok: true };
}
