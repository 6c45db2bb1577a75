import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { senderOwns } from "../../../../shell/relay/combatant-requests";
import { refuse } from "../../../../shell/cards/kind";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { offerAgainst, type OfferKind } from "../../../../shell/offers/runtime";
import { opportunityFoes, type OpportunityCandidate } from "../../play/cards/opportunity";
import { attackWith, opportunityWeapon } from "../chat/attack";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import { fighterOf, squareGrid } from "./placement";
import { opportunityCandidate } from "../../play/cards/fighter";
import type { ShockCombatant } from "../documents/combatant";
import { REQUESTS } from "../../play/requests/names";
import { readCombatantRequest } from "../../play/requests/combatant-request";

/**
 * Attacks of Opportunity on the active GM's client. When a combatant in a started combat takes a
 * provoking action (its owner's client asks after paying for it; first aid is the GM's own), the GM
 * reads the adjacent foes from the tokens and offers those armed for melee a free attack through
 * the shell's offer runtime (`shell/offers`: a GM prompt, each foe's part taken once in the
 * offer's round), unless the provoker Disengaged this round; the foe's owner then makes the free
 * attack on its own client (`OPPORTUNITY_OFFER`).
 * A side surprised in the others' free round is offered none (§Surprise).
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions, §Disengage, §Surprise; RULINGS.md §shock
 * Attacks of Opportunity.
 */
export const OPPORTUNITY_KIND = "shockOpportunity";

/** Taking an Attack of Opportunity: the foe's readied melee weapon, against the provoker. */
export const OPPORTUNITY_OFFER: OfferKind = {
  async take(offer, responder) {
    const c = game.combats?.get(offer.combatId)?.combatants.get(responder.combatantId);
    const actor = c?.actor as ShockActor | null;
    const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
    const item = actor ? opportunityWeapon(actor) : null;
    if (!actor || !token || !item)
      throw new Error(t("FRAY.Shock.Opportunity.Unarmed", { name: responder.name }));
    await attackWith(actor, item, { opportunity: token });
  },
};

export function registerOpportunity(): void {
  registerRequest(REQUESTS.offerOpportunity, requestOffer);
}

async function requestOffer(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = readCombatantRequest(payload);
  const combat = game.combats?.get(p?.combatId ?? "") as ShockCombat | undefined;
  const mover = combat?.shockCombatants.find((c) => c.id === p?.combatantId);
  if (!combat?.started || !mover) return refuse("notInCombat");
  if (!sender.isGM && !senderOwns(sender, mover.actor)) return refuse("notOwner");
  await offerOpportunity(combat, mover);
  return { ok: true };
}

/** Every combatant of the combat as a candidate (its token's place now). */
export function candidatesOf(combat: ShockCombat): OpportunityCandidate[] {
  return combat.shockCombatants.map((c) => candidateOf(c, combat));
}

/** A combatant as the opportunity rules read it (`opportunityCandidate`), its token now. */
export function candidateOf(
  c: ShockCombatant, combat = c.combat as ShockCombat | null,
): OpportunityCandidate {
  return opportunityCandidate(fighterOf(c, combat));
}

/** The offer's words: its title, the line saying what provoked it, each foe's button. */
export function offerText(line: string) {
  const button = (name: string) => t("FRAY.Shock.Opportunity.Button", { name });
  return { title: t("FRAY.Shock.Opportunity.Title"), line, button };
}

/**
 * GM: posts the offer against `mover` when any foe adjacent to it now may take an Attack of
 * Opportunity (a provoking action). The offer records the round, the turn and what provoked it
 * (a move out of reach is offered by `gm/movement.ts`).
 */
export async function offerOpportunity(combat: ShockCombat, mover: ShockCombatant): Promise<void> {
  if (!game.user?.isGM || !combat.started || !mover.id || !mover.token) return;
  const grid = squareGrid(combat);
  const ids = opportunityFoes(candidateOf(mover), mover.budget, candidatesOf(combat), grid);
  const line = t("FRAY.Shock.Opportunity.Offer", { name: mover.name ?? "" });
  await offerAgainst(combat, mover, ids, OPPORTUNITY_KIND, "action", offerText(line));
}
