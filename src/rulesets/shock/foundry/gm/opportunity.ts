import { registerRequest, type RelayResult, type Sender } from "../../../../shell/relay/gm-relay";
import { isGMPrompt, takePrompt } from "../../../../shell/cards/prompts";
import { refuse } from "../../../../shell/cards/kind";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { isHeld } from "../chat/grapple";
import {
  offerOf,
  opportunityFoes,
  type OpportunityCandidate,
  type OpportunityOffer,
} from "../chat/opportunity";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import { footprintOf, squareGrid } from "./placement";
import type { ShockCombatant } from "../documents/combatant";
import { REQUESTS } from "./requests";

/**
 * Attacks of Opportunity on the active GM's client. When a combatant in a started combat takes a
 * provoking action (its owner's client asks after paying for it; first aid is the GM's own), the GM
 * reads the adjacent foes from the tokens and posts one message listing those armed for melee,
 * unless the provoker Disengaged this round; the message is the GM's, so its list is what the GM
 * offered. Each foe's button works once (`shell/cards/prompts.ts`): the GM takes it in the
 * message's flags (which only a GM can write, common/documents/chat-message.mjs) before the foe's
 * owner makes the free attack.
 * A side surprised in the others' free round is offered none (§Surprise).
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions, §Disengage, §Surprise; RULINGS.md §shock
 * Attacks of Opportunity.
 */
export function registerOpportunity(): void {
  registerRequest(REQUESTS.offerOpportunity, requestOffer);
  registerRequest(REQUESTS.takeOpportunity, takeOpportunity);
}

const fields = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string => (typeof v === "string" ? v : "");

async function requestOffer(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = fields(payload);
  const combat = game.combats?.get(text(p.combatId)) as unknown as ShockCombat | undefined;
  const mover = combat?.shockCombatants.find((c) => c.id === text(p.combatantId));
  const user = game.users?.get(sender.id);
  if (!combat?.started || !mover || !user) return refuse("notInCombat");
  if (!sender.isGM && !mover.actor?.testUserPermission(user, "OWNER")) return refuse("notOwner");
  await offerOpportunity(combat, mover);
  return { ok: true };
}

/** Every combatant of the combat as a candidate (its token's place now). */
export function candidatesOf(combat: ShockCombat): OpportunityCandidate[] {
  return combat.shockCombatants.map((c) => candidateOf(c, combat));
}

/**
 * A combatant as the opportunity rules read it, its token where it stands now. Able: up, not
 * defeated or fled, and not of a side surprised in the others' free round, which takes no action
 * at all then, an Attack of Opportunity included (§Surprise).
 * @param combat the combat it is in (default: its parent), for the surprise round.
 */
export function candidateOf(
  c: ShockCombatant, combat: ShockCombat | null = combatOf(c),
): OpportunityCandidate {
  const actor = c.actor as unknown as ShockActor | null;
  const surprised = combat ? combat.turnStateOf(c).surprised : false;
  return {
    id: c.id ?? "",
    side: c.side,
    at: footprintOf(c),
    able: Boolean(actor && actor.health === "up" && !c.isDefeated && !surprised),
    weapons: actor?.statblock.weapons ?? [],
    held: isHeld(c.hold),
  };
}

/** The combat a combatant belongs to (client/documents/combatant.mjs `combat`: its parent). */
function combatOf(c: ShockCombatant): ShockCombat | null {
  const parent = (c as unknown as { combat?: unknown }).combat;
  return (parent ?? null) as ShockCombat | null;
}

/**
 * GM: posts the offer against `mover` when any foe may take an Attack of Opportunity: the foes
 * adjacent to it now (a provoking action), or `foes` as the caller judged them (a move out of
 * reach, `gm/movement.ts`). The offer records the round, the turn and what provoked it.
 */
export async function offerOpportunity(
  combat: ShockCombat, mover: ShockCombatant, moved: { foes: readonly string[] } | null = null,
): Promise<void> {
  if (!game.user?.isGM || !combat.started || !mover.id || !mover.token) return;
  const ids = moved ? moved.foes
    : opportunityFoes(candidateOf(mover), mover.budget, candidatesOf(combat), squareGrid(combat));
  if (!ids.length) return;
  const attackers = ids.map((id) => ({
    combatantId: id,
    name: combat.combatants.get(id)?.name ?? "",
  }));
  const offer: OpportunityOffer = {
    combatId: combat.id ?? "",
    round: combat.round,
    turn: combat.turn ?? 0,
    cause: moved ? "move" : "action",
    targetTokenUuid: mover.token.uuid,
    targetName: mover.name ?? "",
    attackers,
  };
  const esc = foundry.utils.escapeHTML;
  const buttons = attackers
    .map(
      (a) =>
        `<button type="button" data-shock-opportunity="${esc(a.combatantId)}">${esc(
          t("FRAY.Shock.Opportunity.Button", { name: a.name }),
        )}</button>`,
    )
    .join("");
  const line = t(moved ? "FRAY.Shock.Move.LeftReach" : "FRAY.Shock.Opportunity.Offer", {
    name: mover.name ?? "",
  });
  await ChatMessage.create({
    content:
      `<div class="fray shock opportunity"><h3>${esc(t("FRAY.Shock.Opportunity.Title"))}</h3>`
      + `<p>${esc(line)}</p><div class="card-buttons">${buttons}</div></div>`,
    speaker: { alias: "Fray" },
    flags: { fray: { shockOpportunity: offer } },
  } as unknown as ChatMessage.CreateData);
}

/** A foe's owner (or the GM) takes its offered attack: once, and only in the offer's round. */
async function takeOpportunity(payload: unknown, sender: Sender): Promise<RelayResult> {
  const p = fields(payload);
  const message = game.messages?.get(text(p.messageId));
  const offer = message && isGMPrompt(message) ? offerOf(message.flags) : null;
  const id = text(p.attackerId);
  if (!message || !offer) return refuse("badMessage");
  if (!offer.attackers.some((a) => a.combatantId === id)) return refuse("notOnCard");
  const combat = game.combats?.get(offer.combatId) as unknown as ShockCombat | undefined;
  const attacker = combat?.shockCombatants.find((c) => c.id === id);
  const user = game.users?.get(sender.id);
  if (!combat?.started || combat.round !== offer.round || !attacker) return refuse("used");
  if (!user || !(sender.isGM || attacker.actor?.testUserPermission(user, "OWNER")))
    return refuse("notOwner");
  if (!(await takePrompt(message, id))) return refuse("used");
  return { ok: true };
}
