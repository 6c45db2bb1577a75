import type {
  CardKind, CardRecords, PostedCard, SealResult, Viewer,
} from "../../../../shell/cards/kind";
import { refusalOf } from "../../../../shell/cards/records";
import { renderActions } from "../../../../shell/cards/actions";
import { reasonText } from "../../../../shell/relay/gm-relay";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
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
import { APPLY_STEP, LINK_STEP, UNDO_STEP } from "./steps";
import { CARD_TEMPLATE } from "./template";

const cardData = (system: unknown): WoundsCard => system as WoundsCard;

/** Every die of an evaluated Roll, in order (client/dice/roll.mjs `dice`). */
const diceOf = (roll: Roll): number[] =>
  roll.dice.flatMap((d) => d.results.map((r) => r.result));

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
  // Free hits are granted by the runtime's offers; until a card can name a grant the GM checks,
  // none is honoured.
  if (card.freeHitFor !== "") return { ok: false, refused: "wndNoGrant" };
  const facts = factsOf(reading, card.itemId, poster.isGM, false);
  const refused = attackRefusal(facts, postedOf(card));
  if (refused) return { ok: false, refused };
  const planned = planOf(facts, postedOf(card));
  if (typeof planned === "string") return { ok: false, refused: planned };
  // The dice are the GM's own rolls, shown as the card is seen: the author's are never read.
  const shown = new ShownRolls();
  const [d20 = 1] = diceOf(await shown.roll(d20With(planned.plan.modifier), card.itemName));
  const dice = diceToRoll(planned);
  const hit = resolveCheck(planned.plan, [d20]).success;
  const weaponDice = hit && dice.weapon
    ? diceOf(await shown.roll(`${dice.weapon}d${dice.die}`, card.itemName)) : [];
  const sneakDice = hit && dice.sneak
    ? diceOf(await shown.roll(`${dice.sneak}d${SNEAK_DIE}`, t("FRAY.Wounds.Card.Sneak"))) : [];
  await shown.show(t("FRAY.Wounds.Card.Title", { item: card.itemName, target: card.targetName }),
    { card: posted.message });
  const sealed = sealAttack(card, poster.id ?? "", facts, planned, d20, weaponDice, sneakDice);
  if (!sealed.ok) return { ok: false, refused: sealed.refused };
  const own = reading.attackerCombatant;
  if (sealed.pay && reading.combat && own?.id) {
    await reading.combat.keepRecorded({ [own.id]: sealed.pay }, posted.recorder);
  }
  return { ok: true, seal: sealed.seal, ledger: {} };
}

async function render(
  message: ChatMessage.Implementation, records: CardRecords, viewer: Viewer, hidden: boolean,
): Promise<string> {
  const reason = refusalOf(records);
  // A refusal names the card's speaker, who made the attack.
  const refusal = reason ? reasonText(reason, { name: message.alias ?? "" }) : null;
  const view = cardView(cardData(message.system), sealOf(records), ledgerOf(records), viewer, t,
    refusal);
  if (!hidden) return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view });
  return renderActions(view.title, hiddenRows(view));
}

export const WOUNDS_ATTACK_KIND: CardKind = {
  type: "woundsAttack",
  seal,
  steps: { link: LINK_STEP, apply: APPLY_STEP, undo: UNDO_STEP } as CardKind["steps"],
  render,
};
