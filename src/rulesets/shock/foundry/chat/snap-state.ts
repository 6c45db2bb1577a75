import { trustedRecords } from "../../../../shell/cards/records";
import { ledgerOf, phaseOf, refusalOf, sealOf, type ShockLedger } from "./card-seal";
import { snapsBlock } from "./snap";

/**
 * Where the Snap Attacks granted on a card stand, read from the chat log (every client holds the
 * same cards): the GM's apply refuses while they hold the damage back, the card shows it.
 */
/**
 * Whether a snap attack's card is done: refused, applied or undone, or settled with nothing to
 * apply.
 */
export function cardDone(messageId: string): boolean | null {
  const m = game.messages?.get(messageId);
  if (!m || m.type !== "shockAttack") return null;
  // What the GM wrote, once the card is the GM's; a card its poster still authors is not done.
  const records = trustedRecords(m);
  if (!records) return false;
  const ledger = ledgerOf(records.ledger);
  const phase = phaseOf(sealOf(records.seal), ledger, refusalOf(records.seal) !== null);
  return phase === "refused" || phase === "applied" || phase === "undone"
    || (phase === "resolved" && ledger.result?.kind === "none");
}

/** Whether the snaps granted on a card still hold its damage back (`chat/snap.ts` snapsBlock). */
export function snapsHold(ledger: ShockLedger, isGM: boolean): boolean {
  return snapsBlock(Object.values(ledger.snaps ?? {}), cardDone, isGM);
}
