import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { askChoice } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import type { Move } from "../../../../shell/movement/watch";
import { moveTokenAsRule } from "../../../../shell/movement/rule-move";
import { REQUESTS } from "../../play/requests/names";
import { carryButtons, grappledDrag } from "../../play/cards/carry-ask";

/**
 * Moves in a grapple (§Grappling: "neither attackers or defenders can move from their current
 * location"; "If the attacker wishes to move the target, they must spend a Main Action and succeed
 * in an opposed STR/Brawl check"). On the shell's movement watch (`shell/movement/watch.ts`),
 * before the move is sent from the moving client; false cancels it and the token stays where it
 * was (client/documents/token.mjs `_preUpdate`, which then drops the movement fields).
 * - A grappled token's drag is refused with the reason (the GM may still place it: a shove's push).
 * - A grappler's drag is the wish to move its foe: the move is cancelled and its user asked to
 * carry
 *   the foe along (10 ft) or throw it (5 ft, prone); the active GM checks and rolls it
 * (`gm/carry.ts`).
 *   The GM may also move the grappler alone.
 * Moves Fray's GM makes for a rule carry `frayForced` and are never judged again.
 */
/** Before a move, on the moving client: false cancels it. */
export function beforeMove(move: Move): boolean {
  const c = move.combatant as ShockCombatant;
  const combat = move.combat as ShockCombat;
  const doc = move.token;
  const drag = grappledDrag(c.hold, Boolean(game.user?.isGM));
  if (drag === "move") return true;
  if (drag === "refuse") {
    ui.notifications?.warn(t("FRAY.Shock.Carry.Grappled", { name: doc.name ?? "" }));
    return false;
  }
  const to = { x: move.destination.x ?? doc.x, y: move.destination.y ?? doc.y };
  void askCarry(doc, combat, c, to);
  return false;
}

/**
 * Asks the grappler's user what the drag means: carry the foe along, throw it, or (the GM only)
 * move the grappler alone; the first two go to the active GM.
 */
async function askCarry(
  doc: TokenDocument.Implementation,
  combat: ShockCombat,
  c: ShockCombatant,
  to: { x: number; y: number },
): Promise<void> {
  const foe = combat.combatants.get(c.hold.grappling)?.name ?? "";
  const names = { name: doc.name ?? "", target: foe };
  const buttons = carryButtons(names, Boolean(game.user?.isGM), t);
  const title = t("FRAY.Shock.Carry.Title", names);
  const choice = await askChoice(title, t("FRAY.Shock.Carry.Ask", names), buttons);
  if (choice === "carry" || choice === "throw") {
    const request = { combatId: combat.id, combatantId: c.id, mode: choice, x: to.x, y: to.y };
    await requestOfGM(REQUESTS.carry, request);
  } else if (choice === "alone" && game.user?.isGM) {
    // The GM's own judgement: the grappler moves alone, judged by nothing else.
    await warnIfRefused(() => moveTokenAsRule(doc, to));
  }
}
