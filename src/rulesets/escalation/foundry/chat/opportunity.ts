import { characterData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf } from "../documents/combat-engagement";
import { opportunityAttackers } from "../../rules/opportunity";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postEvent } from "./dice";
import { mayActNow } from "./may-act";

/**
 * Offers opportunity attacks (run by the active GM): when an engaged combatant uses a provoking
 * ability or moves without disengaging, each engaged foe in a melee stance (not Grabbed, and
 * allowed to act: not Dying, defeated, dead, making Last Gasp saves or back up only from its next
 * turn, `mayActNow`) gets a button on a chat card to make a free Basic Melee Attack against it.
 * The offer is the GM's message, and says in its flags whom it offers to whom; each attacker's
 * button works once (`gm/opportunity.ts` claims it). Source: `000_c2dc3d650823e22d.txt`
 * §Opportunity Attacks, §Dying and Death, §Last Gasp Saves.
 * @param reason `ability` (a provoking ability) or `move`.
 * @param pairs the engagement to judge by (for a move: the engagement before it).
 */
export interface OpportunityOffer {
  readonly combatId: string;
  /** The mover's token uuid. */
  readonly target: string;
  /** Combatant ids offered an attack. */
  readonly attackers: readonly string[];
}

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
  if (!ids.length) return;
  const offer: OpportunityOffer = {
    combatId: combat.id ?? "",
    target: mover.token.uuid,
    attackers: ids,
  };
  const buttons = ids.map((id) => ({
    action: "opportunity",
    label: t("FRAY.Opportunity.Button", { name: combat.combatants.get(id)?.name ?? "" }),
    data: { attacker: id },
  }));
  const lines = [t(`FRAY.Opportunity.${reason}`, { name: mover.name ?? "" })];
  await postEvent(t("FRAY.Opportunity.Title"), lines, { buttons, flags: { fray: { offer } } });
}

/** Reads a message's opportunity offer, or null when it has none (or it is malformed). */
export function offerOf(flags: unknown): OpportunityOffer | null {
  const offer = (flags as { fray?: { offer?: Partial<OpportunityOffer> } } | undefined)?.fray
    ?.offer;
  if (!offer || typeof offer.combatId !== "string" || typeof offer.target !== "string") return null;
  return Array.isArray(offer.attackers) && offer.attackers.every((a) => typeof a === "string")
    ? (offer as OpportunityOffer)
    : null;
}
