import { registerApply } from "./apply";
import { registerHeal } from "./heal";
import { registerCombatRequests } from "./combat-requests";
import { registerSealing } from "./seal";
import { registerOpportunity } from "./opportunity";

/**
 * Everything that runs only on the active GM's client, registered on every client at `init`
 * (any client may become the active GM): card sealing and the handlers of players' requests.
 */
export function registerGMRequests(): void {
  registerSealing();
  registerApply();
  registerHeal();
  registerCombatRequests();
  registerOpportunity();
}
