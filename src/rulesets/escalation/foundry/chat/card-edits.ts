import { DURATIONS, type Duration } from "../../rules/constants";
import type { AttackCard } from "./card-spec";

/**
 * Choosing how long an effect on a card lasts, before it is applied (RULINGS.md: durations are
 * "chosen when applied"). Pure; returns the card's new targets, or null (nothing changes) for an
 * unknown duration, a bad index, or a target already applied.
 */
export function withEffectDuration(
  card: AttackCard, targetIndex: number, effectIndex: number, duration: string, applied: boolean,
): AttackCard["targets"] | null {
  if (!(DURATIONS as readonly string[]).includes(duration)) return null;
  const target = card.targets[targetIndex];
  if (!target || applied || !target.effects[effectIndex]) return null;
  return card.targets.map((t, i) =>
    i !== targetIndex
      ? t
      : {
          ...t,
          effects: t.effects.map((e, j) =>
            j === effectIndex ? { ...e, duration: duration as Duration } : e,
          ),
        },
  );
}
