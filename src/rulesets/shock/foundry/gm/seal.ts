import type { PostedCard, SealResult } from "../../../../shell/cards/kind";
import type { Recorder } from "../../../../shell/cards/recorder";
import { claimOnDocument, releaseDocumentClaim } from "../../../../shell/gm/claim";
import { cardData } from "../data/accessors";
import type { SealRefusal, ShockLedger, ShockSeal } from "../../play/cards/card-seal";
import { pendingStrike, storedWindow, windowOf } from "../../play/cards/card-window";
import { shockRecords } from "../chat/card-records";
import type { ShockCard } from "../../play/cards/card-spec";
import { factsOf, readCard } from "./reading";
import { isHeld } from "../../play/cards/grapple";
import { ledgerOfPlay, openingOf, openOnCard } from "./window";
import { isUnsuspecting, notice } from "../documents/unsuspecting";
import { sealRefusal, snapLinkHolds } from "../../play/requests/seal-checks";
import { sealOfOpening, type SealParty } from "../../play/requests/seal-opened";
import type { ShockCombatant } from "../documents/combatant";

/**
 * The active GM seals every shock attack card as it is posted (the card runtime calls this with
 * the card as posted, `shell/cards/takeover.ts`). The GM checks that the author owns the attacker
 * and that the total is the d20 plus the modifiers its options give, then opens the attack's
 * reaction window (`gm/window.ts`): any declared screen is rolled (it may turn the attack on a
 * screener), and the Instants the documents allow are offered; with none to offer, the window
 * settles and the result is rolled at once. A card that fails a check (the author does not own the
 * attacker, the total is not what the options give, a swarm claims more assistants than swarmed
 * the target this round, or what it names is gone) is sealed as refused, with the reason, and
 * nothing is ever applied from it.
 */
export async function sealShockCard(posted: PostedCard): Promise<SealResult> {
  const card = { ...cardData(posted.data) };
  const sealed = await sealFor(posted.message, posted.poster, card, posted.recorder);
  if (typeof sealed === "string") return { ok: false, refused: sealed };
  await noticeAttack(posted.recorder, card.tokenUuid, sealed.seal.tokenUuid);
  return { ok: true, ...sealed };
}

/**
 * An attack was made: its target (and a screener it was turned on) notices, so its Unsuspecting
 * mark ends (§Execution Attacks); an execution was checked against the mark before this. The
 * seal's recorder watches the marks, so a seal put back gives them back.
 */
async function noticeAttack(recorder: Recorder, ...tokenUuids: string[]): Promise<void> {
  for (const uuid of new Set(tokenUuids)) {
    const token = fromUuidSync(uuid) as TokenDocument.Implementation | null;
    if (!token?.actor) continue;
    recorder.watchEmbedded(token.actor, "ActiveEffect", "effects");
    await notice(token.actor, "attacked");
  }
}

async function sealFor(
  message: ChatMessage.Implementation, author: User.Implementation, card: ShockCard,
  recorder: Recorder,
): Promise<{ seal: ShockSeal; ledger: ShockLedger } | SealRefusal> {
  const reading = readCard(card);
  if (!author || !reading) return "gone";
  const facts = factsOf(reading, card);
  const inCombat = reading.combat?.id === card.combatId && reading.combat?.started === true;
  const attacker = reading.attacker as Actor.Implementation;
  const attackerId = inCombat ? reading.combat?.combatantOf(attacker)?.id ?? "" : "";
  const own = attackerId
    ? reading.combat?.shockCombatants.find((c) => c.id === attackerId)
    : undefined;
  const refused = sealRefusal(card, {
    owns: author.isGM || reading.attacker.testUserPermission(author, "OWNER"),
    attacker: facts.attacker, weapon: facts.weapon, inCombat, attackerId,
    targetId: reading.combatant?.id, held: Boolean(own && isHeld(own.hold)),
    swarming: (reading.combat?.shockCombatants ?? [])
      .map((c) => ({ id: c.id, swarming: c.data.swarming })),
    unsuspecting: () => isUnsuspecting(reading.target as Actor.Implementation),
  });
  if (refused) return refused;
  // A Snap Attack or a held attack (`snapFor` without `snap`) answering another card must be the
  // one the GM granted there (its Main was spent then); linked last, once nothing can refuse this
  // card.
  if (card.snapFor && !(await linkSnap(message, card, attackerId, recorder))) return "snap";
  // An execution lands; nothing answers or screens it (the target expects no danger). The save
  // is rolled when it settles.
  const opening = openingOf(reading, facts, card.execution ? "" : attackerId);
  const state = await openOnCard(message, reading, opening, recorder);
  const seal = sealOfOpening(card, author.id ?? "", state, {
    inCombat, ward: reading.combatant && partyOf(reading.combatant),
    roster: (reading.combat?.shockCombatants ?? []).map(partyOf),
    holders: opening.holders.map(partyOf), snappers: opening.snappers,
    attackerTokenUuid: own?.token?.uuid ?? "",
  });
  try {
    return { seal, ledger: await ledgerOfPlay(seal, state, message) };
  } catch (err) {
    // A failed settle still seals the card: it then waits, and "no reaction" settles it.
    console.error("Fray | settling a shock card failed", err);
    return { seal, ledger: { window: storedWindow(state) } };
  }
}

/** A combatant as the seal names it (`play/requests/seal-opened.ts`). */
const partyOf = (c: ShockCombatant): SealParty => ({
  id: c.id ?? "", name: c.name ?? "",
  token: c.token ? { uuid: c.token.uuid, name: c.token.name ?? "" } : null,
});

/**
 * A snap card (or a held attack's: `snapFor` without `snap`) names the card it answers: the GM
 * granted its attacker that answer there (`play/requests/seal-checks.ts` `snapLinkHolds`). Then
 * the grant is linked to this card (that card's damage waits for it). @returns whether it was.
 */
async function linkSnap(
  message: ChatMessage.Implementation,
  card: ShockCard,
  attackerId: string,
  recorder: Recorder,
): Promise<boolean> {
  const first = game.messages?.get(card.snapFor);
  if (!first || first.type !== "shockAttack" || !message.id) return false;
  // Only the GM's records of a card the GM took over (a forged "first" card grants nothing).
  const { seal, ledger } = shockRecords(first) ?? {};
  const state = ledger ? windowOf(ledger) : null;
  const awaited = state ? pendingStrike(state) : null;
  if (!seal || !snapLinkHolds(card, attackerId, { ...seal, snapCards: ledger?.snapCards, awaited }))
    return false;
  // Two snap cards posted at once must not both take one grant: the link is claimed once, in
  // the first card (the GM's own), so two GMs' clients cannot both take it.
  const claim = `snapCard-${attackerId}`;
  if (!(await claimOnDocument(first, "system.claims", claim))) return false;
  // Should this card's seal not be recorded, the link and the claim are let go, so the grant's
  // card can be sealed again and the first card does not wait for a card that never resolves.
  recorder.watch(first, [`system.ledger.snapCards.${attackerId}`]);
  recorder.afterPutBack(() => releaseDocumentClaim(first, "system.claims", claim));
  await first.update({
    [`system.ledger.snapCards.${attackerId}`]: message.id,
  } as ChatMessage.UpdateData);
  return true;
}
