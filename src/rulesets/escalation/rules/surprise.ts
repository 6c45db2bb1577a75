/**
 * The surprise round: before round 1, two combatants chosen by the ambushing party act; then
 * initiative proceeds as normal. Fray plays it as the combat's first round with only those two
 * taking turns, so the text's round N is the tracker's round N + 1 (and the escalation die follows
 * the text's rounds). Source: `000_c2dc3d650823e22d.txt` §Surprise and Ambushes; RULINGS.md
 * §escalation Surprise.
 */
export const MAX_AMBUSHERS = 2;

/**
 * Adds or removes an ambusher.
 * @throws RangeError when a third would be added (nothing changes).
 */
export function toggleAmbusher(ambushers: readonly string[], id: string): string[] {
  if (ambushers.includes(id)) return ambushers.filter((a) => a !== id);
  if (ambushers.length >= MAX_AMBUSHERS)
    throw new RangeError(`at most ${MAX_AMBUSHERS} combatants act in the surprise round`);
  return [...ambushers, id];
}

/**
 * The index of the next ambusher's turn after `after` (−1 for the first), or null when none is
 * left.
 */
export function nextAmbusherTurn(
  turnIds: readonly string[],
  ambushers: readonly string[],
  after: number,
): number | null {
  for (let i = after + 1; i < turnIds.length; i++)
    if (ambushers.includes(turnIds[i] as string)) return i;
  return null;
}

/** The text's round for a tracker round: one less when a surprise round came first. */
export function ruleRound(trackerRound: number, surprise: boolean): number {
  return surprise ? Math.max(0, trackerRound - 1) : trackerRound;
}

/**
 * Whether the escalation die starts at 1 in the first real round: only when the world option is
 * on and the surprise round was a PC ambush (ambushers chosen, every one of them a PC). An ambush
 * by enemies, or no surprise round at all, leaves the die at 0 in round 1.
 * Source: `000_c2dc3d650823e22d.txt` §Surprise and Ambushes ("If this is an explicit ambush
 * performed by PCs, it might be appropriate to start the Escalation die at 1 in the first real
 * combat round"); RULINGS.md §escalation Escalation die (option).
 * @param option the world option ("start at 1 after a PC ambush").
 * @param ambushers the combatants acting in the surprise round.
 */
export function ambushRaisesDie(
  option: boolean,
  ambushers: readonly { readonly isPC: boolean }[],
): boolean {
  return option && ambushers.length > 0 && ambushers.every((a) => a.isPC);
}
