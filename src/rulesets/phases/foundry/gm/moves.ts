import type { Move } from "../../../../shell/movement/watch";
import { walkedOf } from "../../../../shell/movement/walked";
import { enemiesOnWalk } from "../../../../shell/movement/walk-enemies";
import { moveTokenAsRule } from "../../../../shell/movement/rule-move";
import { offerOnce } from "../../../../shell/offers/runtime";
import { attackOffer } from "../../../../shell/offers/attack-offer";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { opportunityAttackOf } from "../../rules/statblock";
import { judgeMove, LEAVING, OPPORTUNITY_KIND, type Walk } from "../../play/round/moves";
import { isPhasesActor, type PhasesActor } from "../documents/actor";
import type { PhasesCombat } from "../documents/combat";
import type { PhasesCombatant } from "../documents/combatant";
import { attackWith } from "../chat/attack";

/**
 * Moves in a started phases encounter (the shell's movement watch: an undo, a Token Config edit
 * and Fray's rule moves are not moves): each drag of a combatant's token is judged against its
 * movement power (`play/round/moves.ts`), on the moving client first (a player's move that would
 * be refused is not sent, with the reason) and then once on the active GM's, which keeps the
 * power and its squares, puts back a player's move that got past its client, and offers each
 * enemy whose square the mover left an opportunity attack (the shell's offer runtime). The
 * enemy's owner takes it on its own client: its basic melee attack against the mover, whose card
 * names the offer for the GM to check. A GM's drag is never put back. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement Phase Notes; RULINGS.md §phases
 * Opportunity attack.
 */

/**
 * The drag on its scene's grid with the enemies standing there: the encounter's other phases
 * combatants whose token is of the other disposition (friendly against hostile), with whether
 * each has a melee attack to strike with. Null on a gridless scene (the GM's call).
 */
function walkOf(move: Move, combat: PhasesCombat, mover: PhasesCombatant): Walk | null {
  const walked = walkedOf(move);
  if (!walked) return null;
  const enemies = enemiesOnWalk(combat.phasesCombatants, mover, walked, (c, actor) => {
    const up = isPhasesActor(actor) && (actor as PhasesActor).health === "up" && !c.isDefeated;
    return up ? { strikes: opportunityAttackOf((actor as PhasesActor).statblock) !== null } : null;
  });
  return {
    grid: walked.placement.grid, cells: walked.cells, enemies, difficult: walked.difficult,
    ...(walked.size ? { size: walked.size } : {}),
  };
}

const refusalText = (key: string, mover: PhasesCombatant) =>
  t(`FRAY.Phases.Refuse.${key}`, { name: mover.name ?? "" });

/** On the moving client, before the move is sent: a player's refused move does not happen. */
export function beforeMove(move: Move): boolean {
  const combat = move.combat as PhasesCombat;
  const mover = move.combatant as PhasesCombatant;
  const facts = combat.moverFacts(mover);
  if (!facts || move.byGM) return true;
  const judged = judgeMove(walkOf(move, combat, mover), facts, false);
  if (judged.ok) return true;
  ui.notifications?.warn(refusalText(judged.key, mover));
  return false;
}

/** On the active GM's client, once per move. */
export async function afterMove(move: Move): Promise<void> {
  const combat = move.combat as PhasesCombat;
  const mover = move.combatant as PhasesCombatant;
  const facts = combat.moverFacts(mover);
  if (!mover.id || !facts) return;
  const judged = judgeMove(walkOf(move, combat, mover), facts, move.byGM);
  if (!judged.ok) {
    // A player's move its power does not allow (sent past its client's check): it did not happen.
    await moveTokenAsRule(move.token, move.origin);
    ui.notifications?.warn(t("FRAY.Phases.Moves.PutBack", {
      name: mover.name ?? "", reason: refusalText(judged.key, mover),
    }));
    return;
  }
  if (Object.keys(judged.patch).length) await combat.keep({ [mover.id]: judged.patch });
  if (!judged.provoked.length) return;
  await offerOnce(combat, mover, judged.provoked, OPPORTUNITY_KIND, "move", {
    title: t("FRAY.Phases.Opportunity.Title"),
    line: t("FRAY.Phases.Opportunity.Line", { name: mover.name ?? "" }),
    button: (name) => t("FRAY.Phases.Opportunity.Button", { name }),
  }, undefined, { [LEAVING]: judged.leaving ?? {} });
}

/**
 * Taking an opportunity attack offered by the active GM, on the enemy's owner's client: its
 * basic melee attack (`opportunityAttackOf`) against the offer's mover.
 */
export const OPPORTUNITY_OFFER = attackOffer("FRAY.Phases.Opportunity.Unarmed", (actor) => {
  const power = isPhasesActor(actor) ? opportunityAttackOf((actor as PhasesActor).statblock) : null;
  return power ? actor.items.get(power.id) : undefined;
}, (actor, item, opportunity) => attackWith(actor as PhasesActor, item, { opportunity }));
