import type { Move } from "../../../../shell/movement/watch";
import { stepsOf, walkedOf } from "../../../../shell/movement/walked";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";

/**
 * On the moving client, before a player's move is sent (the shell's movement watch): in a
 * started encounter the move must be one the mover's AP pay for, in its own turn, within 2 AP of
 * movement (`ActionPointsCombat#moveVerdict`); else the token stays and the player is told why.
 * The GM's drags are the GM's call. Source: `004_2cc57162401858c9.txt` §Actions (Movement).
 */
export function beforeMove(move: Move): boolean {
  if (move.byGM) return true;
  const walked = walkedOf(move);
  if (!walked) return true;
  const combat = move.combat as ActionPointsCombat;
  const verdict = combat.moveVerdict(move.combatant as ActionPointsCombatant, stepsOf(walked));
  if (!verdict.ok) ui.notifications?.warn(verdict.reason);
  return verdict.ok;
}
