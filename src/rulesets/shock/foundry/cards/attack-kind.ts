import type { CardKind, CardRecords, Viewer } from "../../../../shell/cards/kind";
import { cardData, weaponOfItem } from "../data/accessors";
import { renderActions } from "../../../../shell/cards/actions";
import { onPress } from "../../../../shell/chat/press";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { attackModifiers } from "../../rules/attack";
import { acWith } from "../../play/cards/resolve";
import { cardAttack } from "../../play/requests/seal-checks";
import type { Modifier } from "../../../../engine/dice/check";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import {
  ledgerOf, refusalOf, sealOf, snapperOf, strikerOf, type Reaction, type ShockLedger,
  type ShockSeal,
} from "../../play/cards/card-seal";
import { targetOf, windowView } from "../../play/cards/card-window";
import type { ShockCard } from "../../play/cards/card-spec";
import { cardView, type Viewer as ShockViewer } from "../../play/cards/card-view";
import { hiddenButtons } from "../../play/cards/hidden-buttons";
import { renderCard } from "../chat/render-card";
import { maneuversOf, type Maneuver } from "../../play/cards/grapple";
import { attackWith } from "../chat/attack";
import { sealShockCard } from "../gm/seal";
import { REACT_STEP, reportSnap } from "../gm/react";
import { refreshAnswered } from "../gm/snap-undo";
import { refundDeleted } from "../gm/snap-refund";
import { APPLY_STEP } from "../gm/apply";
import { UNDO_STEP } from "../gm/undo";
import { MANEUVER_STEP } from "../gm/grapple";
import { migrateShockCard } from "./legacy-undo";
import { cardDocuments } from "../gm/reading";
import { reopenLegacyCard } from "./legacy-window";
import { combatantOfToken } from "../../../../shell/combat/located";

/**
 * shock's attack card (`shockAttack`) as a card kind of the shell's runtime: sealed and settled by
 * the GM (`gm/seal.ts`), answered (`gm/react.ts`), applied (`gm/apply.ts`), undone (`gm/undo.ts`)
 * or turned into a shove or grapple (`gm/grapple.ts`) through its steps. Each viewer sees it with
 * the buttons it may press: reactions for the target's owners and the allies offered a screen or a
 * Snap Attack (the GM answers for anyone absent), Apply and Undo for the author and the GM. When
 * the roll mode hides the card from a viewer, they still get those buttons. A Snap Attack is taken
 * on the snapper's own client: the GM grants it (the react step), then the attack is rolled there.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock, §Instant Actions.
 */
export const SHOCK_ATTACK_KIND: CardKind = {
  type: "shockAttack",
  seal: sealShockCard,
  steps: {
    react: REACT_STEP, apply: APPLY_STEP, undo: UNDO_STEP, maneuver: MANEUVER_STEP,
  } as CardKind["steps"],
  render: renderShockCard,
  wire: wireSnaps,
  migrate: migrateShockCard,
  upgrade: reopenLegacyCard,
  recorded: async (message) => {
    await reportSnap(message);
    await refreshAnswered(message);
  },
  deleted: refundDeleted,
};

/** What this viewer's client reads from the documents for the card's view. */
function viewerOf(card: ShockCard, seal: ShockSeal | null, ledger: ShockLedger, base: Viewer) {
  // The target now: after a screen, the screener who took the attack.
  const targetUuid = seal ? targetOf(seal, ledger).tokenUuid : card.tokenUuid;
  const target = fromUuidSync(targetUuid) as TokenDocument.Implementation | null;
  const combat = game.combats?.get(card.combatId) as ShockCombat | undefined;
  return {
    ...base,
    // The AC is read by the GM's own client only; it is never written to the card.
    ac: base.isGM && target && seal ? acFor(target, card, seal, ledger, combat) : null,
    ownsTarget: Boolean(target?.actor?.isOwner),
    ownedCombatants: (combat?.combatants.contents ?? []).filter((c) => c.isOwner)
      .map((c) => c.id ?? ""),
    maneuvers: maneuversFor(card),
  } satisfies ShockViewer;
}

async function renderShockCard(
  message: ChatMessage.Implementation, records: CardRecords, base: Viewer, hidden: boolean,
): Promise<string> {
  const card = cardData(message.system);
  const seal = sealOf(records.seal);
  const ledger = ledgerOf(records.ledger);
  const viewer = viewerOf(card, seal, ledger, base);
  if (!hidden) {
    return renderCard(card, viewer, seal, ledger, refusalOf(records.seal), termsFor(card));
  }
  const view = cardView(card, viewer, seal, ledger, refusalOf(records.seal));
  return renderActions(card.weaponName, [{ name: view.targetName, buttons: hiddenButtons(view) }]);
}

/**
 * A Snap Attack's or a held attack's button, on the card (`data-shock-react`) or on a card the
 * roll mode hides (`data-fray-local`, the shell's hidden card): granted by the GM, then rolled on
 * this client.
 */
function wireSnaps(message: ChatMessage.Implementation, html: HTMLElement, records: CardRecords) {
  const seal = sealOf(records.seal);
  const buttons = "button[data-shock-react], button[data-fray-local]";
  html.querySelectorAll<HTMLButtonElement>(buttons).forEach((button) => {
    const choice = button.dataset.shockReact ?? button.dataset.frayLocal ?? "";
    const snapper = strikerOf(choice as Reaction);
    if (!snapper || !seal) return;
    const held = snapperOf(choice as Reaction) === null;
    onPress(button, () => snapAttack(message.id ?? "", seal, snapper, held));
  });
}

/**
 * An ally's Snap Attack offered on a card: the usual attack flow on this client at −4 with the
 * weapon the GM offered, against the card's attacker; the GM grants it (the react step, spending
 * the Main) just before the d20 is rolled (`chat/attack.ts`).
 */
async function snapAttack(
  messageId: string, seal: ShockSeal, combatantId: string, held = false,
): Promise<void> {
  const offer = seal.snappers.find((s) => s.combatantId === combatantId);
  const combatant = game.combats?.get(seal.combatId)?.combatants.get(combatantId);
  const actor = combatant?.actor as ShockActor | null | undefined;
  const item = offer
    ? (actor?.items.get(offer.weaponId) as Item.Implementation | undefined)
    : undefined;
  const token = fromUuidSync(seal.attackerTokenUuid) as TokenDocument.Implementation | null;
  if (!actor || !item || !token) {
    const key = held ? "FRAY.Shock.Refuse.HeldGone" : "FRAY.Shock.Refuse.SnapGone";
    throw new Error(t(key, { name: combatant?.name ?? "" }));
  }
  const answer = { messageId, combatantId, token };
  await attackWith(actor, item, held ? { held: answer } : { snap: answer });
}

/**
 * The attack's modifiers by source, for the roll's tooltip: the attacker's statblock and weapon now
 * with the card's options (rules/attack.ts `attackModifiers`, what the GM checks the total with).
 * None when the attacker or its weapon is gone.
 */
function termsFor(card: ShockCard): Modifier[] {
  const { attacker, item } = cardDocuments(card);
  if (!attacker || !item) return [];
  return attackModifiers(cardAttack(card, attacker.statblock, weaponOfItem(item))).modifiers;
}

/**
 * The AC the card's roll is judged against, for the GM's eyes: the target's AC, +2 when it took
 * Total Defense on this card, −2 while it charged in the card's round (`play/cards/resolve.ts`
 * `acWith`).
 */
function acFor(
  target: TokenDocument.Implementation, card: ShockCard, seal: ShockSeal, ledger: ShockLedger,
  combat: ShockCombat | undefined,
): number | null {
  const actor = target.actor as ShockActor | null;
  if (!actor) return null;
  const combatant = combat && combatantOfToken<ShockCombatant>(combat, target);
  const charging = combat?.round === card.round && Boolean(combatant?.data.charging);
  return acWith(actor.statblock.ac, windowView(seal, ledger).totalDefense, charging);
}

/** What the attacker's weapon allows in lieu of damage, from its item (the GM re-checks it). */
function maneuversFor(card: ShockCard): Maneuver[] {
  const { item } = cardDocuments(card);
  return item ? maneuversOf(weaponOfItem(item)) : [];
}
