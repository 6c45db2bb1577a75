import type { CardKind, CardRecords, Viewer } from "../../../../shell/cards/kind";
import { renderActions } from "../../../../shell/cards/actions";
import { characterData, cardData, npcData } from "../../play/data/accessors";
import type { FrayActor } from "../documents/actor";
import { sealAttack, sealOf, type AttackSeal } from "../../play/cards/card-seal";
import type { AttackCard } from "../../play/cards/card-spec";
import { cardView, hiddenRows } from "../../play/views/card-view";
import { renderCard } from "../chat/render-card";
import { APPLY_STEP, DURATION_STEP, UNDO_STEP } from "./attack-steps";
import { ownedActor } from "./owned";
import { migrateAttackCard } from "./attack-migration";
import { actorOfToken } from "../../../../shell/documents/at-uuid";

/**
 * escalation's attack card (`escalationAttack`) as a card kind of the shell's runtime. Sealed from
 * the card as posted when its poster owns the attacker; Apply, Undo and the effect durations are
 * its steps (`attack-steps.ts`); each viewer sees it with the buttons it may press, and the GM
 * with each target's defense value read by its own client (never stored on the card, which every
 * client receives). Source: `000_c2dc3d650823e22d.txt` §Attacks, §Damage.
 */
export const ATTACK_KIND: CardKind = {
  type: "escalationAttack",
  async seal({ data, poster }) {
    const card = data as AttackCard;
    if (!ownedActor(poster, card.actorUuid)) return { ok: false, refused: "notOwner" };
    const seal = sealAttack(card, poster.id ?? "");
    return { ok: true, seal };
  },
  steps: { apply: APPLY_STEP, undo: UNDO_STEP, duration: DURATION_STEP },
  render: renderAttack,
  migrate: migrateAttackCard,
};

function attackSealOf(records: CardRecords): AttackSeal | null {
  const seal = sealOf(records.seal);
  return seal?.kind === "attack" ? seal : null;
}

async function renderAttack(
  message: ChatMessage.Implementation, records: CardRecords, viewer: Viewer, hidden: boolean,
): Promise<string> {
  const card = cardData(message.system);
  const seal = attackSealOf(records);
  const ledger = records.ledger;
  if (hidden) {
    return renderActions(card.abilityName, hiddenRows(cardView(card, viewer, { seal, ledger })));
  }
  const defenses = viewer.isGM ? defenseValuesNow(card) : [];
  return renderCard(card, viewer, { seal, ledger }, defenses);
}

/**
 * The defense each target has now, read by the GM's client from the target's actor (the same
 * value the attack was rolled against, less the recovery penalty), or null when it is gone.
 */
function defenseValuesNow(card: AttackCard): (number | null)[] {
  return card.targets.map((t) => {
    const actor = actorOfToken(t.tokenUuid) as FrayActor | null;
    if (!actor) return null;
    const data = actor.isPC ? characterData(actor.system) : npcData(actor.system);
    return data.defenses[t.defense] - actor.recoveryPenalty;
  });
}
