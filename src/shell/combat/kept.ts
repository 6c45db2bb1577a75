import type { ObjectSpec } from "../../engine/schema/spec";
import { keptChanges, keptRecord, keptRedirect } from "./kept-record";

/**
 * The store of what the GM trusts per combatant (see `kept-record.ts` for where and why), read
 * and written in Foundry. A ruleset's Combat class declares its kept fields as its static `kept`
 * (an object field spec); every read of those fields goes through `keptOf`, every write through
 * `writeKept` (a GM's client: only a GM can update a Combat's flags) or, for a player, a GM
 * request (`kept-spend.ts`).
 *
 * Combats from before the store are moved onto it once by the active GM (`kept-migration.ts`);
 * until the world setting `fray.keptEconomy` records that, a combatant with no kept entry reads
 * its fields from its own `system`, as before. Once it does, nothing is read from there again.
 * Version 1 kept the round's economy and marks; version 2 added the fields a class names in its
 * static `keptSince` (shock's side and fled mark); version 3 escalation's band and order.
 */
export const KEPT_VERSION = 3;

/** A combat as the kept store reads and writes it. */
export interface KeptCombat {
  readonly id: string | null;
  readonly flags?: unknown;
  readonly combatants?: { get(id: string): unknown };
  update(changes: object, options?: object): Promise<unknown>;
}

/** The kept fields a combat's class declares (its static `kept`), or null for none. */
export function keptSpecOf(combat: unknown): ObjectSpec | null {
  const cls = (combat as { constructor?: { kept?: ObjectSpec | null } } | null)?.constructor;
  return cls?.kept ?? null;
}

/** The version of the store each kept field came with (its class's static `keptSince`). */
export function keptSinceOf(combat: unknown): Readonly<Record<string, number>> {
  const cls = (combat as { constructor?: { keptSince?: Record<string, number> } } | null)
    ?.constructor;
  return cls?.keptSince ?? {};
}

/**
 * Where a combatant's kept fields were before the store: its class's static `keptLegacy` (shock
 * adds the `fled` flag), else the Combatant's `system`.
 */
export function keptLegacyOf(combat: unknown, combatant: unknown): unknown {
  const cls = (combat as { constructor?: { keptLegacy?: (c: unknown) => unknown } } | null)
    ?.constructor;
  return cls?.keptLegacy ? cls.keptLegacy(combatant)
    : (combatant as { system?: unknown } | undefined)?.system ?? null;
}

/** Whether the world's combats were moved onto the store (a world setting only a GM writes). */
export function keptMigrated(): boolean {
  try {
    return Number(game.settings?.get("fray", "keptEconomy") ?? 0) >= KEPT_VERSION;
  } catch {
    // Not registered (a world without Fray's settings yet): nothing old is read.
    return true;
  }
}

/** The stored kept entry of a combatant, as the combat's flags hold it (untrusted shape). */
function storedEntry(combat: KeptCombat, combatantId: string): unknown {
  const kept = (combat.flags as { fray?: { kept?: Record<string, unknown> } } | undefined)
    ?.fray?.kept;
  return kept && Object.hasOwn(kept, combatantId) ? kept[combatantId] : undefined;
}

/**
 * A combatant's kept fields, every one filled (see `keptRecord`); an empty object when the
 * combat's ruleset keeps none.
 */
export function keptOf(combat: KeptCombat, combatantId: string): Record<string, unknown> {
  const spec = keptSpecOf(combat);
  if (!spec) return {};
  const stored = storedEntry(combat, combatantId);
  const legacy = stored === undefined && !keptMigrated()
    ? keptLegacyOf(combat, combat.combatants?.get(combatantId)) : null;
  return keptRecord(spec, stored, legacy);
}

/**
 * Writes kept fields, GM only, in one Combat update (each field its own dotted key).
 * @param patches by combatant id, the fields to write (each must fit its field)
 * @param extra other changes of the same Combat update (a receipt, the turn a reorder keeps)
 * @param options the update's options (a reorder's `turnEvents`)
 * @throws Error on a player's client (Foundry would refuse the write anyway), or for a field the
 *   combat does not keep
 */
export async function writeKept(
  combat: KeptCombat, patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  extra: Record<string, unknown> = {}, options?: object,
): Promise<void> {
  if (!game.user?.isGM) throw new Error("Fray | only a GM's client writes kept combatant fields");
  const spec = keptSpecOf(combat);
  if (!spec) throw new Error("Fray | this combat keeps no combatant fields");
  const changes = { ...keptChanges(spec, patches), ...extra };
  if (!Object.keys(changes).length) return;
  await combat.update(changes, ...(options ? [options] : []));
}

/**
 * Where a field recorded on a Combatant's `system` before the store lives now (a card's step
 * recorded then, undone now): the Combat's kept path, when the Combatant's combat keeps it.
 */
export function keptLocation(uuid: string, path: string): { uuid: string; path: string } | null {
  const combatUuid = /^(.*Combat\.[A-Za-z0-9]+)\.Combatant\.[A-Za-z0-9]+$/.exec(uuid)?.[1];
  if (!combatUuid) return null;
  const combat = fromUuidSync(combatUuid as Parameters<typeof fromUuidSync>[0]);
  return keptRedirect(keptSpecOf(combat), uuid, path);
}
