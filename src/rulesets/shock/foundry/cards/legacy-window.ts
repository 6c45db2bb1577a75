import type { CardRecords } from "../../../../shell/cards/kind";
import { ledgerOf, sealOf } from "../../play/cards/card-seal";
import { cardDone, targetOf } from "../../play/cards/card-window";
import {
  legacyContext, legacyEvents, legacyLedgerUpdate, legacySnapCards, needsWindow, replayLegacy,
} from "../../play/cards/legacy-window";
import { shockRecords } from "../chat/card-records";
import { factsOf, readCard } from "../gm/reading";
import { acsNow, ledgerOfPlay, openingOf } from "../gm/window";

/**
 * A shock card of the release before the card kept its reaction window (see
 * `play/cards/legacy-window.ts` for what is replayed and why): the card kind's `upgrade` reads the
 * documents now, replays the old ledger on a window opened from them, and writes the result.
 * @returns whether it opened the card's window.
 */
export async function reopenLegacyCard(
  message: ChatMessage.Implementation, records: CardRecords,
): Promise<boolean> {
  const seal = sealOf(records.seal);
  const ledger = ledgerOf(records.ledger);
  if (!seal || !needsWindow(ledger)) return false;
  const reading = readCard({ ...seal, tokenUuid: targetOf(seal, ledger).tokenUuid });
  if (!reading) return false;
  const combat = reading.combat?.started ? reading.combat : null;
  const attacker = reading.attacker as Actor.Implementation;
  const attackerId = seal.execution ? "" : combat?.combatantOf(attacker)?.id ?? "";
  const now = openingOf(reading, factsOf(reading, seal), attackerId).context;
  const context = legacyContext(now, seal, ledger);
  const defended = ledger.reaction?.choice === "totalDefense" ? [context.ward] : [];
  const done = (id: string) => {
    const card = game.messages?.get(id);
    const r = card ? shockRecords(card) : null;
    return Boolean(r && cardDone(r.seal, r.ledger, r.refused));
  };
  const events = legacyEvents(ledger, context.ward, done, reading.attacker.health !== "up");
  const state = replayLegacy({ ...context, ac: acsNow(reading, context, defended) }, events,
    Boolean(ledger.reaction));
  const played = await ledgerOfPlay(seal, state, message, ledger.result);
  await message.update(legacyLedgerUpdate(ledger, played) as ChatMessage.UpdateData);
  // A snap card of that release does not name the card it answers: it reports there once done.
  for (const { messageId } of legacySnapCards(ledger)) {
    const snapCard = game.messages?.get(messageId);
    const own = snapCard ? shockRecords(snapCard)?.seal : null;
    if (snapCard && own?.snap && !own.snapFor)
      await snapCard.update({ "system.seal.snapFor": message.id } as ChatMessage.UpdateData);
  }
  return true;
}
