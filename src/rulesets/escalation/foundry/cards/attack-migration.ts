import type { CardRecords, StepRecord } from "../../../../shell/cards/kind";
import type { FrayActor } from "../documents/actor";
import { recordsOf, sealOf } from "../../play/cards/card-seal";
import { stepKey } from "../../play/requests/attack-steps";
import { legacyDeltas } from "../../play/cards/legacy-deltas";
import { actorOfToken } from "../../../../shell/documents/at-uuid";

/**
 * An attack card sealed before the card runtime kept what Undo needs in each apply record (the HP
 * change, a character's death track before and after, the effects created, a Confused attacker's
 * self-damage). This turns every apply in force into the runtime's step record with the same
 * meaning: the HP change may have later hits on top (an NPC never undone below 0, nobody above
 * their maximum), the death track must be as the apply left it, the effects go if still there,
 * the self-damage is given back. Read on the active GM's client, which knows whether each target
 * is a character; what each record means is `play/cards/legacy-deltas.ts`'s.
 */
export function migrateAttackCard(
  _message: ChatMessage.Implementation, records: CardRecords,
): Record<string, StepRecord> {
  const seal = sealOf(records.seal);
  if (seal?.kind !== "attack") return {};
  const steps: Record<string, StepRecord> = {};
  seal.targets.forEach((target, index) => {
    const actor = actorOfToken(target.tokenUuid) as FrayActor | null;
    const attacker = fromUuidSync(seal.actorUuid as `Actor.${string}`) as FrayActor | null;
    for (const record of recordsOf(records.ledger, index)) {
      if (record.mode === "undo" || record.mode === "void" || !actor) continue;
      steps[stepKey(index, record.op)] = {
        step: "apply", by: record.by,
        deltas: legacyDeltas(record, {
          actorUuid: actor.uuid, isPC: actor.isPC, attackerUuid: attacker?.uuid ?? null,
        }),
      };
    }
  });
  return steps;
}
