/**
 * A combatant's entry in a turn order of places (ranked initiative rolled, then kept as each
 * combatant's place: action-points' order, phases' order for the round): its place, 0 first, or
 * null until it has one. Those without a place act after those with one; name, then id, keep the
 * order stable among them and among equal places. Neutral: any ranked scheme whose places the GM
 * keeps.
 */
export interface PlacedEntry {
  readonly id: string;
  /** Its place in the order (0 acts first); null until it has one (acts last). */
  readonly order: number | null;
  readonly name: string;
}

/** Negative when `a` acts before `b`: by place, the placeless last, then name, then id. */
export function comparePlaced(a: PlacedEntry, b: PlacedEntry): number {
  const oa = a.order ?? Number.MAX_SAFE_INTEGER;
  const ob = b.order ?? Number.MAX_SAFE_INTEGER;
  return oa - ob || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
