import { refuse, type CardStep } from "../../../../shell/cards/kind";
import { claimUnlessRefused, undoApplyStep } from "../../../../shell/cards/requests";
import { conditionStatus } from "../../play/round/end-phase";
import {
  applyPlan, applyRefusal, keptConditions, ledgerOf, parseNoArgs, sealOf, stopsMover,
  undoReason, undoRefusal,
} from "../../play/cards/card-steps";
import { readCard, type CardReading } from "./reading";
import { isGMPrompt } from "../../../../shell/cards/prompts";
import type { Recorder } from "../../../../shell/cards/recorder";
import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { shiftToken } from "../../../../shell/movement/rule-move";
import type { Cell } from "../../../../engine/space/cell";
import type { PhasesSeal } from "../../play/cards/seal";
import { LEAVING } from "../../play/round/moves";
import type { PhasesCombat } from "../documents/combat";

/**
 * The steps of a phases attack card, each checked from what the GM keeps on the card, claimed
 * once and run on the active GM's client (the shell's card runtime, `shell/cards/requests.ts`):
 * applying the attack to its target (`apply`: HP, and each condition as an ActiveEffect of its
 * status with the duration the GM records for the End phase; a mover an opportunity attack
 * Slows is moved back to the square it was leaving, and its turn ends) and undoing that exactly
 * (`undo`: all but the turn's end).
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack), §End Phase; RULINGS.md §phases
 * Conditions, Down.
 */
export const APPLY_STEP: CardStep<object> = {
  parse: parseNoArgs,
  check: claimUnlessRefused("apply",
    (records, sender) => applyRefusal(sealOf(records), ledgerOf(records), sender)),
  async run({ records }, recorder) {
    const seal = sealOf(records);
    const reading = seal ? readCard(seal.posted) : null;
    if (!seal || !reading) return refuse("noTarget");
    const { target, combat, targetCombatant } = reading;
    const plan = applyPlan(seal, target.statblock.hp);
    recorder.watch(target, ["system.hp.value"]);
    if (plan.hp.after !== plan.hp.before) {
      await target.update({ "system.hp.value": plan.hp.after } as Actor.UpdateData);
    }
    if (!plan.conditions.length) return { ok: true, ledger: { applied: true }, recordAs: "apply" };
    recorder.watchEmbedded(target, "ActiveEffect", "effects");
    // Each condition its own effect of the token HUD's status, so the End phase ends each alone
    // (client/documents/active-effect.mjs `fromStatusEffect` builds it from CONFIG.statusEffects).
    const made = await Promise.all(plan.conditions.map((c) =>
      ActiveEffect.implementation.fromStatusEffect(conditionStatus(c.condition))));
    const created = await target.createEmbeddedDocuments("ActiveEffect",
      made.map((e) => e.toObject()) as ActiveEffect.CreateData[]);
    const id = targetCombatant?.id;
    if (combat && id) {
      const round = seal.round || combat.round;
      const conditions = keptConditions(targetCombatant.data.conditions,
        (created ?? []).map((e) => e.id ?? ""), plan, round);
      await combat.keepRecorded({ [id]: { conditions } }, recorder);
    }
    const moving = Boolean(combat && id && combat.currentStep === "movement"
      && combat.combatant?.id === id);
    if (!stopsMover(seal, plan, moving) || !combat || !id) {
      return { ok: true, ledger: { applied: true }, recordAs: "apply" };
    }
    await stopWhereLeaving(seal, reading, recorder);
    // Slowed ends the mover's turn too: once recorded, and outside what Undo puts back (the GM
    // steps a turn back with the tracker's control, which reruns nothing: the turn ledger).
    const afterwards = () => endMovementTurn(combat, id);
    return { ok: true, ledger: { applied: true }, recordAs: "apply", afterwards };
  },
};

/** Ends `id`'s Movement turn, if it is still current (client/documents/combat.mjs `nextTurn`). */
async function endMovementTurn(combat: PhasesCombat, id: string): Promise<void> {
  if (combat.currentStep === "movement" && combat.combatant?.id === id) await combat.nextTurn();
}

/**
 * Moves a Slowed mover back to the square it was leaving when it provoked the card's attacker
 * (kept beside the GM's offer, `gm/moves.ts`), recorded so that Undo puts it back.
 */
async function stopWhereLeaving(
  seal: PhasesSeal, reading: CardReading, recorder: Recorder,
): Promise<void> {
  const prompt = game.messages?.get(seal.posted.opportunityFor);
  const flags = prompt && isGMPrompt(prompt)
    ? (prompt.flags as { fray?: Record<string, unknown> }).fray?.[LEAVING] : null;
  const at = (flags as Record<string, Cell> | null)?.[reading.attackerCombatant?.id ?? ""];
  const token = reading.targetToken;
  const here = placementOf(token.parent)?.footprint(tokenPlace(token))?.origin;
  if (at && here) await shiftToken(token, here, at, recorder);
}

export const UNDO_STEP = undoApplyStep(
  (records, sender) => undoRefusal(sealOf(records), ledgerOf(records), sender), undoReason,
);
