import type { CardKind, PostedCard, SealResult } from "../../../../shell/cards/kind";
import { viewRender } from "../../../../shell/cards/actions";
import { paidSeal } from "../../../../shell/cards/paid-seal";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { resolveAttack } from "../../rules/attack";
import type { PhasesCard } from "../../play/cards/card-spec";
import { cardView, hiddenRows } from "../../play/cards/card-view";
import { ledgerOf, sealOf } from "../../play/cards/card-steps";
import {
  attackRefusal, damageToRoll, planOf, postedRefusal, sealAttack,
} from "../../play/cards/seal";
import { factsOf, readCard } from "./reading";
import { grantHolds } from "../../../../shell/offers/grant";
import { OPPORTUNITY_KIND } from "../../play/round/moves";
import { APPLY_STEP, UNDO_STEP } from "./steps";
import { CARD_TEMPLATE } from "./template";

const cardData = (system: unknown): PhasesCard => system as PhasesCard;

/** Every die of an evaluated Roll, in order (a pool's dice term by term: client/dice/roll.mjs). */
const diceOf = (roll: Roll): number[] =>
  roll.dice.flatMap((d) => d.results.map((r) => r.result));

/** A pool's formula with the attacker's ATK added: `{1d6,1d6,1d8}kh2 + 3`. */
const withAtk = (formula: string, atk: number): string =>
  (atk === 0 ? formula : `${formula} ${atk < 0 ? "-" : "+"} ${Math.abs(atk)}`);

/**
 * phases' attack card (`phasesAttack`) as a card kind of the shell's runtime: sealed by the
 * active GM as posted (the power, the edge and the turn read from the documents and checked:
 * `play/cards/seal.ts`; the pool and then the damage rolled with Foundry's Roll and shown as the
 * card is seen; the Battle action paid on the attacker's own turn), then applied and undone by
 * its author or the GM (`steps.ts`). Each viewer sees the buttons it may press, also when the roll
 * mode hides the card's content. Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack),
 * §Advantage / Disadvantage.
 */
async function seal(posted: PostedCard): Promise<SealResult> {
  const card = cardData(posted.data);
  const reading = readCard(card);
  if (!reading) return { ok: false, refused: "noTarget" };
  const poster = posted.poster;
  const owns = poster.isGM || reading.attacker.testUserPermission(poster, "OWNER");
  const posting = postedRefusal(card, { owns, combat: reading.combat });
  if (posting) return { ok: false, refused: posting };
  const opportunity = card.opportunityFor !== "";
  const facts = factsOf(reading, card.itemId, poster.isGM, opportunity);
  const refused = attackRefusal(facts);
  if (refused || !facts.power) return { ok: false, refused: refused ?? "phsNoPower" };
  // An opportunity attack stands only on its grant, taken by this attacker this round: claimed
  // once, once nothing else can refuse the card.
  const own = reading.attackerCombatant;
  if (opportunity && !(reading.combat && own?.id && await grantHolds(card.opportunityFor,
    OPPORTUNITY_KIND, card, own.id, reading.combat.round, posted.recorder))) {
    return { ok: false, refused: "phsNoGrant" };
  }
  // The dice are the GM's own rolls, shown as the card is seen: the author's are never read.
  const plan = planOf(facts, facts.power);
  const shown = new ShownRolls();
  const attack = await shown.roll(withAtk(plan.formula, plan.atk), card.itemName);
  const dice = diceOf(attack);
  const damage = damageToRoll(facts.power, resolveAttack(plan, dice).hit);
  const damageDice = damage ? diceOf(await shown.roll(damage, card.itemName)) : [];
  await shown.show(t("FRAY.Phases.Card.Title", { item: card.itemName, target: card.targetName }),
    { card: posted.message });
  const sealed = sealAttack(card, poster.id ?? "", facts, dice, damageDice);
  return paidSeal(sealed, reading.combat, own?.id, posted.recorder);
}

const render = viewRender(CARD_TEMPLATE, hiddenRows, (message, records, viewer, refusal) =>
  cardView(cardData(message.system), sealOf(records), ledgerOf(records), viewer, t, refusal));

export const PHASES_ATTACK_KIND: CardKind = {
  type: "phasesAttack",
  seal,
  steps: { apply: APPLY_STEP, undo: UNDO_STEP } as CardKind["steps"],
  render,
};
