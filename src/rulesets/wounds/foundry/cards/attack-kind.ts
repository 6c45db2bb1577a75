import type { CardKind, PostedCard, SealResult } from "../../../../shell/cards/kind";
import { viewRender } from "../../../../shell/cards/actions";
import { paidSeal } from "../../../../shell/cards/paid-seal";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { diceOf } from "../../../../shell/dice/run-in-foundry";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { resolveCheck } from "../../../../engine/dice/check";
import { postedOf, type WoundsCard } from "../../play/cards/card-spec";
import { cardView, hiddenRows } from "../../play/cards/card-view";
import { ledgerOf, sealOf } from "../../play/cards/card-steps";
import {
  attackRefusal, diceToRoll, planOf, postedRefusal, sealAttack,
} from "../../play/cards/seal";
import { SNEAK_DIE } from "../../rules/constants";
import { factsOf, readCard } from "./reading";
import { isGMPrompt } from "../../../../shell/cards/prompts";
import { offerOf } from "../../../../shell/offers/offer";
import { grantHolds } from "../../../../shell/offers/grant";
import { CRITICAL_FREE_HIT_KIND, FREE_HIT_KIND } from "../../play/round/free-hits";
import { APPLY_STEP, LINK_STEP, UNDO_STEP } from "./steps";
import { CARD_TEMPLATE } from "./template";

const cardData = (system: unknown): WoundsCard => system as WoundsCard;

/** The free-hit kind of the GM's offer a card names, or null when it names no such offer. */
function grantKindOf(messageId: string): string | null {
  const message = game.messages?.get(messageId);
  const kind = message && isGMPrompt(message) ? offerOf(message.flags)?.kind : null;
  return kind === FREE_HIT_KIND || kind === CRITICAL_FREE_HIT_KIND ? kind : null;
}

/** `1d20 + 3`, `1d20 - 1`, `1d20`. */
const d20With = (modifier: number): string =>
  (modifier === 0 ? "1d20" : `1d20 ${modifier < 0 ? "-" : "+"} ${Math.abs(modifier)}`);

/**
 * wounds' attack card (`woundsAttack`) as a card kind of the shell's runtime: sealed by the active
 * GM as posted (the weapon, modifiers, wounds, states and slots read from the documents and what
 * the GM keeps: `play/cards/seal.ts`; the d20 and, on a hit, the damage dice rolled with Foundry's
 * Roll and shown as the card is seen; the actions paid); then the chain a natural 20 or 1 starts
 * rolled one link per press, and the attack applied and undone by its author or the GM
 * (`steps.ts`). Each viewer sees the buttons it may press, also when the roll mode hides the
 * card's content. Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Auto Fails/Criticals.
 */
async function seal(posted: PostedCard): Promise<SealResult> {
  const card = cardData(posted.data);
  const reading = readCard(card);
  if (!reading) return { ok: false, refused: "noTarget" };
  const poster = posted.poster;
  const owns = poster.isGM || reading.attacker.testUserPermission(poster, "OWNER");
  const posting = postedRefusal(card, { owns, combat: reading.combat });
  if (posting) return { ok: false, refused: posting };
  // A free hit names the GM's offer that granted it: a slot's, or a tragedy's critical one.
  const grant = card.freeHitFor ? grantKindOf(card.freeHitFor) : null;
  if (card.freeHitFor && !grant) return { ok: false, refused: "wndNoGrant" };
  const facts = {
    ...factsOf(reading, card.itemId, poster.isGM, grant !== null),
    criticalFreeHit: grant === CRITICAL_FREE_HIT_KIND,
  };
  const refused = attackRefusal(facts, postedOf(card));
  if (refused) return { ok: false, refused };
  const planned = planOf(facts, postedOf(card));
  if (typeof planned === "string") return { ok: false, refused: planned };
  // Claimed once, once nothing else can refuse the card (one card per grant).
  const own = reading.attackerCombatant;
  if (grant && !(reading.combat && own?.id && await grantHolds(card.freeHitFor, grant, card,
    own.id, reading.combat.round, posted.recorder))) {
    return { ok: false, refused: "wndNoGrant" };
  }
  // The dice are the GM's own rolls, shown as the card is seen: the author's are never read.
  const shown = new ShownRolls();
  // Roll flavors are HTML (core's chat-message.hbs renders `flavor` raw): names from the
  // documents, escaped, never the card's, which its author may have written.
  const item = foundry.utils.escapeHTML(facts.weapon?.name ?? "");
  const target = foundry.utils.escapeHTML(reading.targetToken.name ?? "");
  // A tragedy's free hit rolls no d20: it is an automatic critical.
  const d20 = facts.criticalFreeHit ? null
    : diceOf(await shown.roll(d20With(planned.plan.modifier), item))[0] ?? 1;
  const dice = diceToRoll(planned);
  const hit = d20 === null || resolveCheck(planned.plan, [d20]).success;
  const weaponDice = hit && dice.weapon
    ? diceOf(await shown.roll(`${dice.weapon}d${dice.die}`, item)) : [];
  const sneakDice = hit && dice.sneak
    ? diceOf(await shown.roll(`${dice.sneak}d${SNEAK_DIE}`, t("FRAY.Wounds.Card.Sneak"))) : [];
  await shown.show(t("FRAY.Wounds.Card.Title", { item, target }), { card: posted.message });
  const sealed = sealAttack(card, poster.id ?? "", facts, planned, d20, weaponDice, sneakDice);
  return paidSeal(sealed, reading.combat, own?.id, posted.recorder);
}

const render = viewRender(CARD_TEMPLATE, hiddenRows, (message, records, viewer, refusal) =>
  cardView(cardData(message.system), sealOf(records), ledgerOf(records), viewer, t, refusal));

export const WOUNDS_ATTACK_KIND: CardKind = {
  type: "woundsAttack",
  seal,
  steps: { link: LINK_STEP, apply: APPLY_STEP, undo: UNDO_STEP } as CardKind["steps"],
  render,
};
