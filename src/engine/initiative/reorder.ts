/**
 * The turn index after a tracker's order changes during a turn (a band move, a group reorder, a
 * readied action, a Delay). The current combatant stays current at its new place, except when it
 * put its turn off (`putOff`, a Delay): then the turn stays at the same index, which now holds
 * whoever stood next (or the delayer itself, when no one stood between its old and new place).
 * Neutral: any scheme whose order can change mid-round (bands, sides, ranked with Delay).
 * @param order combatant ids in the new turn order
 * @param currentId whose turn it was before the change; null when it is no one's turn
 * @param turn the turn index before the change; null when it is no one's turn
 * @returns the new turn index, or null when it is no one's turn or the order is empty
 */
export function turnAfterReorder(
  order: readonly string[], currentId: string | null, turn: number | null, putOff: boolean,
): number | null {
  if (currentId === null || turn === null || order.length === 0) return null;
  const at = order.indexOf(currentId);
  if (putOff || at < 0) return Math.min(turn, order.length - 1);
  return at;
}
