import { edgePool } from "../../../../engine/dice/pool";

/**
 * The dice line of an attack card's target: every die rolled, marked kept or dropped, so an edge
 * pool (`4d6kh3`: Advantage keeps the highest 3, Disadvantage the lowest) reads at a glance.
 * Source: RULINGS.md §escalation Edge; `engine/dice/pool.ts#edgePool`. Pure.
 */
export interface DieView {
  readonly value: number;
  /** Whether this die counts toward the natural (the pool keeps 3). */
  readonly kept: boolean;
}

/** The attack pool's base dice (3d6, §Attacks). */
const BASE_DICE = 3;

/**
 * Marks which dice the pool kept, by position: with edge > 0 the highest three, with edge < 0 the
 * lowest three, ties going to the earlier die (as `keepDice` keeps them). A row whose dice do not
 * match its edge's pool (older cards) shows every die as kept.
 * @param dice every die rolled, in order
 * @param edge the attack's edge (positive: Advantage, negative: Disadvantage)
 */
export function diceView(dice: readonly number[], edge: number): DieView[] {
  const pool = edgePool(BASE_DICE, 6, Number.isInteger(edge) ? edge : 0);
  if (dice.length !== pool.count || pool.keep >= pool.count) {
    return dice.map((value) => ({ value, kept: true }));
  }
  const order = dice.map((value, index) => ({ value, index }))
    .sort((a, b) => (pool.mode === "highest" ? b.value - a.value : a.value - b.value)
      || a.index - b.index);
  const kept = new Set(order.slice(0, pool.keep).map((d) => d.index));
  return dice.map((value, index) => ({ value, kept: kept.has(index) }));
}

/** The dice as plain text for a tooltip or an accessible name ("6 5 6 1"): no punctuation. */
export function diceText(dice: readonly DieView[], which: "all" | "kept" = "all"): string {
  return dice.filter((d) => which === "all" || d.kept).map((d) => d.value).join(" ");
}
