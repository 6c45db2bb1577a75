import { registerCombatRequests } from "./combat-requests";
import { registerOpportunity } from "./opportunity";
import { registerSourceDown } from "./source-down";

/**
 * Everything that runs only on the active GM's client, registered on every client at `init`
 * (any client may become the active GM): the handlers of players' requests and the effects
 * that end when their source is out of the fight.
 */
export function registerGMRequests(): void {
  registerCombatRequests();
  registerOpportunity();
  registerSourceDown();
}
