import type { Delta } from "../../../../engine/deltas/delta";
import type { CardRecords, StepRecord } from "../../../../shell/cards/kind";
import type { FrayActor } from "../documents/actor";
import { recordsOf, sealOf, type ApplyRecord } from "../../play/cards/card-seal";
import { stepKey } from "../../play/requests/attack-steps";

/**
 * An attack card sealed before the card runtime kept what Undo needs in each apply record (the HP
 * change, a character's death track before and after, the effects created, a Confused attacker's
 * self-damage). This turns every apply in force into the runtime's step record with the same
 * meaning: the HP change may have later hits on top (an NPC never undone below 0, nobody above
 * their maximum), the death track must be as the apply left it, the effects go if still there,
 * the self-damage is given back. Read on the active GM's client, which knows whether each target
 * is a character.
 */
export function migrateAttackCard(
  _message: ChatMessage.Implementation, records: CardRecords,
): Record<string, StepRecord> {
  const seal = sealOf(records.seal);
  if (seal?.kind !== "attack") return {};
  const steps: Record<string, StepRecord> = {};
  seal.targets.forEach((target, index) => {
    const token = fromUuidSync(target.tokenUuid) as TokenDocument.Implementation | null;
    const actor = token?.actor as FrayActor | null | undefined;
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

/** Where an old apply's changes live: the target actor (a character or not), the attacker. */
export interface LegacyTarget {
  readonly actorUuid: string;
  readonly isPC: boolean;
  readonly attackerUuid: string | null;
}

function hp(uuid: string, isPC: boolean, amount: number): Delta {
  const max = { uuid, path: "system.hp.max" };
  return { kind: "add", uuid, path: "system.hp.value", amount, max, ...(isPC ? {} : { min: 0 }) };
}

/** The deltas of an apply recorded before the runtime, with the meaning its undo had. Pure. */
export function legacyDeltas(record: ApplyRecord, at: LegacyTarget): Delta[] {
  const deltas: Delta[] = [];
  if (record.hpChange !== 0) deltas.push(hp(at.actorUuid, at.isPC, record.hpChange));
  if (at.isPC && record.deathAfter) {
    deltas.push({
      kind: "set", uuid: at.actorUuid, path: "system.death",
      before: { ...(record.deathBefore ?? record.deathAfter) },
      after: { ...record.deathAfter },
    });
  }
  for (const id of record.addedEffects ?? [])
    deltas.push({ kind: "create", uuid: `${at.actorUuid}.ActiveEffect.${id}` });
  // The attacker is a character or not; its HP was only ever given back up to its maximum.
  if (record.selfDamage > 0 && at.attackerUuid)
    deltas.push(hp(at.attackerUuid, true, -record.selfDamage));
  return deltas;
}
