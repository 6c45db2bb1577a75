/**
 * Engagement between combatants: a symmetric relation between foes. On a gridded scene adjacency
 * derives it; the GM's overrides add or remove pairs on top. Source: `000_c2dc3d650823e22d.txt`
 * §Positioning and Movement, §Free and Engaged, §Opportunity Attacks; RULINGS.md §escalation
 * Engagement.
 */
export interface GridBox {
  readonly id: string;
  /** Top-left cell and size, in grid cells. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Combatants on the same side are never engaged with each other. */
  readonly side: string;
}

/** A canonical key for an unordered pair of combatant ids. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Whether two boxes touch or overlap, diagonals included (no empty cell between them). */
export function adjacent(a: GridBox, b: GridBox): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

/** Every pair of foes whose tokens are adjacent, as pair keys (sorted). */
export function engagementsFromGrid(boxes: readonly GridBox[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as GridBox;
      const b = boxes[j] as GridBox;
      if (a.side !== b.side && adjacent(a, b)) pairs.push(pairKey(a.id, b.id));
    }
  }
  return pairs.sort();
}

/** The GM's changes on top of what the grid says. */
export interface EngagementOverrides {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

export const NO_OVERRIDES: EngagementOverrides = { added: [], removed: [] };

/** The engagement in force: derived pairs, minus the removed, plus the added. */
export function engagedPairs(
  derived: readonly string[],
  overrides: EngagementOverrides,
): Set<string> {
  const out = new Set(derived);
  for (const k of overrides.removed) out.delete(k);
  for (const k of overrides.added) out.add(k);
  return out;
}

/** The ids engaged with `id`. */
export function engagedWith(pairs: ReadonlySet<string>, id: string): string[] {
  const out: string[] = [];
  for (const k of pairs) {
    const [a, b] = k.split("|") as [string, string];
    if (a === id) out.push(b);
    else if (b === id) out.push(a);
  }
  return out.sort();
}

/**
 * The GM toggles one pair: a pair in force is removed, one not in force is added. Overrides that
 * only restore what the grid says are dropped, so the lists never grow stale.
 */
export function toggleEngagement(
  derived: readonly string[],
  overrides: EngagementOverrides,
  a: string,
  b: string,
): EngagementOverrides {
  if (a === b) throw new RangeError("a combatant cannot be engaged with itself");
  const key = pairKey(a, b);
  const inForce = engagedPairs(derived, overrides).has(key);
  const fromGrid = derived.includes(key);
  const added = overrides.added.filter((k) => k !== key);
  const removed = overrides.removed.filter((k) => k !== key);
  if (inForce && fromGrid) removed.push(key);
  if (!inForce && !fromGrid) added.push(key);
  return { added, removed };
}

/** Popping off: the given foes are no longer engaged with `id` (an override removes each pair). */
export function popOff(
  derived: readonly string[],
  overrides: EngagementOverrides,
  id: string,
  foes: readonly string[],
): EngagementOverrides {
  let next = overrides;
  const inForce = engagedPairs(derived, overrides);
  for (const foe of foes)
    if (inForce.has(pairKey(id, foe))) next = toggleEngagement(derived, next, id, foe);
  return next;
}
