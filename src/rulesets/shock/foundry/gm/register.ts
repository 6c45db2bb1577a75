import { registerApply } from "./apply";
import { registerUndo } from "./undo";
import { registerCombatRequests } from "./combat-requests";
import { registerReact } from "./react";
import { registerSealing } from "./seal";
import { registerGrapple } from "./grapple";
import { registerOpportunity } from "./opportunity";
import { registerCarry } from "./carry";
import { registerMoveWatch } from "./movement";

/**
 * Everything of shock that runs only on the active GM's client, registered on every client at
 * `init` (any client may become the active GM): sealing attack cards and the handlers of players'
 * requests (reactions, applying, initiative, act-next, first aid, carrying a grappled foe), and
 * the watch of moves (leaving reach).
 */
export function registerGMRequests(): void {
  registerSealing();
  registerReact();
  registerApply();
  registerUndo();
  registerCombatRequests();
  registerGrapple();
  registerOpportunity();
  registerCarry();
  registerMoveWatch();
}
