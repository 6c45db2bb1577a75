import { checkFormula } from "../../../../engine/dice/check";
import { combatFor } from "../../../../shell/combat/located";
import { weaponOfItem } from "../data/accessors";
import { postActorCard } from "../../../../shell/chat/actor-card";
import { askForm } from "../../../../shell/applications/dialogs";
import { oneTargetedToken } from "../../../../shell/applications/targets";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import { isUnsuspecting } from "../documents/unsuspecting";
import type { ShockCombat } from "../documents/combat";
import { weaponSummary } from "../../play/views/sheet-weapon";
import { dialogOffers, dialogTitleKey } from "../../play/cards/attack-choice";
import {
  answerReaction, attackWayOf, declareAttack, heldWeaponRefusal,
} from "../../play/cards/attack-declare";
import { attackCard } from "../../play/cards/card-spec";
import { renderCard } from "./render-card";
import { gmOnline, requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../../play/requests/names";
import { CARD_REQUEST } from "../../../../shell/cards/requests";
import { isHeld } from "../../play/cards/grapple";
import { meleeWeaponOf } from "../../play/cards/opportunity";

const DIALOG = "systems/fray/templates/shock/dialog/attack.hbs";

/**
 * One attack with a weapon against the user's one targeted token, on the attacker's owner's
 * client: the dialog (the text's situational modifiers as toggles; charge, snap attack, dual wield,
 * swarm), the checks (a bow or crossbow with a foe in melee range is refused, saying why), paying
 * the action on the attacker's own combatant, the d20 rolled with Foundry's Roll, and one card.
 * An Attack of Opportunity (free), a Snap Attack answering another card (at −4) or a held attack
 * answering one (no −4; the GM grants either and spends the Main just before the d20 is rolled,
 * and the card names the one it answers) skip the payment here. The GM seals and settles the card (`../gm/seal.ts`), so with no GM online
 * the attack stops before anything is paid. Every refusal is a localized Error thrown before
 * anything changes. Source: `002_5e27cdf788b28f5f.txt` §Attack
 * Rolls, §Make a Melee Attack, §Make a Ranged Attack, §Charge, §Make a Snap Attack, §Make a
 * Swarm Attack, §Dual Wielding Weapons.
 */
export async function attackWith(
  actor: ShockActor, item: Item.Implementation, options: AttackOptions = {},
): Promise<void> {
  if (actor.health !== "up")
    throw new Error(t("FRAY.Shock.Refuse.CannotAct", { name: actor.name }));
  // The GM's client settles every card (reactions, damage): with no GM online nothing is paid.
  if (!gmOnline()) return;
  const { snap, held: heldAttack } = options;
  // A Snap Attack or a held attack answering a card: both strike that card's attacker.
  const answer = snap ?? heldAttack;
  const against = options.opportunity ?? answer?.token;
  const token = against ? { name: against.name, document: against } : oneTarget();
  const attacker = actor.statblock;
  const weapon = weaponOfItem(item);
  // A Snap Attack or held attack answering a card: the GM spends the Main when it grants it, just
  // before the roll.
  const { way, prepaid } = attackWayOf({
    opportunity: Boolean(options.opportunity), snap: Boolean(snap), held: Boolean(heldAttack),
  });
  // The encounter the attacker fights in, not the one this client views.
  const combat = combatFor(actor as Actor.Implementation) as ShockCombat | null;
  const combatant = combat?.started
    ? combat.combatantOf(actor as Actor.Implementation)
    : undefined;
  const held = Boolean(combatant && isHeld(combatant.hold));
  // While grappling or grappled, only unarmed attacks (§Grappling).
  const unarmedOnly = heldWeaponRefusal(held, weapon);
  if (unarmedOnly) throw new Error(t(unarmedOnly, { name: actor.name }));
  const summary = weaponSummary(attacker, weapon, t);
  const title = t(dialogTitleKey(way), {
    weapon: weapon.name, target: token.name ?? "",
  });
  // Execution is offered only against a mark a GM wrote (`isUnsuspecting`); the GM re-checks it.
  const unsuspecting = Boolean(token.document.actor && isUnsuspecting(token.document.actor));
  const form = await askForm(title, DIALOG, {
    summary, ...dialogOffers(attacker, weapon, way, unsuspecting),
  });
  if (!form) return;
  // Paid here, from its combatant's budget in a started combat, unless the GM pays (`prepaid`).
  const payer = combat && combatant && !prepaid ? { combat, c: combatant } : null;
  const paying = payer && { budget: payer.c.budget, turn: payer.combat.turnStateOf(payer.c) };
  const declared = declareAttack(form, { attacker, weapon, way, held, paying });
  if (!declared.ok) throw new Error(t(declared.key, { name: actor.name }));
  const { choice, verdict } = declared;
  // The GM re-checks the snap or held attack from the documents, claims it and spends the Main; a
  // refusal is shown.
  if (
    answer
    && !(await requestOfGM(CARD_REQUEST, {
      messageId: answer.messageId,
      step: "react",
      args: { choice: answerReaction(Boolean(snap), answer.combatantId) },
    }))
  )
    return;
  const roll = await new Roll(checkFormula(verdict.plan.check)).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 1;
  const before = payer && { ...payer.c.budget, charging: payer.c.data.charging };
  if (payer) {
    if (!(await payer.combat.spend(payer.c, verdict.action, declared.marks)))
      throw new Error(t(`FRAY.Shock.Refuse.Spent.${verdict.action}`));
    // A charge provokes at its start from foes adjacent to the charger (§Charge).
    const provoker = { combatId: payer.combat.id, combatantId: payer.c.id };
    if (choice.charge) await requestOfGM(REQUESTS.offerOpportunity, provoker);
  }
  const card = attackCard({
    actorUuid: actor.uuid, weapon, summary,
    target: { tokenUuid: token.document.uuid, name: token.name ?? "" },
    combat: combat && combatant ? { id: combat.id ?? "", round: combat.round ?? 0 } : null,
    choice, prepaid, snapFor: answer?.messageId ?? "",
    formula: roll.formula, natural, modifier: verdict.plan.check.modifier,
  });
  try {
    // Content with custom HTML keeps Foundry from drawing the roll instead
    // (client/documents/chat-message.mjs #renderRollContent); each viewer's card replaces it.
    const content = await renderCard(
      card,
      { isGM: false, userId: "", ownsTarget: false },
      null,
      {},
    );
    await postActorCard(actor as Actor.Implementation, {
      type: "shockAttack", system: card, content, rolls: [roll],
    });
  } catch (err) {
    // The card could not be posted: give back the action it paid for.
    if (payer && before) await payer.combat.giveBack(payer.c.id, before).catch(() => undefined);
    throw err;
  }
}

export interface AttackOptions {
  /** An Attack of Opportunity against this token (free, out of turn). */
  readonly opportunity?: TokenDocument.Implementation;
  /**
   * A Snap Attack answering the card `messageId` against its attacker's token, by this combatant.
   */
  readonly snap?: CardAnswer;
  /**
   * A held attack answering the card `messageId` against its attacker's token, by this combatant
   * holding its action: a plain attack (no −4) paid with the held Main (§Hold An Action).
   */
  readonly held?: CardAnswer;
}

/** An attack answering a card: that card, who strikes, and the card's attacker's token. */
export interface CardAnswer {
  readonly messageId: string;
  readonly combatantId: string;
  readonly token: TokenDocument.Implementation;
}

/** The user's one targeted token, with an actor. @throws Error (localized) otherwise. */
function oneTarget(): { name: string | null | undefined; document: TokenDocument.Implementation } {
  const token = oneTargetedToken();
  if (!token?.actor) throw new Error(t("FRAY.Shock.Refuse.OneTarget"));
  return { name: token.name, document: token.document as TokenDocument.Implementation };
}

/** The item of an actor's readied melee weapon (an Attack of Opportunity's weapon), or null. */
export function opportunityWeapon(actor: ShockActor): Item.Implementation | null {
  const weapon = meleeWeaponOf(actor.statblock.weapons);
  return weapon
    ? ((actor.items.get(weapon.id) as Item.Implementation | undefined) ?? null)
    : null;
}
