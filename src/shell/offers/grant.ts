import { isGMPrompt, promptTaken } from "../cards/prompts";
import type { Recorder } from "../cards/recorder";
import { claimOnDocument, releaseDocumentClaim } from "../gm/claim";
import { offerGrants, offerOf, type GrantedCard } from "./offer";

/**
 * Whether a card made from a taken offer was granted (active GM, as it seals the card): the
 * message it names is a GM's prompt whose offer of `kind` grants it (`offer.ts` `offerGrants`);
 * then the grant is claimed in the prompt once (one card per grant) and let go if the seal is put
 * back. action-points' reaction attacks and phases' opportunity attacks are made so.
 * @param offerId the prompt's message id, as the card names it.
 */
export async function grantHolds(
  offerId: string, kind: string, card: GrantedCard, attackerId: string, round: number,
  recorder: Recorder,
): Promise<boolean> {
  const message = game.messages?.get(offerId);
  const offer = message && isGMPrompt(message) ? offerOf(message.flags) : null;
  const taken = Boolean(message && promptTaken(message, attackerId));
  if (!message || !offerGrants(offer, kind, card, attackerId, round, taken)) return false;
  const claim = `card-${attackerId}`;
  if (!(await claimOnDocument(message, "flags.fray.claims", claim))) return false;
  recorder.afterPutBack(() => releaseDocumentClaim(message, "flags.fray.claims", claim));
  return true;
}
