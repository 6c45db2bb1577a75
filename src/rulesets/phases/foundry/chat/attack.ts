import { tokenInView } from "../../../../shell/combat/located";
import { postActorCard } from "../../../../shell/chat/actor-card";
import { gmOnline, reasonText } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { PhasesCard } from "../../play/cards/card-spec";
import { cardView } from "../../play/cards/card-view";
import { attackRefusal, postedRefusal } from "../../play/cards/seal";
import type { PhasesActor } from "../documents/actor";
import { factsOf, readCard } from "../cards/reading";
import { CARD_TEMPLATE } from "../cards/template";

/**
 * One attack with an attack power against the user's one targeted token, on the attacker's
 * owner's client: refused at once when the GM would refuse it (`play/cards/seal.ts`: the power
 * gone, either side down, out of reach; in a started combat outside the attacker's Battle turn or
 * after its Battle action), else one card declaring it. The active GM seals it: it reads the edge
 * from the documents, rolls the pool and the damage with Foundry's Roll and pays the Battle
 * action (`cards/attack-kind.ts`). With no GM online nothing is posted (a warning says so).
 * An opportunity attack taken from its offer names the offer and the mover it is made against.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack); RULINGS.md §phases Opportunity
 * attack.
 * @throws Error (localized) for every refusal, before anything changes.
 */
export interface AttackOptions {
  /** An opportunity attack granted by an offer (its prompt) against the offer's mover. */
  readonly opportunity?: {
    readonly messageId: string;
    readonly token: TokenDocument.Implementation;
  };
}

export async function attackWith(
  actor: PhasesActor, item: Item.Implementation, options: AttackOptions = {},
): Promise<ChatMessage.Implementation | null> {
  const targets = [...(game.user?.targets ?? [])];
  const target = options.opportunity?.token ?? (targets.length === 1
    ? targets[0]?.document as TokenDocument.Implementation | undefined : undefined);
  if (!target) throw new Error(t("FRAY.Phases.Refuse.OneTarget"));
  const own = tokenInView(actor);
  if (!own) throw new Error(t("FRAY.Phases.Refuse.NoToken", { name: actor.name ?? "" }));
  const draft = {
    actorUuid: actor.uuid, itemId: item.id ?? "", itemName: item.name ?? "",
    tokenUuid: own.uuid, targetTokenUuid: target.uuid, targetName: target.name ?? "",
  };
  const reading = readCard(draft);
  if (!reading) throw new Error(t("FRAY.Phases.Refuse.OneTarget"));
  const combat = reading.combat;
  const card: PhasesCard = {
    ...draft, combatId: combat?.id ?? "", round: combat?.round ?? 0,
    opportunityFor: options.opportunity?.messageId ?? "",
  };
  // The GM's own checks, made first: a refused attack is not posted.
  const gm = game.user?.isGM === true;
  const refused = postedRefusal(card, { owns: actor.isOwner, combat })
    ?? attackRefusal(factsOf(reading, card.itemId, gm, Boolean(options.opportunity)));
  if (refused) throw new Error(reasonText(refused, { name: actor.name ?? "" }));
  if (!gmOnline()) return null;
  const view = cardView(card, null, {}, { isGM: gm, userId: game.user?.id ?? "" }, t, null);
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { view });
  // The dice are rolled by the GM's client as it seals the card (`cards/attack-kind.ts`).
  return postActorCard(actor, { type: "phasesAttack", content, system: card, rolls: [] });
}
