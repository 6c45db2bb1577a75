import { characterData } from "../../play/data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf } from "../documents/combat-engagement";
import { opportunityAttackers } from "../../rules/opportunity";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { FrayItem } from "../documents/item";
import { offerAgainst, type OfferKind } from "../../../../shell/offers/runtime";
import { useAbility } from "./use-ability";
import { mayActNow } from "../../play/actors/may-act";

/**
 * Offers opportunity attacks (run by the active GM): when an engaged combatant uses a provoking
 * ability or moves without disengaging, each engaged foe in a melee stance (not Grabbed, and
 * allowed to act: not Dying, defeated, dead, making Last Gasp saves or back up only from its next
 * turn, `mayActNow`) is offered a free Basic Melee Attack against it, through the shell's offer
 * runtime (`shell/offers`: a GM prompt; each attacker takes its part once, then attacks on its own
 * client, `OPPORTUNITY_OFFER`). Source: `000_c2dc3d650823e22d.txt` §Opportunity Attacks, §Dying
 * and Death, §Last Gasp Saves.
 * @param reason `ability` (a provoking ability) or `move`.
 * @param pairs the engagement to judge by (for a move: the engagement before it).
 */
export const OPPORTUNITY_KIND = "escalationOpportunity";

export async function offerOpportunityAttacks(
  combat: FrayCombat,
  mover: FrayCombatant,
  reason: "ability" | "move",
  pairs = engagementOf(combat),
): Promise<void> {
  if (!mover.id || !mover.token) return;
  const candidates = (combat.combatants.contents as FrayCombatant[])
    .filter((c) => c.id && c.actor)
    .map((c) => {
      const actor = c.actor as FrayActor;
      return {
        id: c.id ?? "",
        stance: actor.isPC ? characterData(actor.system).stance.mode : ("melee" as const),
        conditions: actor.statuses,
        canAct: mayActNow(actor),
      };
    });
  const ids = opportunityAttackers(pairs, mover.id, candidates);
  await offerAgainst(combat, mover, ids, OPPORTUNITY_KIND, reason, {
    title: t("FRAY.Opportunity.Title"),
    line: t(`FRAY.Opportunity.${reason}`, { name: mover.name ?? "" }),
    button: (name) => t("FRAY.Opportunity.Button", { name }),
  });
}

/**
 * The Basic Melee Attack of an actor: the basic melee ability, or for an NPC its first listed
 * attack.
 */
export function basicMeleeOf(actor: FrayActor): FrayItem | undefined {
  const entry = actor.abilityEntries.find((a) => a.system.basic === "melee");
  const id = entry ? entry.id : actor.enemyBasicId;
  return id ? (actor.items.get(id) as FrayItem | undefined) : undefined;
}

/**
 * Taking an opportunity attack, on the presser's client once the GM gave it: the attacker's Basic
 * Melee Attack (an NPC's first listed attack) against the provoker, as a Free action.
 */
export const OPPORTUNITY_OFFER: OfferKind = {
  async take(offer, responder) {
    const combatant = game.combats?.get(offer.combatId)?.combatants.get(responder.combatantId);
    const actor = combatant?.actor as FrayActor | null | undefined;
    if (!actor || !actor.isOwner)
      throw new Error(t("FRAY.Opportunity.NotOwner", { name: responder.name }));
    const item = basicMeleeOf(actor);
    if (!item) throw new Error(t("FRAY.Opportunity.NoBasic", { name: actor.name }));
    const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
    if (!token?.actor) return;
    await useAbility(item, {
      targets: [{ document: { uuid: token.uuid }, name: token.name ?? "", actor: token.actor }],
      action: "free",
    });
  },
};
