import { tokenInView } from "../../../../shell/combat/located";
import { postActorCard } from "../../../../shell/chat/actor-card";
import { gmOnline } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { postedView } from "../../play/cards/card-view";
import type { ApCard } from "../../play/cards/card-spec";
import type { ActionPointsActor } from "../documents/actor";
import { CARD_TEMPLATE } from "../cards/template";
import { fieldOf, readCard, type CardReading } from "../cards/reading";
import { attackFacts } from "../../play/cards/field";
import { planOf } from "../../play/cards/seal";
import { draftCard, draftRefusal } from "../../play/cards/draft";
import { attackDialogView, declaredOf } from "../../play/views/attack-dialog";
import { askForm } from "../../../../shell/applications/dialogs";
import { TEMPLATES } from "../applications/sheet-base";
import type { Maneuver } from "../../play/cards/maneuver";

/**
 * One attack with a weapon or spell against the user's one targeted token, on the attacker's
 * owner's client: refused at once when the GM would refuse it (not in hand, out of reach, not its
 * turn, not enough AP: `play/cards/seal.ts`), else one card declaring it. The active GM seals it:
 * it recomputes the check, pays the AP, rolls the d100s with Foundry's Roll (two kept better or
 * worse with an edge: `1d100`, `2d100kl`, `2d100kh`) and opens the defender's reactions. With no
 * GM online nothing is posted. Every refusal is a localized Error thrown before anything changes.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions; RULINGS.md §action-points Checks.
 */
export interface AttackOptions {
  /** A reaction attack granted by an offer (its prompt) against the offer's provoker. */
  readonly reaction?: { readonly messageId: string; readonly token: TokenDocument.Implementation };
  /** A special action that is a check (`play/cards/maneuver.ts`), and a Shove's choice. */
  readonly maneuver?: { readonly name: Maneuver; readonly shove?: ApCard["shove"] };
  /** Its target when it is not the user's one targeted token (breaking free: the grappler). */
  readonly target?: TokenDocument.Implementation;
}

const refusal = (key: string, name: string) =>
  new Error(t(key.startsWith("FRAY.") ? key : `FRAY.Relay.Reason.${key}`, { name }));

export async function attackWith(
  actor: ActionPointsActor, item: Item.Implementation | null, options: AttackOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (actor.health !== "up") throw refusal("FRAY.ActionPoints.Refuse.Down", actor.name);
  if (!gmOnline()) return null;
  const targets = [...(game.user?.targets ?? [])];
  const target = options.reaction?.token ?? options.target
    ?? (targets.length === 1 ? targets[0]?.document as TokenDocument.Implementation : undefined);
  if (!target?.actor) throw new Error(t("FRAY.ActionPoints.Refuse.OneTarget"));
  const own = tokenInView(actor);
  if (!own) throw refusal("FRAY.ActionPoints.Refuse.NoToken", actor.name);
  const m = options.maneuver;
  const draft = draftCard({
    actorUuid: actor.uuid, tokenUuid: own.uuid, item, maneuver: m,
    target: { uuid: target.uuid, name: target.name ?? "" },
    reactionFor: options.reaction?.messageId,
  }, t);
  const reading = readCard(draft);
  if (!reading) throw new Error(t("FRAY.ActionPoints.Refuse.OneTarget"));
  // The encounter its token fights in, as the GM will find it (`readCard`).
  const combat = reading.combat;
  const card: ApCard = { ...draft, combatId: combat?.id ?? "", round: combat?.round ?? 0 };
  // The GM's own checks, made first: a refused attack or maneuver is not posted.
  const refused = draftRefusal(fieldOf(reading), card, Boolean(options.reaction));
  if (refused) throw refusal(refused, actor.name);
  // An attack of its own turn is declared in the dialog first (a reaction attack is unmodified).
  const declared = m || options.reaction ? {} : await askDeclared(reading, card);
  if (!declared) return null;
  return post(actor, { ...card, ...declared });
}

/**
 * The attack dialog (`play/views/attack-dialog.ts`): the check as the GM will read it, and the
 * edge sources the author adds. @returns null when dismissed.
 */
async function askDeclared(reading: CardReading, card: ApCard):
  Promise<Pick<ApCard, "disadvantages" | "advantages"> | null> {
  const gm = game.user?.isGM === true;
  const facts = { ...attackFacts(fieldOf(reading), card), gmPosted: gm };
  if (!facts.with) return null;
  const view = attackDialogView(planOf(card, facts, facts.with), gm, t);
  const title = t("FRAY.ActionPoints.Card.Title", { item: card.itemName, target: card.targetName });
  const form = await askForm(title, `${TEMPLATES}/dialog/attack.hbs`, { view });
  return form ? declaredOf(form) : null;
}

/** Posts the card, as declared; the GM's client rolls its d100s as it seals it. */
async function post(actor: ActionPointsActor, card: ApCard):
  Promise<ChatMessage.Implementation | null> {
  const view = postedView(card, t);
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view });
  // The d100s are rolled by the GM's client as it seals the card (`cards/attack-kind.ts`).
  return postActorCard(actor, { type: "actionPointsAttack", content, system: card, rolls: [] });
}
