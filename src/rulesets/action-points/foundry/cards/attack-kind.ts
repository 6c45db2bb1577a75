import type {
  CardKind, CardRecords, PostedCard, SealResult, Viewer,
} from "../../../../shell/cards/kind";
import { refusalText, renderActions } from "../../../../shell/cards/actions";
import { openOnCard } from "../../../../shell/cards/window-play";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { attackRefusal, planOf } from "../../play/cards/seal";
import { postedRefusal, sealedAttack } from "../../play/cards/sealing";
import { rollUnderFormula } from "../../../../engine/dice/roll-under";
import { ShownRolls } from "../../../../shell/dice/shown-rolls";
import { allDice } from "../../../../shell/dice/pool-roll";
import { cardView, hiddenRows, type CardViewer } from "../../play/cards/card-view";
import type { ApCard } from "../../play/cards/card-spec";
import { fieldOf, readCard } from "./reading";
import { attackFacts } from "../../play/cards/field";
import { sealManeuver } from "./maneuver-seal";
import { isManeuver } from "../../play/cards/maneuver";
import { cardWindow } from "./window-effects";
import { CARD_TEMPLATE } from "./template";
import { provokeInPlace } from "../gm/reaction-attacks";
import { grantHolds } from "../../../../shell/offers/grant";
import { REACTION_KIND } from "../../play/round/reaction-attacks";
import { APPLY_STEP, REACT_STEP, SWAP_STEP, UNDO_STEP, actorOfKey, readSealed } from "./steps";
import { ledgerOf, maneuverSealOf, sealOf } from "../../play/cards/card-steps";

const cardData = (system: unknown): ApCard => system as ApCard;

/**
 * action-points' attack card (`actionPointsAttack`) as a card kind of the shell's runtime: sealed
 * by the active GM as posted (the check recomputed from the documents, the attack's AP paid, the
 * reaction window opened: `play/cards/seal.ts`, `sealing.ts`), answered by the defender's
 * owner or an ally who may Intercept (the GM answers for anyone absent), then applied and undone
 * by its author or the GM (`steps.ts`). Each viewer sees the buttons it may press, also when the
 * roll mode hides the card's content. Source: `004_2cc57162401858c9.txt` §Actions, §Reactions.
 */
async function seal(posted: PostedCard): Promise<SealResult> {
  const card = cardData(posted.data);
  const reading = readCard(card);
  if (!reading) return { ok: false, refused: "noTarget" };
  const poster = posted.poster;
  // The encounter is the attacker's token's own (`readCard`), whatever the card names.
  const { combat, attackerCombatant: own } = reading;
  const owns = poster.isGM || reading.attacker.testUserPermission(poster, "OWNER");
  const refused = postedRefusal(card, { owns, combat });
  if (refused) return { ok: false, refused };
  if (card.maneuver && isManeuver(card.maneuver)) {
    return sealManeuver(posted, card, card.maneuver, reading);
  }
  const reaction = Boolean(card.reactionFor);
  const field = fieldOf(reading);
  const facts = { ...attackFacts(field, card), reaction, gmPosted: poster.isGM };
  const may = attackRefusal(facts);
  if ("refused" in may || !facts.with) {
    return { ok: false, refused: "refused" in may ? may.refused : "noTarget" };
  }
  // A reaction attack stands only on its grant, taken by this attacker this round: claimed once,
  // once nothing else can refuse the card.
  const granted = reaction && own?.id && combat
    ? await grantHolds(card.reactionFor, REACTION_KIND, card, own.id, combat.round, posted.recorder)
    : !reaction;
  if (!granted) return { ok: false, refused: "apNoGrant" };
  // The d100s are the GM's own roll, shown as the card is seen: the author's are never read.
  const plan = planOf(card, facts, facts.with);
  const shown = new ShownRolls();
  const roll = await shown.roll(rollUnderFormula(plan.edge), card.itemName);
  await shown.show(t("FRAY.ActionPoints.Card.AttackRoll", { item: card.itemName }), {
    card: posted.message,
  });
  const sealed = sealedAttack(card, poster.id ?? "", facts, field, allDice(roll));
  if (!sealed.ok) return { ok: false, refused: sealed.refused };
  if (sealed.pay && combat && own?.id) {
    await combat.keepRecorded({ [own.id]: sealed.pay }, posted.recorder);
  }
  const opened = await openOnCard(cardWindow(combat), sealed.context, posted.message,
    posted.recorder);
  if (!opened.ok) throw new Error(`action-points window: ${opened.reason}`);
  if (sealed.provokes && combat && own) await provokeInPlace(combat, own, "cast", posted.recorder);
  return { ok: true, seal: sealed.seal, ledger: { window: opened.state } };
}

/** What a viewer may answer for, and the names of the window's keys. */
function viewerOf(records: CardRecords, base: Viewer): CardViewer {
  const reading = readSealed(records);
  return {
    ...base,
    acts: (key) => Boolean(reading && actorOfKey(reading, key)?.isOwner),
    name: (key) => {
      if (!reading) return "";
      const c = reading.combat?.apCombatants.find((x) => x.id === key);
      return c?.name ?? actorOfKey(reading, key)?.name ?? "";
    },
  };
}

async function render(
  message: ChatMessage.Implementation, records: CardRecords, base: Viewer, hidden: boolean,
): Promise<string> {
  const card = cardData(message.system);
  const view = cardView(card, sealOf(records) ?? maneuverSealOf(records), ledgerOf(records),
    viewerOf(records, base), t, refusalText(message, records));
  if (!hidden) {
    return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view });
  }
  return renderActions(card.itemName, hiddenRows(view));
}

export const AP_ATTACK_KIND: CardKind = {
  type: "actionPointsAttack",
  seal,
  steps: {
    react: REACT_STEP, apply: APPLY_STEP, undo: UNDO_STEP, swap: SWAP_STEP,
  } as CardKind["steps"],
  render,
};
