import type { PostedCard, SealResult } from "../../../../shell/cards/kind";
import { claimOnDocument } from "../../../../shell/gm/claim";
import { trustedRecords } from "../../../../shell/cards/records";
import { planAttack } from "../../rules/attack";
import { cardData } from "../data/accessors";
import {
  ledgerOf, sealCard, sealOf, swarmClaimHolds, type SealRefusal, type ShockLedger, type ShockSeal,
} from "../chat/card-seal";
import { acNow, hitsAc, reactionOffers } from "../chat/resolve";
import type { ShockCard } from "../chat/card-spec";
import { factsOf, readCard, targetState, type CardReading } from "./reading";
import { settle } from "./resolution";
import { isHeld } from "../chat/grapple";
import { heldScreenOffers, rollScreen } from "./screen";
import { snapOffers } from "./snap";
import { isUnsuspecting, notice } from "../documents/unsuspecting";

/**
 * The active GM seals every shock attack card as it is posted (the card runtime calls this with
 * the card as posted, `shell/cards/takeover.ts`). The GM checks that the author owns the attacker
 * and that the total is the d20 plus the modifiers its options give, rolls any screen (which may
 * turn the attack on a screener), reads the hit against the target's AC, and offers the target's
 * owners the Instants it may still take; with none to offer, the card is settled at once. A card
 * that fails a check (the author does not own the attacker, the total is not what the options
 * give, a swarm claims more assistants than swarmed the target this round, or what it names is
 * gone) is sealed as refused, with the reason, and nothing is ever applied from it.
 */
export async function sealShockCard(posted: PostedCard): Promise<SealResult> {
  const card = { ...cardData(posted.data) };
  const seal = await sealFor(posted.message, posted.poster, card);
  if (typeof seal === "string") return { ok: false, refused: seal };
  const ledger: ShockLedger = {};
  if (!seal.offers.length) {
    const reading = readCard(seal);
    // A failed settle still seals the card: it then waits in "reactions", where the GM's
    // "no reaction" settles it (the reaction step settles any unsettled card).
    try {
      if (reading) Object.assign(ledger, { result: await settle(reading, seal, posted.message) });
    } catch (err) {
      console.error("Fray | settling a shock card failed", err);
    }
  }
  await noticeAttack(card.tokenUuid, seal.tokenUuid);
  return { ok: true, seal, ledger };
}

/**
 * An attack was made: its target (and a screener it was turned on) notices, so its Unsuspecting
 * mark ends (§Execution Attacks); an execution was checked against the mark before this.
 */
async function noticeAttack(...tokenUuids: string[]): Promise<void> {
  for (const uuid of new Set(tokenUuids)) {
    const token = fromUuidSync(uuid) as TokenDocument.Implementation | null;
    if (token?.actor) await notice(token.actor, "attacked");
  }
}

async function sealFor(
  message: ChatMessage.Implementation, author: User.Implementation, card: ShockCard,
): Promise<ShockSeal | SealRefusal> {
  const reading = readCard(card);
  if (!author || !reading) return "gone";
  if (!author.isGM && !reading.attacker.testUserPermission(author, "OWNER")) return "notOwner";
  const facts = factsOf(reading, { ...card, kind: "shockAttack" } as unknown as ShockSeal);
  // The total must be the d20 plus exactly what the card's options add (§Attack Rolls).
  const plan = planAttack({
    attacker: facts.attacker, weapon: facts.weapon, ac: 0, charge: card.charge, snap: card.snap,
    dualWield: card.dualWield, swarmOthers: card.swarmOthers, inMelee: card.inMelee,
    situations: card.situations,
  });
  if (plan.forbidden || card.total !== card.natural + plan.check.modifier) return "total";
  const inCombat = reading.combat?.id === card.combatId && reading.combat?.started === true;
  const attacker = reading.attacker as Actor.Implementation;
  const attackerId = inCombat ? reading.combat?.combatantOf(attacker)?.id ?? "" : "";
  // While grappling or grappled, only unarmed attacks (§Grappling).
  const own = attackerId
    ? reading.combat?.shockCombatants.find((c) => c.id === attackerId)
    : undefined;
  if (own && isHeld(own.hold) && !facts.weapon.unarmed) return "grappled";
  const swarmed = inCombat && card.swarmOthers > 0;
  if (swarmed && !swarmClaimHolds(card.swarmOthers, assistantsOf(reading, attackerId)))
    return "swarm";
  // An execution: only on a target the GM marked unsuspecting, a plain attack, and it lands;
  // nothing answers or screens it (the target expects no danger). The save is rolled when it
  // settles. A non-lethal blow is the execution's choice only (§Execution Attacks).
  if (card.nonLethal && !card.execution) return "execution";
  if (card.execution) {
    const plain = !card.charge && !card.snap && card.swarmOthers === 0 && !card.snapFor;
    const target = reading.target as Actor.Implementation;
    if (!plain || !isUnsuspecting(target)) return "execution";
    const targetCombatantId = inCombat ? reading.combatant?.id ?? "" : "";
    return sealCard(card, author.id ?? "", { hit: true, targetCombatantId, offers: [] });
  }
  // A Snap Attack answering another card must be the one the GM granted there (its Main was spent
  // then).
  if (card.snapFor && !(await linkSnap(message, card, attackerId))) return "snap";
  // A screened ward: the screen is rolled first, and may turn the attack on a screener.
  const screened = inCombat && attackerId ? await rollScreen(reading, attackerId, message) : null;
  const screenerToken = screened?.takenBy?.token ?? null;
  const target = screenerToken ? readCard({ ...card, tokenUuid: screenerToken.uuid }) : reading;
  if (!target) return "gone";
  const state = targetState(target);
  // Allies holding their action may screen the target now; not after a screen already took it.
  const mayHelp = inCombat && attackerId && !screenerToken && state.combat;
  const helpers = mayHelp ? heldScreenOffers(target, attackerId) : [];
  const reactions = inCombat && state.combat ? reactionOffers(facts, state) : [];
  // The target's allies who may still snap at the attacker before damage (§Make a Snap Attack).
  const snappers = inCombat && attackerId && state.combat ? snapOffers(target, attackerId) : [];
  return sealCard(card, author.id ?? "", {
    hit: hitsAc(card.natural, card.total, acNow(state)),
    targetCombatantId: inCombat ? (target.combatant?.id ?? "") : "",
    offers: [
      ...reactions,
      ...helpers.map((h) => `screen:${h.combatantId}` as const),
      ...snappers.map((h) => `snap:${h.combatantId}` as const),
    ],
    helpers,
    snappers,
    attackerTokenUuid: own?.token?.uuid ?? "",
    screen: screened?.screen ?? null,
    screenerToken: screenerToken
      ? { uuid: screenerToken.uuid, name: screenerToken.name ?? "" }
      : null,
  });
}

/**
 * A snap card names the card it answers: the GM granted its attacker a snap there, with this
 * weapon, against that card's attacker, and no card was linked to the grant yet. Then the grant
 * is linked to this card (that card's damage waits for it). @returns whether it was.
 */
async function linkSnap(
  message: ChatMessage.Implementation,
  card: ShockCard,
  attackerId: string,
): Promise<boolean> {
  const first = game.messages?.get(card.snapFor);
  if (!card.snap || !attackerId || !first || first.type !== "shockAttack" || !message.id)
    return false;
  // Only the GM's records of a card the GM took over (a forged "first" card grants nothing).
  const records = trustedRecords(first);
  const seal = records ? sealOf(records.seal) : null;
  const ledger = ledgerOf(records?.ledger);
  const grant = ledger.snaps?.[attackerId];
  if (!seal || !grant || grant.messageId || grant.weaponId !== card.weaponId) return false;
  if (seal.attackerTokenUuid !== card.tokenUuid) return false;
  // Two snap cards posted at once must not both take one grant: the link is claimed once, in
  // the first card (the GM's own), so two GMs' clients cannot both take it (its react step
  // claimed `snap-<ally>` when the ally took the snap; this claims the card that answers).
  if (!(await claimOnDocument(first, "system.claims", `snapCard-${attackerId}`))) return false;
  await first.update({
    [`system.ledger.snaps.${attackerId}.messageId`]: message.id,
  } as ChatMessage.UpdateData);
  return true;
}

/** Those other than the striker who made a Swarm Attack on the target this round. */
function assistantsOf(reading: CardReading, attackerId: string): number {
  const target = reading.combatant?.id;
  if (!target || !reading.combat) return 0;
  const swarming = reading.combat.shockCombatants
    .filter((c) => c.id !== attackerId && c.data.swarming === target);
  return swarming.length;
}
