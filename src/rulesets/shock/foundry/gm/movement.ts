import type { Move } from "../../../../shell/movement/watch";
import type { ShockCombatant } from "../documents/combatant";
import { foesLeftBehind } from "../../play/cards/opportunity";
import { offerOnce } from "../../../../shell/offers/runtime";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { Footprint } from "../../play/cards/screen";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import { candidateOf, candidatesOf, OPPORTUNITY_KIND, offerText } from "./opportunity";
import { squareGrid } from "./placement";
import { footprintAt } from "../../play/requests/movement";

/**
 * Leaving a foe's reach provokes (`002_5e27cdf788b28f5f.txt` §Run: "When you leave a melee
 * combatant's range … they get an Attack of Opportunity. To avoid this, you must Disengage
 * first"; RULINGS.md §shock Attacks of Opportunity), whatever moved the token: a drag, the
 * keyboard, a module's API call (the shell's movement watch, `shell/movement/watch.ts`, judges
 * only a creature's change of place). On the active GM, once per move, it puts the mover back at
 * its origin, finds the adjacent foes that some square of the move no longer touches (armed for melee,
 * able, not grappling, the mover not Disengaged) and posts the same offer a provoking action gets
 * (`gm/opportunity.ts`) through the shell's `offerOnce` (`shell/offers/runtime.ts`), leaving out
 * foes already offered an attack on this mover this turn (a Run
 * from the sheet and its drag are one provocation). Not judged: undoing a move and setting a place
 * in the token's configuration (no one moved), and Fray's own rule moves (`frayForced`: a carried
 * or thrown foe did not move of its own accord). The GM applies only this: reach beyond the
 * adjacent squares (big foes, Long weapons) and gridless scenes stay the GM's call.
 */
export async function afterMove(move: Move): Promise<void> {
  const combat = move.combat as ShockCombat;
  const mover = move.combatant as ShockCombatant;
  const actor = mover.actor as ShockActor | null;
  if (!mover.id || !actor || actor.health !== "up" || mover.isDefeated) return;
  const token = move.token as Footprint;
  const path = move.path.map((w) => footprintAt(w, token));
  const before = { ...candidateOf(mover), at: footprintAt(move.origin, token) };
  const foes = foesLeftBehind(before, path, mover.budget, candidatesOf(combat), squareGrid(combat));
  const line = t("FRAY.Shock.Move.LeftReach", { name: mover.name ?? "" });
  await offerOnce(combat, mover, foes, OPPORTUNITY_KIND, "move", offerText(line));
}
