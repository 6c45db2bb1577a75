import type { Walked } from "../../../../shell/movement/walked";
import { offerOnce } from "../../../../shell/offers/runtime";
import type { Recorder } from "../../../../shell/cards/recorder";
import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  REACTION_KIND, provokedByMove, provokedByTumble, provokedInPlace, threatsFrom,
  type Threat,
} from "../../play/round/reaction-attacks";
import { isActionPointsActor } from "../../play/actors/health";
import { fieldToken } from "../cards/reading";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";

/**
 * Reaction attacks on the active GM's client (`004_2cc57162401858c9.txt` §Reaction Attacks,
 * §Threat Range, §Taking a Step): a token moving out of a hex an enemy threatens, whatever moved
 * it (the shell's movement watch; an undo, a Token Config edit and Fray's rule moves are not
 * moves), and a spell cast where enemies threaten the caster, offer each such enemy standing with
 * 1 RP a reaction attack, through the shell's offer runtime (a GM prompt, each part taken once in
 * its round). A Take a Step's one hex provokes nothing. The enemy's owner makes it on its own
 * client: an unmodified attack with its readied melee weapon, whose card names the offer; the GM
 * checks the grant when it seals that card and takes 1 RP then. A reaction attack provokes
 * nothing new. Gridless scenes are the GM's call (nothing is offered).
 */
/** Every other combatant as a threat to `mover` (enemies: another side, as the GM keeps it). */
function threatsTo(combat: ActionPointsCombat, mover: ActionPointsCombatant): Threat[] {
  const placement = placementOf(mover.token?.parent);
  const tokens = combat.apCombatants.flatMap((c) => {
    const t = c.token as TokenDocument.Implementation | null;
    return t?.actor && isActionPointsActor(t.actor) ? [fieldToken(t, c, placement)] : [];
  });
  return threatsFrom(tokens, { id: mover.id ?? "", side: mover.side });
}

/** Offers `ids` a reaction attack against `mover`, once per turn (the shell's `offerOnce`). */
async function offerTo(
  combat: ActionPointsCombat, mover: ActionPointsCombatant, ids: readonly string[],
  cause: "move" | "cast" | "tumble" | "stand", recorder?: Recorder,
): Promise<void> {
  await offerOnce(combat, mover, ids, REACTION_KIND, cause, {
    title: t("FRAY.ActionPoints.Reacting.Title"),
    line: t(`FRAY.ActionPoints.Reacting.${cause}`, { name: mover.name ?? "" }),
    button: (name) => t("FRAY.ActionPoints.Reacting.Button", { name }),
  }, recorder);
}

/**
 * A failed Tumble Through provokes only the enemy it tried to pass (§Tumble Through), if it may
 * still make a reaction attack.
 */
export async function offerTumble(
  combat: ActionPointsCombat, mover: ActionPointsCombatant, enemyId: string, recorder: Recorder,
): Promise<void> {
  const ids = provokedByTumble(threatsTo(combat, mover), enemyId);
  if (ids.length) await offerTo(combat, mover, ids, "tumble", recorder);
}

/**
 * A move out of threatened hexes provokes (active GM, after the movement watch's move); a Take a
 * Step's one hex does not (`stepping`: as the GM kept it before the move).
 */
export async function offerForMove(
  combat: ActionPointsCombat, mover: ActionPointsCombatant, walked: Walked, stepping: boolean,
): Promise<void> {
  const { grid } = walked.placement;
  const ids = provokedByMove(grid, walked.cells, walked.size, threatsTo(combat, mover), stepping);
  if (ids?.length) await offerTo(combat, mover, ids, "move");
}

/**
 * A spell cast (after its card is sealed) or a stand up from prone provokes each enemy
 * threatening the combatant where it is.
 */
export async function provokeInPlace(
  combat: ActionPointsCombat, c: ActionPointsCombatant, cause: "cast" | "stand",
  recorder?: Recorder,
): Promise<void> {
  const placement = placementOf(c.token?.parent);
  const at = c.token && placement ? placement.footprint(tokenPlace(c.token)) : null;
  if (!placement || !at) return;
  const ids = provokedInPlace(placement.grid, at, threatsTo(combat, c));
  if (ids?.length) await offerTo(combat, c, ids, cause, recorder);
}

/** A paid Stand Up (the GM, after the spend): the prone status ends, and it provokes. */
export async function standUp(combat: ActionPointsCombat, c: ActionPointsCombatant):
  Promise<void> {
  await c.actor?.toggleStatusEffect("prone", { active: false });
  await provokeInPlace(combat, c, "stand");
}
