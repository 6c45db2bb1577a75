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
  const system = m.system as { seal?: unknown; ledger?: unknown };
  const ledger = ledgerOf(system.ledger);
  const phase = phaseOf(sealOf(system.seal), ledger, refusalOf(system.seal) !== null);
  return phase === "refused" || phase === "applied" || phase === "undone"
    || (phase === "resolved" && ledger.result?.kind === "none");
}

/** Whether the snaps granted on a card still hold its damage back (`chat/snap.ts` snapsBlock). */
export function snapsHold(ledger: ShockLedger, isGM: boolean): boolean {
  return snapsBlock(Object.values(ledger.snaps ?? {}), cardDone, isGM);
}
