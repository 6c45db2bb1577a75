import { registerCardRender } from "./render";
import { registerCardRequests } from "./requests";
import { registerSealing } from "./takeover";
import { registerCardMigration } from "./migration";
import { registerCardDeletion } from "./deleted";
import { registerOffers } from "../offers/runtime";

/**
 * Starts the card runtime on this client (during `init`, after the active ruleset registered its
 * card kinds): sealing on the active GM's client, the one card request, the one render hook, the
 * migration of cards posted before the runtime, a deleted card's kind told, and the offer runtime
 * (GM prompts).
 */
export function installCardRuntime(): void {
  registerSealing();
  registerCardRequests();
  registerCardRender();
  registerCardMigration();
  registerCardDeletion();
  registerOffers();
}
