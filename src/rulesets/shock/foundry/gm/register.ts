import { registerCombatRequests } from "./combat-requests";
import { registerGrapple } from "./grapple";
import { registerOpportunity } from "./opportunity";
import { registerCarry } from "./carry";

/**
 * Everything of shock that runs only on the active GM's client, registered on every client at
 * `init` (any client may become the active GM): the handlers of players' requests (initiative,
 * act-next, first aid, breaking free, carrying a grappled foe, opportunity attacks). The attack
 * card's steps, and what its deletion gives back, are its card kind's (`cards/attack-kind.ts`).
 */
export function registerGMRequests(): void {
  registerCombatRequests();
  registerGrapple();
  registerOpportunity();
  registerCarry();
}
