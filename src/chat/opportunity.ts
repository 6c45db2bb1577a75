import { characterData } from "../data/accessors";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf } from "../documents/combat-engagement";
import { canAct } from "../rules/escalation/health";
import { opportunityAttackers } from "../rules/escalation/opportunity";
import { foundryLocalize as t } from "../setup/localize";
import { postEvent } from "./dice";

/**
 * Offers opportunity attacks: when an engaged combatant uses a provoking ability or moves without
 * disengaging, each engaged foe in a melee stance (not Grabbed, able to act) gets a button on a
 * chat card to make a free Basic Melee Attack against it. Source: `000_c2dc3d650823e22d.txt`
 * §Opportunity Attacks; `opportunity.ts`.
 * @param reason `ability` (a provoking ability) or `move`.
 * @param pairs the engagement to judge by (for a move: the engagement before it).
 */
export async function offerOpportunityAttacks(combat: FrayCombat, mover: FrayCombatant, reason: "ability" | "move", pairs = engagementOf(combat)): Promise<void> {
  if (!mover.id || !mover.token) return;
  const candidates = (combat.combatants.contents as FrayCombatant[]).filter((c) => c.id && c.actor).map((c) => {
    const actor = c.actor as FrayActor;
    return {
      id: c.id ?? "",
      stance: actor.isPC ? characterData(actor.system).stance.mode : ("melee" as const),
      conditions: actor.statuses,
      canAct: canAct(actor.health),
    };
  });
  const ids = opportunityAttackers(pairs, mover.id, candidates);
  if (!ids.length) return;
  const buttons = ids.map((id) => {
    const c = combat.combatants.get(id);
    return { action: "opportunity", label: t("FRAY.Opportunity.Button", { name: c?.name ?? "" }), data: { attacker: id, combat: combat.id ?? "", target: mover.token?.uuid ?? "" } };
  });
  await postEvent(t("FRAY.Opportunity.Title"), [t(`FRAY.Opportunity.${reason}`, { name: mover.name ?? "" })], { buttons });
}
