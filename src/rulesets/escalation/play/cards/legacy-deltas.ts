import type { Delta } from "../../../../engine/deltas/delta";
import type { ApplyRecord } from "./card-seal";

/**
 * What an attack card's apply records from before the card runtime (which now keeps what Undo
 * needs as deltas) meant, as the runtime's deltas; `foundry/cards/attack-migration.ts` reads the
 * documents and turns each card's records into step records.
 */
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

/**
 * The deltas of an apply recorded before the runtime, with the meaning its undo had: the HP
 * change (later hits may stay on top: an NPC never undone below 0, nobody above their maximum),
 * a character's death track as the apply left it, the effects it created, and a Confused
 * attacker's self-damage given back.
 */
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
