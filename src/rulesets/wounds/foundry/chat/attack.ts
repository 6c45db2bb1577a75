import { tokenInView } from "../../../../shell/combat/located";
import { postActorCard } from "../../../../shell/chat/actor-card";
import { askForm } from "../../../../shell/applications/dialogs";
import { gmOnline, reasonText } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { DEFAULT_AIM } from "../../rules/constants";
import { postedOf, type WoundsCard } from "../../play/cards/card-spec";
import { cardView } from "../../play/cards/card-view";
import { attackRefusal, planOf, postedRefusal } from "../../play/cards/seal";
import { attackDialogView, declaredOf } from "../../play/views/attack-dialog";
import type { WoundsActor } from "../documents/actor";
import { factsOf, readCard } from "../cards/reading";
import { CARD_TEMPLATE } from "../cards/template";

const DIALOG = "systems/fray/templates/wounds/dialog/attack.hbs";

const refusal = (key: string, name: string) =>
  new Error(key.startsWith("FRAY.") ? t(key, { name }) : reasonText(key, { name }));

/**
 * One attack with a weapon (or cast attack spell) against the user's one targeted token, on the
 * attacker's owner's client: refused at once when the GM would refuse it (`play/cards/seal.ts`),
 * else the attack dialog (`play/views/attack-dialog.ts`) and one card declaring it, which the
 * active GM seals (`cards/attack-kind.ts`); nothing is posted with no GM online. A free hit names
 * its offer, against the offer's provoker. Source: `001_dbc5fcc02a99a518.txt` §Attacking,
 * §Wounds/Aiming, §Bonus Actions. @throws Error (localized) for a refusal; nothing changes.
 */
export interface AttackOptions {
  /** A free hit granted by an offer (its prompt) against the offer's provoker. */
  readonly freeHit?: {
    readonly messageId: string;
    readonly token: TokenDocument.Implementation;
    /** A tragedy's: an automatic critical. */
    readonly critical: boolean;
  };
}

export async function attackWith(
  actor: WoundsActor, item: Item.Implementation, options: AttackOptions = {},
): Promise<ChatMessage.Implementation | null> {
  const free = options.freeHit;
  const targets = [...(game.user?.targets ?? [])];
  const target = free?.token ?? (targets.length === 1
    ? targets[0]?.document as TokenDocument.Implementation | undefined : undefined);
  if (!target) throw new Error(t("FRAY.Wounds.Refuse.OneTarget"));
  const own = tokenInView(actor);
  if (!own) throw refusal("FRAY.Wounds.Refuse.NoToken", actor.name ?? "");
  const draft = { tokenUuid: own.uuid, targetTokenUuid: target.uuid };
  const reading = readCard(draft);
  if (!reading) throw new Error(t("FRAY.Wounds.Refuse.OneTarget"));
  const combat = reading.combat;
  const base: WoundsCard = {
    actorUuid: actor.uuid, itemId: item.id ?? "", itemName: item.name ?? "", ...draft,
    targetName: target.name ?? "", combatId: combat?.id ?? "", round: combat?.round ?? 0,
    aim: DEFAULT_AIM, extraAttack: false, buyToHit: 0, buyMeleeDamage: 0, improveSpell: 0,
    freeHitFor: free?.messageId ?? "",
  };
  // The GM's own checks, made first: a refused attack is not posted.
  const gm = game.user?.isGM === true;
  const facts = {
    ...factsOf(reading, base.itemId, gm, Boolean(free)), criticalFreeHit: free?.critical === true,
  };
  const refused = postedRefusal(base, { owns: actor.isOwner, combat })
    ?? attackRefusal(facts, postedOf(base));
  if (refused) throw refusal(refused, actor.name ?? "");
  const planned = planOf(facts, postedOf(base));
  if (typeof planned === "string") throw refusal(planned, actor.name ?? "");
  if (!gmOnline()) return null;
  // Purchases and the extra attack belong to an attack of the turn, not to a free hit.
  const turn = facts.combat?.ownTurn && !free ? facts.combat.kept.bonus : null;
  const improvement = facts.spell ? facts.improvement : null;
  const view = attackDialogView(planned, turn, { melee: !improvement && !facts.spell
    && facts.weapon?.kind === "melee", improvement }, t);
  const title = t("FRAY.Wounds.Card.Title", { item: base.itemName, target: base.targetName });
  const form = await askForm(title, DIALOG, { view });
  if (!form) return null;
  const card: WoundsCard = { ...base, ...declaredOf(form) };
  const posted = cardView(card, null, {}, { isGM: gm, userId: game.user?.id ?? "" }, t, null);
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    { view: posted });
  // The dice are rolled by the GM's client as it seals the card (`cards/attack-kind.ts`).
  return postActorCard(actor, { type: "woundsAttack", content, system: card, rolls: [] });
}
