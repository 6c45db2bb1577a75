import { trustedRecords } from "../../../../shell/cards/records";
import {
  ledgerOf, refusalOf, sealOf, type ShockLedger, type ShockSeal,
} from "../../play/cards/card-seal";

/** A shock card's records as the GM wrote them (null: not the GM's card, or no card). */
export function shockRecords(message: ChatMessage.Implementation):
  { seal: ShockSeal | null; ledger: ShockLedger; refused: boolean } | null {
  const records = message.type === "shockAttack" ? trustedRecords(message) : null;
  return records && {
    seal: sealOf(records.seal), ledger: ledgerOf(records.ledger),
    refused: refusalOf(records.seal) !== null,
  };
}
