import { afterHpChange } from "../../rules/death-save";
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
