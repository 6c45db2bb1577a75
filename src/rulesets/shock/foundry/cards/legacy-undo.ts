import type { CardRecords, StepRecord } from "../../../../shell/cards/kind";
import { KNOCKED_OUT_STATUS } from "../../play/round/health";
import { ledgerOf, sealOf } from "../../play/cards/card-seal";
import { targetOf } from "../../play/cards/card-window";
import { legacyDeltas, type LegacyApplied } from "../../play/cards/legacy-undo";
import { tokenAt } from "../../../../shell/documents/at-uuid";
import { combatantOfToken } from "../../../../shell/combat/located";

/** The step record of a card applied before the runtime, read on the active GM's client. */
export function migrateShockCard(
  _message: ChatMessage.Implementation, records: CardRecords,
): Record<string, StepRecord> {
  const seal = sealOf(records.seal);
  const ledger = ledgerOf(records.ledger);
  const applied = ledger.applied as LegacyApplied | undefined;
  if (!seal || !applied || ledger.undone) return {};
  const token = tokenAt(targetOf(seal, ledger).tokenUuid);
  const actor = token?.actor;
  if (!actor) return {};
  const combat = seal.combatId ? game.combats?.get(seal.combatId) : undefined;
  const combatant = combat && combatantOfToken(combat, token);
  const unconscious = actor.effects.find((e) => e.statuses.has(KNOCKED_OUT_STATUS));
  const deltas = legacyDeltas(applied, {
    actorUuid: actor.uuid, combatantUuid: combatant?.uuid ?? null,
    combatUuid: combat?.uuid ?? null,
    unconsciousUuid: unconscious?.uuid ?? `${actor.uuid}.ActiveEffect.gone`,
  });
  return deltas ? { apply: { step: "apply", by: applied.by, deltas } } : {};
}
