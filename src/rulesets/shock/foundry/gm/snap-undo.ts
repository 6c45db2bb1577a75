import { claimOnDocument, releaseDocumentClaim } from "../../../../shell/gm/claim";
import { windowOf } from "../../play/cards/card-window";
import { shockRecords } from "../chat/card-records";
import { readCard } from "./reading";
import { resettleStanding } from "./window";

/**
 * Undoing a Snap Attack's card. When its hit had felled the attacker, the card it answered settled
 * with nothing to deal (the attacker fell before its damage landed). Undo puts back what the
 * snap's card applied, so the attacker stands again, and what a GM expects then is the attack
 * that snap stopped to land: on the active GM's client, after the snap card's undo was recorded
 * (the card kind's `recorded`), the answered card's result is settled again as if no snap had
 * felled the attacker, its damage rolled now, and the card says why (`snapUndone`); its author
 * may then apply it. Nothing changes when the attacker is still down (another snap felled it, or
 * it was hurt since), when that card was closed or is gone (a snap card whose first card is gone
 * is undone as any card), or when its documents are gone. Claimed once per snap card. Source:
 * `002_5e27cdf788b28f5f.txt` §Make a Snap Attack; RULINGS.md §shock.
 */
export async function refreshAnswered(snapCard: ChatMessage.Implementation): Promise<void> {
  const own = shockRecords(snapCard);
  if (!own?.seal?.snapFor || !own.ledger.undone || !snapCard.id) return;
  const first = game.messages?.get(own.seal.snapFor);
  const records = first ? shockRecords(first) : null;
  const seal = records?.seal;
  const ledger = records?.ledger ?? {};
  const state = windowOf(ledger);
  const linked = Object.values(ledger.snapCards ?? {}).includes(snapCard.id);
  const stopped = state?.settlement?.cancelled && ledger.result?.cancelled;
  if (!first || !seal || !state || !linked || !stopped || ledger.closed || ledger.snapUndone)
    return;
  if (readCard(seal)?.attacker.health !== "up") return;
  const claim = `refresh-${snapCard.id}`;
  if (!(await claimOnDocument(first, "system.claims", claim))) return;
  const result = await resettleStanding(seal, state, first, ledger.rolled).catch((err: unknown) => {
    console.error("Fray | settling a card again after its Snap Attack was undone failed", err);
    return null;
  });
  if (!result) {
    await releaseDocumentClaim(first, "system.claims", claim);
    return;
  }
  // Replaced whole, not merged into the cancelled one (`cancelled` would stay): a `==` key
  // (common/data/fields.mjs ObjectField#_updateDiff; common/utils/helpers.mjs mergeObject).
  await first.update({
    "system.ledger.==result": result,
    "system.ledger.snapUndone": { messageId: snapCard.id, by: own.ledger.undone.by },
  } as ChatMessage.UpdateData);
}
