import { afterHpChange } from "../../rules/death-save";
import { hpAfterDamage, hpAfterHealing } from "../../rules/health";
import type { CharacterSource } from "../../rules/models";

type DeathData = CharacterSource["death"];

/**
 * A character's death track after its HP goes from `before` to `after` (`afterHpChange`), and
 * `upNextTurn` set when the change brings it back up from 0 or below: a heal that ends Dying does
 * so "as if they had succeeded at a Death Save", so it acts from its next turn — unless
 * `actsNow` (a death save's natural 17+, which "can act immediately"). Any other change keeps the
 * mark as it was. Source: `000_c2dc3d650823e22d.txt` §Dying and Death.
 * @param death the stored track; `hpMax` for a drop's hard first save; `crit` a crit's drop.
 */
export function deathAfterHpChange(
  death: DeathData,
  change: { before: number; after: number; hpMax: number; crit?: boolean },
  actsNow = false,
): DeathData {
  const track = afterHpChange(death, change);
  const backUp = change.before <= 0 && change.after > 0;
  return { ...death, ...track, upNextTurn: backUp ? !actsNow : death.upNextTurn };
}

/**
 * What a change of HP by `delta` (negative: damage) writes: the HP after it (a PC may go below 0,
 * an NPC stops at 0; healing stops at max) and a character's death track after it (a drop starts
 * Dying, hard after a crit or a drop to −½ max; a heal back up acts from its next turn). A zero
 * change writes nothing: a `-0` must not count as healing (which lifts a Dying PC to 0).
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Damage, §Healing.
 * @param actor its HP and, for a character, its stored death track (null for an NPC).
 * @returns null for no change, else the HP after and the system update.
 * @throws RangeError on a non-integer delta.
 */
export function hpChangeWrite(
  actor: { readonly hp: { value: number; max: number }; readonly death: DeathData | null },
  delta: number, crit = false,
): { after: number; system: { hp: { value: number }; death?: DeathData } } | null {
  if (!Number.isInteger(delta)) {
    throw new RangeError(`HP change must be a whole number, got ${delta}`);
  }
  if (delta === 0) return null;
  const { value: before, max } = actor.hp;
  const isPC = actor.death !== null;
  const after = delta < 0 ? hpAfterDamage(before, -delta, isPC)
    : hpAfterHealing(before, delta, max);
  const death = actor.death
    ? { death: deathAfterHpChange(actor.death, { before, after, hpMax: max, crit }) }
    : {};
  return { after, system: { hp: { value: after }, ...death } };
}
