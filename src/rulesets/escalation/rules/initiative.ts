import { BANDS, type Band } from "./constants";

/**
 * Initiative bands: Very Fast → Very Slow; in each band all PCs act, in an order their players
 * choose, then all enemies. Source: `000_c2dc3d650823e22d.txt` §Initiative Bands, §Delaying your
 * Turn; RULINGS.md §escalation Bands.
 */
export interface BandEntry {
  readonly id: string;
  readonly band: Band;
  readonly isPC: boolean;
  /** Player-chosen position inside the band's PC (or enemy) group; lower goes first. */
  readonly order: number;
}

export function bandIndex(band: Band): number {
  return BANDS.indexOf(band);
}

/** Comparator for bands: band, then PCs before enemies, then group order, then id (stable). */
export function compareBands(a: BandEntry, b: BandEntry): number {
  return (
    bandIndex(a.band) - bandIndex(b.band)
    || Number(b.isPC) - Number(a.isPC)
    || a.order - b.order
    || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** A sorted copy; the input is not changed. */
export function orderByBands<T extends BandEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(compareBands);
}

/**
 * The band a combatant delays to. Delay only ever moves to a lower (slower) band and lasts for the
 * rest of the encounter.
 * @throws RangeError when `to` is not slower than `from`.
 */
export function delayTo(from: Band, to: Band): Band {
  if (bandIndex(to) <= bandIndex(from))
    throw new RangeError(`cannot delay from ${from} to ${to}: not a lower band`);
  return to;
}

/**
 * The initiative number Foundry shows for a band entry: higher acts first. It encodes band and side
 * only; order inside a group is the combatant's own sort value.
 */
export function bandInitiative(band: Band, isPC: boolean): number {
  return (BANDS.length - bandIndex(band)) * 10 + (isPC ? 5 : 0);
}

/**
 * The band after taking a readied action: in the round it was readied, the band of the trigger
 * (the readier acts right before it) for the rest of the encounter; in the next round the band is
 * unchanged. Source: `000_c2dc3d650823e22d.txt` §Readying an Action; RULINGS.md §escalation
 * Bands.
 */
export function readiedBand(current: Band, trigger: Band, sameRound: boolean): Band {
  return sameRound ? trigger : current;
}
