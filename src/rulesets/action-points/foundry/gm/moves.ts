import type { Move } from "../../../../shell/movement/watch";
import { stepsOf, walkedOf } from "../../../../shell/movement/walked";
import { moveTokenAsRule } from "../../../../shell/movement/rule-move";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";
import { offerForMove } from "./reaction-attacks";

/**
 * A token's move in a started action-points encounter, on the active GM's client once (the
 * shell's movement watch): its hexes are paid from the mover's AP as its Move Speed is used
 * (`ActionPointsCombat#moveVerdict`), then the threatened hexes it left provoke reaction attacks.
 * A move the mover's AP cannot pay is not paid: a GM's drag (off-turn, a correction) stands; a
 * player's (sent past the check its client makes first) is put back and reported to the GM. A
 * Take a Step's one hex (a move of one hex after it) is paid by the step and provokes nothing; a
 * longer move after a step is movement from its first hex, paid and provoking as any.
 * Source: `004_2cc57162401858c9.txt` §Actions (Movement), §Reaction Attacks, §Taking a Step.
 */
export async function afterMove(move: Move): Promise<void> {
  const combat = move.combat as ActionPointsCombat;
  const mover = move.combatant as ActionPointsCombatant;
  const actor = mover.actor as ActionPointsActor | null;
  const walked = walkedOf(move);
  // A GM drags a fallen body where it likes; a player's move of one is refused below (its client
  // refuses it first, `beforeMove`: a client that skips that check is put back all the same).
  const standing = actor?.health === "up" && !mover.isDefeated;
  if (!mover.id || !actor || !walked || (!standing && move.byGM)) return;
  const stepping = mover.data.stepping;
  const hexes = stepsOf(walked);
  const verdict = combat.moveVerdict(mover, hexes);
  // A GM's unpaid drag stands and uses a step taken; a player's is put back and uses nothing.
  const patch = verdict.ok ? verdict.patch : stepping && move.byGM ? { stepping: false } : {};
  if (Object.keys(patch).length) await combat.keep({ [mover.id]: patch });
  if (!verdict.ok && !move.byGM) {
    // A player's move its AP could not pay: it did not happen (and provokes nothing).
    await moveTokenAsRule(move.token, move.origin);
    const name = mover.name ?? "";
    ui.notifications?.warn(t("FRAY.ActionPoints.Moves.Unpaid", {
      name, hexes: `${hexes}`, reason: verdict.reason,
    }));
    return;
  }
  // Only a move of the step's one hex is the step (`ruleMove`): a longer one is paid as movement
  // from its first hex, and provokes from its first hex too.
  await offerForMove(combat, mover, walked, stepping && hexes === 1);
}
