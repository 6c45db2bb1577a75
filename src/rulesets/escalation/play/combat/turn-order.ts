import {
  bandInitiative, compareBands, readiedBand, type BandEntry,
} from "../../rules/initiative";
import { BANDS, type Band } from "../../rules/constants";
import type { KeptSource } from "../../rules/models";

/**
 * A combatant's place in the turn order from what the GM keeps on its combat (`KEPT_SPEC`, in the
 * Combat's `flags.fray.kept`: shell/combat/kept.ts), never from its own `system` or `initiative`,
 * which its player may write (Foundry v13 common/documents/combatant.mjs): the kept band, or while
 * the GM has written none (`""`, before the active GM saw it join) the band its documents give
 * (`byDocuments`: its actor's), and the kept order inside its band's PC (or enemy) group.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative Bands.
 * @param kept its kept record (every field filled), or null outside a combat that keeps one
 */
export function bandEntry(
  id: string, kept: Pick<KeptSource, "band" | "order"> | null, byDocuments: Band, isPC: boolean,
): BandEntry {
  return { id, band: kept?.band || byDocuments, isPC, order: kept?.order ?? 0 };
}

/** A combatant as the turn order reads it: its id, kept record, documents' band and side. */
export interface OrderedCombatant {
  readonly id: string;
  readonly kept: Pick<KeptSource, "band" | "order"> | null;
  readonly byDocuments: Band;
  readonly isPC: boolean;
}

/** The ids in turn order (`compareBands` over each `bandEntry`); the input is not changed. */
export function turnOrder(combatants: readonly OrderedCombatant[]): string[] {
  return combatants.map((c) => bandEntry(c.id, c.kept, c.byDocuments, c.isPC))
    .sort(compareBands).map((e) => e.id);
}

/** A band or group-order change the GM writes to the kept store. */
export type OrderPatch = { readonly band?: Band; readonly order?: number };

/** The entries of `entry`'s band and side, in turn order (`compareBands`). */
function groupOf(entries: readonly BandEntry[], band: Band, isPC: boolean): BandEntry[] {
  return entries.filter((e) => e.band === band && e.isPC === isPC).sort(compareBands);
}

/** Every member of a group numbered by its place, so equal orders can never tie again. */
function numbered(group: readonly BandEntry[], moved?: { id: string; band: Band }):
  Record<string, OrderPatch> {
  return Object.fromEntries(group.map((e, i) => [
    e.id, e.id === moved?.id ? { band: moved.band, order: i } : { order: i },
  ]));
}

/**
 * Taking a readied action in the round it was readied: the readier joins the trigger's band for
 * the rest of the encounter, placed right before the trigger when both are on one side (else last
 * in its side's group there), and that group is numbered again. Empty when either is missing or
 * they are the same combatant. Source: `000_c2dc3d650823e22d.txt` §Readying an Action.
 * @param entries every combatant's entry as kept now
 */
export function readiedOrder(
  entries: readonly BandEntry[], id: string, triggerId: string,
): Record<string, OrderPatch> {
  const readier = entries.find((e) => e.id === id);
  const trigger = entries.find((e) => e.id === triggerId);
  if (!readier || !trigger || readier === trigger) return {};
  const band = readiedBand(readier.band, trigger.band, true);
  const group = groupOf(entries.filter((e) => e !== readier), band, readier.isPC);
  const at = group.indexOf(trigger);
  group.splice(at < 0 ? group.length : at, 0, readier);
  return numbered(group, { id, band });
}

/**
 * A combatant moved one place earlier (-1) or later (+1) inside its band's PC (or enemy) group:
 * the group numbered again, or empty when there is no place to move to (or no such combatant).
 */
export function shiftedOrder(
  entries: readonly BandEntry[], id: string, direction: -1 | 1,
): Record<string, OrderPatch> {
  const moved = entries.find((e) => e.id === id);
  if (!moved) return {};
  const group = groupOf(entries, moved.band, moved.isPC);
  const at = group.indexOf(moved);
  const other = group[at + direction];
  if (!other) return {};
  group[at] = other;
  group[at + direction] = moved;
  return numbered(group);
}

/**
 * The band an initiative number stands for, the inverse of `bandInitiative`: the fastest band whose
 * enemy number it reaches (Very Fast 50+, Fast 40+, Medium 30+, Slow 20+, Very Slow below), so any
 * number a GM types lands in a band and a higher number never acts later.
 */
export function bandOfInitiative(initiative: number): Band {
  return (
    BANDS.find((band) => initiative >= bandInitiative(band, false)) ?? BANDS[BANDS.length - 1]!
  );
}

/**
 * The band a typed initiative number moves a combatant to, and the number shown for that band and
 * side; null when the change sets no number (clears it, or has none). A GM typing in the tracker
 * (Foundry v13 client/applications/sidebar/tabs/combat-tracker.mjs `_onUpdateInitiative` writes
 * just `initiative`) moves the combatant by this; a player's number moves nothing.
 */
export function bandEdit(
  changed: { initiative?: unknown }, isPC: boolean,
): { band: Band; initiative: number } | null {
  const value = changed.initiative;
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const band = bandOfInitiative(value);
  return { band, initiative: bandInitiative(band, isPC) };
}
