import { askGM, requestOfGM, warnRefused } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { cardData } from "../data/accessors";
import { REQUESTS } from "../gm/requests";
import { rollMorale } from "./morale";
import {
  ledgerOf,
  refusalOf,
  sealOf,
  snapperOf,
  targetOf,
  type Reaction,
  type ShockSeal,
} from "./card-seal";
import { snapsHold } from "./snap-state";
import { renderCard } from "./render-card";
import { maneuversOf, type Maneuver } from "./grapple";
import { offerOf } from "./opportunity";
import { isClaimed } from "../../../../shell/relay/claims";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { weaponFromItem } from "../../rules/statblock";
import type { ShockActor } from "../documents/actor";
import { attackWith, opportunityWeapon } from "./attack";
import type { ShockCard } from "./card-spec";
import type { ShockLedger } from "./card-seal";
import type { ShockCombatant } from "../documents/combatant";
import { attackModifiers } from "../../rules/attack";
import type { Modifier } from "../../../../engine/dice/check";
import { CHARGE_AC, TOTAL_DEFENSE_AC } from "../../rules/constants";

/**
 * Re-renders each shock attack card for the viewing user (reaction buttons for the target's owners
 * and the GM, Apply for the author and the GM) and wires its buttons to GM requests; wires the GM's
 * morale buttons. Runs for the log, popouts and notifications (`renderChatMessageHTML`, v13).
 */
export function registerCardListeners(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    if (message.getFlag("fray" as never, "shockMorale" as never)) wireMorale(message, html);
    if (offerOf(message.flags)) wireOpportunity(message, html);
    if (message.type !== "shockAttack") return;
    const body = html.querySelector<HTMLElement>(".fray-card");
    if (!body) return;
    const card = cardData(message.system);
    const system = message.system as unknown as { seal?: unknown; ledger?: unknown };
    const seal = sealOf(system.seal);
    const ledger = ledgerOf(system.ledger);
    // The target now: after a screen, the screener who took the attack.
    const targetUuid = seal ? targetOf(seal, ledger).tokenUuid : card.tokenUuid;
    const target = fromUuidSync(targetUuid) as TokenDocument.Implementation | null;
    const combat = game.combats?.get(card.combatId);
    const isGM = game.user?.isGM ?? false;
    const viewer = {
      isGM,
      // The AC is read by the GM's own client only; it is never written to the card.
      ac: isGM && target ? acFor(target, card, ledger, combat) : null,
      userId: game.user?.id ?? "",
      ownsTarget: Boolean(target?.actor?.isOwner),
      ownedCombatants: (combat?.combatants.contents ?? [])
        .filter((c) => c.isOwner)
        .map((c) => c.id ?? ""),
      maneuvers: maneuversFor(card.actorUuid, card.weaponId),
      snapsPending: snapsHold(ledger, game.user?.isGM ?? false),
    };
    const terms = termsFor(card);
    void renderCard(card, viewer, seal, ledger, refusalOf(system.seal), terms).then((markup) => {
      body.outerHTML = markup;
      const messageId = message.id ?? "";
      html.querySelectorAll<HTMLButtonElement>("button[data-shock-react]").forEach((button) => {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          button.disabled = true;
          const choice = button.dataset.shockReact;
          const snapper = choice ? snapperOf(choice as Reaction) : null;
          if (snapper && seal) {
            void warnIfRefused(() => snapAttack(messageId, seal, snapper)).finally(
              () => (button.disabled = false),
            );
            return;
          }
          void requestOfGM(REQUESTS.react, { messageId, choice }).finally(
            () => (button.disabled = false),
          );
        });
      });
      html.querySelectorAll<HTMLButtonElement>("button[data-shock-maneuver]").forEach((button) => {
        button.addEventListener("click", () => {
          button.disabled = true;
          const maneuver = button.dataset.shockManeuver;
          void requestOfGM(REQUESTS.maneuver, { messageId, maneuver }).finally(
            () => (button.disabled = false),
          );
        });
      });
      const apply = html.querySelector<HTMLButtonElement>("button[data-shock-apply]");
      apply?.addEventListener("click", (event) => {
        const button = event.currentTarget as HTMLButtonElement;
        button.disabled = true;
        void applyOnCard(button, messageId).finally(() => (button.disabled = false));
      });
      const undo = html.querySelector<HTMLButtonElement>("button[data-shock-undo]");
      undo?.addEventListener("click", () => {
        undo.disabled = true;
        void requestOfGM(REQUESTS.undo, { messageId }).finally(() => (undo.disabled = false));
      });
    });
  });
}

/**
 * Asks the GM to apply the card's result. A refusal is a warning, as for every request, and is
 * also said on the card under its buttons, until the card next renders.
 */
async function applyOnCard(button: HTMLButtonElement, messageId: string): Promise<void> {
  const answer = await askGM(REQUESTS.apply, { messageId });
  warnRefused(answer);
  if (!answer || answer.ok) return;
  const key = `FRAY.Relay.Reason.${answer.reason}`;
  const reason = game.i18n?.has(key) ? t(key) : answer.reason;
  const card = button.closest(".fray-card");
  card?.querySelector(".card-apply-refused")?.remove();
  const note = document.createElement("p");
  note.className = "fray-blocked card-why card-apply-refused";
  note.setAttribute("role", "status");
  note.textContent = t("FRAY.Shock.Card.ApplyRefused", { reason });
  button.closest(".card-buttons")?.after(note);
}

/**
 * The attack's modifiers by source, for the roll's tooltip: the attacker's statblock and weapon now
 * with the card's options (rules/attack.ts `attackModifiers`, what the GM checks the total with).
 * None when the attacker or its weapon is gone.
 */
function termsFor(card: ShockCard): Modifier[] {
  const actor = fromUuidSync(card.actorUuid) as ShockActor | null;
  const item = actor?.items.get(card.weaponId);
  if (!actor || !item || item.type !== "shockWeapon") return [];
  type ItemSource = { _id: string; name: string; system: Record<string, unknown> };
  const weapon = weaponFromItem(item.toObject() as unknown as ItemSource);
  return attackModifiers({
    attacker: actor.statblock, weapon, ac: 0, charge: card.charge, snap: card.snap,
    dualWield: card.dualWield, swarmOthers: card.swarmOthers, inMelee: card.inMelee,
    situations: card.situations,
  }).modifiers;
}

/**
 * The AC the card's roll is judged against, for the GM's eyes: the target's AC, +2 when it took
 * Total Defense on this card, −2 while it charged in the card's round (chat/resolve.ts `acNow`).
 */
function acFor(
  target: TokenDocument.Implementation, card: ShockCard, ledger: ShockLedger,
  combat: { round: number; combatants: { contents: unknown[] } } | undefined,
): number | null {
  const actor = target.actor as unknown as ShockActor | null;
  if (!actor) return null;
  const combatants = (combat?.combatants.contents ?? []) as ShockCombatant[];
  const combatant = combatants.find((c) => c.tokenId === target.id);
  const charging = combat?.round === card.round && Boolean(combatant?.data.charging);
  const defended = ledger.reaction?.choice === "totalDefense";
  return actor.statblock.ac + (defended ? TOTAL_DEFENSE_AC : 0) + (charging ? CHARGE_AC : 0);
}

/**
 * An ally's Snap Attack offered on a card: on its owner's client, the usual attack flow at −4
 * with the weapon the GM offered, against the card's attacker; the GM grants it (spending the Main)
 * just before the d20 is rolled.
 */
async function snapAttack(messageId: string, seal: ShockSeal, combatantId: string): Promise<void> {
  const offer = seal.snappers.find((s) => s.combatantId === combatantId);
  const combatant = game.combats?.get(seal.combatId)?.combatants.get(combatantId);
  const actor = combatant?.actor as unknown as ShockActor | null | undefined;
  const item = offer
    ? (actor?.items.get(offer.weaponId) as unknown as Item.Implementation | undefined)
    : undefined;
  const token = fromUuidSync(seal.attackerTokenUuid) as TokenDocument.Implementation | null;
  if (!actor || !item || !token)
    throw new Error(t("FRAY.Shock.Refuse.SnapGone", { name: combatant?.name ?? "" }));
  await attackWith(actor, item, { snap: { messageId, combatantId, token } });
}

function wireMorale(message: ChatMessage.Implementation, html: HTMLElement): void {
  const button = html.querySelector<HTMLButtonElement>("button[data-shock-morale]");
  if (!button) return;
  if (!game.user?.isGM) {
    button.remove();
    return;
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    void warnIfRefused(() => rollMorale(message));
  });
}

/** What the attacker's weapon allows in lieu of damage, from its item (the GM re-checks it). */
function maneuversFor(actorUuid: string, weaponId: string): Maneuver[] {
  const actor = fromUuidSync(actorUuid) as Actor.Implementation | null;
  const item = actor?.items.get(weaponId);
  if (!item || item.type !== "shockWeapon") return [];
  type ItemSource = { _id: string; name: string; system: Record<string, unknown> };
  return maneuversOf(weaponFromItem(item.toObject() as unknown as ItemSource));
}

/**
 * The GM's Attack of Opportunity offer: each foe's button is kept for its owners and the GM, and
 * disabled once claimed. A click asks the GM to claim it (once), then makes the free attack with
 * the foe's readied melee weapon on this client, through the usual attack flow.
 */
function wireOpportunity(message: ChatMessage.Implementation, html: HTMLElement): void {
  const offer = offerOf(message.flags);
  if (!offer || !message.author?.isGM) return;
  const combat = game.combats?.get(offer.combatId);
  const claims = (message.flags as { fray?: { claims?: unknown } }).fray?.claims;
  html.querySelectorAll<HTMLButtonElement>("button[data-shock-opportunity]").forEach((button) => {
    const id = button.dataset.shockOpportunity ?? "";
    const c = combat?.combatants.get(id);
    if (!c || !(game.user?.isGM || c.isOwner)) {
      button.remove();
      return;
    }
    if (isClaimed(claims, id)) {
      button.disabled = true;
      button.textContent = t("FRAY.Shock.Opportunity.Taken", { name: c.name ?? "" });
      return;
    }
    button.addEventListener("click", () => {
      button.disabled = true;
      void warnIfRefused(async () => {
        const actor = c.actor as unknown as ShockActor | null;
        const token = fromUuidSync(offer.targetTokenUuid) as TokenDocument.Implementation | null;
        const item = actor ? opportunityWeapon(actor) : null;
        if (!actor || !token || !item)
          throw new Error(t("FRAY.Shock.Opportunity.Unarmed", { name: c.name ?? "" }));
        const claimed = await requestOfGM(REQUESTS.takeOpportunity, {
          messageId: message.id,
          attackerId: id,
        });
        if (claimed) await attackWith(actor, item, { opportunity: token });
      }).finally(() => (button.disabled = false));
    });
  });
}
