import type { Sender } from "../../../../shell/relay/gm-relay";
import { refuse, type CardStep, type StepOutcome } from "../../../../shell/cards/kind";
import { claimOnDocument, releaseDocumentClaim } from "../../../../shell/gm/claim";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { actorOfToken } from "../../../../shell/documents/at-uuid";
import type { ShockCombat } from "../documents/combat";
import {
  heldAttackerOf, ledgerOf, sealOf, strikerOf, type Gone, type ShockLedger, type ShockSeal,
} from "../../play/cards/card-seal";
import {
  answererOf, cardDone, closingNext, eventOf, pendingSnap, targetOf, TARGET_KEY, windowOf,
} from "../../play/cards/card-window";
import { shockRecords } from "../chat/card-records";
import { checkReact, parseReactRequest, type ReactRequest } from "../../play/cards/relay-check";
import { goneOf, readCard } from "./reading";
import { heldAttackOffers, snapOffers } from "./snap";
import { refundUnrolled } from "./snap-refund";
import { grantKey } from "../../play/requests/snap-grant";
import { reactClaim, strikeRefusal, windowRefusal } from "../../play/requests/react";
import { playOnCard, type NextEvent } from "./window";

/**
 * The answers to an attack before damage, one request each, played on the card's reaction window
 * (`gm/window.ts`): the target (or the GM, for an absent player) takes Total Defense (+2 AC on the
 * same roll, immune to Shock until the start of its next turn) or no reaction, which ends the
 * window for everyone; an ally holding its action screens the target (its opposed check, rolled by
 * the GM); an ally offered a Snap Attack takes it (its Main spent now; the attack itself is its own
 * card, whose outcome the window then waits for); one holding its action with its Main left
 * strikes the attacker first with its held attack (the same, at no −4: §Hold An Action). Who may answer is read from the documents (the
 * answerer's owner, or a GM), what may be answered from the window the card keeps; the GM checks
 * from the documents that the answerer still can when it pays, and the card runtime claims each
 * event once. Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Instant Actions, §Hold An
 * Action, §Screen an Ally, §Make a Snap Attack.
 */

/**
 * Whether the sender owns the combatant a window key names: its actor in the card's combat, or
 * the target's token's (the target outside a combat, or once its combatant or the combat is gone:
 * its owner is then told what is gone, not that it owns nothing).
 */
function owns(seal: ShockSeal, key: string, sender: Sender): boolean {
  const user = game.users?.get(sender.id);
  const inCombat = (game.combats?.get(seal.combatId) as ShockCombat | undefined)?.shockCombatants
    .find((c) => c.id === key)?.actor;
  const target = key === TARGET_KEY || key === seal.targetCombatantId
    ? actorOfToken(seal.tokenUuid) : undefined;
  const actor = inCombat ?? target;
  return Boolean(user && actor?.testUserPermission(user, "OWNER"));
}

/** Whether the awaited Snap Attack's outcome can be read now: its card is done, or a GM asks. */
function snapReportable(ledger: ShockLedger, ally: string, isGM: boolean): boolean {
  const card = game.messages?.get(ledger.snapCards?.[ally] ?? "");
  const records = card ? shockRecords(card) : null;
  if (records && cardDone(records.seal, records.ledger, records.refused)) return true;
  // A GM may end the wait for a card that never came or is gone (its player's client failed), or
  // that can never be finished: what it needs was deleted (its Apply is refused for good).
  const own = records?.seal;
  return isGM && (!card || Boolean(own && goneOf({ ...own, ...targetOf(own, records.ledger) })));
}

/**
 * The GM's "no reaction" on a card that can never be played: what it needs is gone. It is closed
 * without a result (nothing to apply; it is done, so a card waiting for it as a Snap Attack's goes
 * on). Source: RULINGS.md §shock (the GM settles what the rules cannot).
 */
const closeCard = (by: string, gone: Gone): StepOutcome =>
  ({ ok: true, ledger: { closed: { by, gone } } });

export const REACT_STEP: CardStep<ReactRequest> = {
  parse: parseReactRequest,
  check({ request, records, sender }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const state = windowOf(ledger);
    const mine = Boolean(seal && state && owns(seal, answererOf(request.choice, state), sender));
    const verdict = checkReact(request, seal, ledger, sender, mine);
    if (!verdict.ok) return verdict;
    // One event per state, whichever GM's client plays it (`reactClaim`): `run` goes on only if
    // checking again on the card as it is once claimed gives the same claim (another GM tab may
    // have moved the window on since).
    const awaited = state ? pendingSnap(state) : null;
    return reactClaim({
      choice: request.choice, seq: state?.seq ?? null, awaited, closing: Boolean(ledger.closing),
      reportable: () => snapReportable(ledger, awaited ?? "", sender.isGM),
    });
  },
  /**
   * When what the answer needs was deleted while the card waited (the combat, the target's token
   * or actor, the attacker or its weapon, a combatant the attack may end on) the answer is refused
   * saying what (`FRAY.Relay.Reason.shockGone.*`), and the GM's "no reaction" closes the card.
   */
  async run(context, recorder) {
    const { request, records, sender, message } = context;
    // Decided again on the card as it is once claimed: the same claim, or the window moved on.
    const again = REACT_STEP.check(context);
    if (!again.ok) return again;
    if (again.claim !== context.claim) return refuse("stale");
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const state = windowOf(ledger);
    if (!seal) return refuse("unsealed");
    const target = { ...seal, tokenUuid: targetOf(seal, ledger).tokenUuid };
    const closes = request.choice === "none" && sender.isGM;
    if (!state) return closeCard(sender.id, goneOf(target) ?? "window");
    const snap = pendingSnap(state);
    let next = closer(seal, snap);
    if (request.choice === "none" && snap && !snapReportable(ledger, snap, sender.isGM))
      return { ok: true, ledger: { closing: { by: sender.id } } };
    // The GM ends the wait for a snap card that never came: that snap's Main back.
    if (closes) await refundUnrolled(context, recorder);
    // What the answer needs is gone: refused, saying what; the GM's "no reaction" closes the card.
    const gone = goneOf(target);
    if (gone) return closes ? closeCard(sender.id, gone) : refuse(`shockGone.${gone}`);
    if (request.choice !== "none") {
      const event = eventOf(request.choice, state);
      const ally = strikerOf(request.choice);
      // A Snap Attack or a held attack needs what it needed when offered, now: a readied weapon
      // that still reaches the attacker, and for a held attack the action still held
      // (`snapOffers`, `heldAttackOffers`).
      const reading = ally ? readCard(target) : null;
      const attackerId = state.frames[0]?.context.attacker ?? "";
      const held = heldAttackerOf(request.choice) !== null;
      const offers = !reading ? [] : held ? heldAttackOffers(reading, attackerId)
        : snapOffers(reading, attackerId);
      const refused = strikeRefusal(request.choice, offers, seal.snappers);
      if (refused) throw new Error(t(refused.key, { name: refused.name }));
      next = (_s, n) => (n === 0 ? event : null);
    }
    const played = await playOnCard(message, seal, state, next,
      { rolled: ledger.rolled, recorder });
    // A grant is recorded: its Main is given back if the attack is never rolled (`snap-refund.ts`).
    const ally = strikerOf(request.choice);
    if (played.ok) return ally ? { ...played, recordAs: grantKey(ally) } : played;
    if (closes && played.gone) return closeCard(sender.id, played.gone);
    return refuse(windowRefusal(played.reason));
  },
};

/** The awaited strike's outcome, then a "no reaction"'s passes (`closingNext`), for this seal. */
const closer = (seal: ShockSeal, snap: string | null, close = true): NextEvent =>
  closingNext(snap, close, () => readCard(seal)?.attacker.health !== "up");

/**
 * A Snap Attack's card reports to the card it answers (its seal's `snapFor`), on the active GM's
 * client after its records were written (the card kind's `recorded`): once it is done (applied,
 * undone, refused, or nothing to apply) the window there gets its outcome and goes on, and a "no
 * reaction" kept for it ends the window. Claimed as that window's next event (its `seq`): played
 * once, and only on that state.
 */
export async function reportSnap(snapCard: ChatMessage.Implementation): Promise<void> {
  const own = shockRecords(snapCard);
  if (!own?.seal?.snapFor || !cardDone(own.seal, own.ledger, own.refused)) return;
  const first = game.messages?.get(own.seal.snapFor);
  const { seal, ledger } = (first ? shockRecords(first) : null) ?? {};
  const state = ledger ? windowOf(ledger) : null;
  const ally = Object.entries(ledger?.snapCards ?? {}).find(([, id]) => id === snapCard.id)?.[0];
  if (!first || !seal || !state || !ally || pendingSnap(state) !== ally) return;
  const claim = `react-${state.seq}`;
  if (!(await claimOnDocument(first, "system.claims", claim))) return;
  // Played on the card as it is once claimed (another GM tab may have written it since it was
  // read), and only while it still waits for this snap at the state claimed.
  const now = shockRecords(first)?.ledger ?? {};
  const fresh = windowOf(now);
  if (!fresh || fresh.seq !== state.seq || pendingSnap(fresh) !== ally) {
    await releaseDocumentClaim(first, "system.claims", claim);
    return;
  }
  const next = closer(seal, ally, Boolean(now.closing));
  const played = await playOnCard(first, seal, fresh, next, { rolled: now.rolled })
    .catch((err: unknown) => ({ ok: false as const, reason: String(err) }));
  if (!played.ok) {
    await releaseDocumentClaim(first, "system.claims", claim);
    throw new Error(`shock: a Snap Attack's outcome was not played: ${played.reason}`);
  }
  const changes = Object.entries(played.ledger).map(([k, v]) => [`system.ledger.${k}`, v]);
  await first.update(Object.fromEntries(changes) as ChatMessage.UpdateData);
}
