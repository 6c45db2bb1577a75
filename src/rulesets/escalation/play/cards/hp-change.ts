import type { ApplyMode } from "./card-spec";

/**
 * The HP change a mode asks for from a card's damage: apply, half (rounded down), double, heal.
 * Zero is zero whatever the mode (a `-0` must never count as healing).
 */
export function hpChange(mode: ApplyMode, damage: number): number {
  const change = mode === "apply" ? -damage : mode === "half" ? -Math.floor(damage / 2)
    : mode === "double" ? -damage * 2 : damage;
  return change === 0 ? 0 : change;
}
