import { planInverse } from "../../../../engine/deltas/inverse";
import type { StepContext } from "../../../../shell/cards/kind";
import { makeWrites, worldNow, type Recorder } from "../../../../shell/cards/recorder";
import { trustedRecords } from "../../../../shell/cards/records";
import { undoStep } from "../../../../shell/cards/requests";
import { ledgerOf } from "../../play/cards/card-seal";
import { pendingSnap, windowOf } from "../../play/cards/card-window";
import { grantKey, unrolledGrant } from "../../play/requests/snap-grant";

/*
 * A Snap Attack's grant spends the snapper's Main (its react step, recorded under `snap-<ally>`
 * with what it changed: `gm/window.ts` applyEffects watches it). When the snap is never rolled
 * (`play/requests/snap-grant.ts` `unrolledGrant`) the Main is given back from that record, exact
 * or not at all (a new round gave every Main back already: the record's guard skips it). Source:
 * `002_5e27cdf788b28f5f.txt` §Make a Snap Attack.
 */

/**
 * Within a react step that ends the wait or closes the card: the unrolled grant's Main given back
 * through the card runtime's undo (`undoStep`, watched by the step's recorder, so a step that
 * fails after it puts the Main back as spent). An inexact undo is left (logged): the GM corrects.
 */
export async function refundUnrolled(
  context: StepContext<unknown>, recorder: Recorder,
): Promise<void> {
  const ledger = ledgerOf(context.records.ledger);
  const state = windowOf(ledger);
  const ally = state
    ? unrolledGrant(pendingSnap(state), ledger.snapCards, context.records.steps) : null;
  if (!ally) return;
  const refused = await undoStep(context, grantKey(ally), (reason) => reason, recorder);
  if (refused) console.warn(`Fray | a Snap Attack's Main was not given back: ${refused.reason}`);
}

/**
 * A shock card deleted (the card kind's `deleted`, on the active GM's client, in its queue:
 * `shell/cards/deleted.ts`): an unrolled grant's Main back, from the records the deleted card
 * still holds, exact or not at all.
 */
export async function refundDeleted(message: ChatMessage.Implementation): Promise<void> {
  const records = trustedRecords(message);
  const ledger = ledgerOf(records?.ledger);
  const state = windowOf(ledger);
  const ally = records && state
    ? unrolledGrant(pendingSnap(state), ledger.snapCards, records.steps) : null;
  const record = ally ? records?.steps[grantKey(ally)] : undefined;
  if (!record) return;
  const plan = planInverse(record.deltas, worldNow());
  if (plan.ok) await makeWrites(plan.writes);
  else console.warn(`Fray | a Snap Attack's Main was not given back: ${plan.reason}`);
}
