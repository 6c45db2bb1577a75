import type { Sender } from "../../../../shell/relay/gm-relay";
import { refuse, type CardStep } from "../../../../shell/cards/kind";
import { trustedRecords } from "../../../../shell/cards/records";
import { claimOnDocument, releaseDocumentClaim } from "../../../../shell/gm/claim";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import {
  ledgerOf, refusalOf, screenerOf, sealOf, snapperOf, type Reaction, type ShockLedger,
  type ShockSeal,
} from "../chat/card-seal";
import {
  answererOf, cardDone, closingEvents, eventOf, factsNow, pendingSnap, partyOf, TARGET_KEY,
  windowOf, type ShockWindowState,
} from "../chat/card-window";
import { checkReact, parseReactRequest, type ReactRequest } from "../chat/relay-check";
import { readCard } from "./reading";
import { snapOffers } from "./snap";
import { playOnCard, type NextEvent } from "./window";

/**
 * The answers to an attack before damage, one request each, played on the card's reaction window
 * (`gm/window.ts`): the target (or the GM, for an absent player) takes Total Defense (+2 AC on the
 * same roll, immune to Shock until the start of its next turn) or no reaction, which ends the
 * window for everyone; an ally holding its action screens the target (its opposed check, rolled by
 * the GM); an ally offered a Snap Attack takes it (its Main spent now; the attack itself is its own
 * card, whose outcome the window then waits for). Who may answer is read from the documents (the
 * answerer's owner, or a GM), what may be answered from the window the card keeps; the GM re-checks
 * from the documents that the answerer still can, and the card runtime claims each event once.
 * Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Instant Actions, §Hold An Action, §Screen an
 * Ally, §Make a Snap Attack.
 */

/** Whether the sender owns the combatant a window key names (the target outside a combat). */
function owns(seal: ShockSeal, key: string, sender: Sender): boolean {
  const user = game.users?.get(sender.id);
  const combat = game.combats?.get(seal.combatId) as ShockCombat | undefined;
  const actor = key === TARGET_KEY
    ? (fromUuidSync(seal.tokenUuid) as TokenDocument.Implementation | null)?.actor
    : combat?.shockCombatants.find((c) => c.id === key)?.actor;
  return Boolean(user && actor?.testUserPermission(user, "OWNER"));
}

/**
 * Whether the awaited Snap Attack's outcome can be read now: its card is done, or (for a GM) it
 * never came or is gone.
 */
function snapReportable(ledger: ShockLedger, ally: string, isGM: boolean): boolean {
  const id = ledger.snapCards?.[ally];
  const card = id ? game.messages?.get(id) : undefined;
  if (!card) return isGM;
  const records = trustedRecords(card);
  return Boolean(records)
    && cardDone(sealOf(records?.seal), ledgerOf(records?.ledger), refusalOf(records?.seal) !== null);
}

export const REACT_STEP: CardStep<ReactRequest> = {
  parse: parseReactRequest,
  check({ request, records, sender }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const state = windowOf(ledger);
    const mine = Boolean(seal && state && owns(seal, answererOf(request.choice, state), sender));
    const verdict = checkReact(request, seal, ledger, sender, mine);
    if (!verdict.ok) return verdict;
    if (!state) return refuse("noWindow");
    const snap = pendingSnap(state);
    // One event per state, whichever GM's client plays it; "no reaction" while a Snap Attack's
    // outcome is awaited is kept until it comes.
    if (request.choice !== "none" || !snap || snapReportable(ledger, snap, sender.isGM))
      return { ok: true, claim: `react-${state.seq}` };
    return ledger.closing ? refuse("snapPending") : { ok: true, claim: `close-${state.seq}` };
  },
  async run({ request, records, sender, message }) {
    const seal = sealOf(records.seal);
    const ledger = ledgerOf(records.ledger);
    const state = windowOf(ledger);
    if (!seal || !state) return refuse("noWindow");
    const snap = pendingSnap(state);
    if (request.choice === "none" && snap && !snapReportable(ledger, snap, sender.isGM))
      return { ok: true, ledger: { closing: { by: sender.id } } };
    let next: NextEvent;
    if (request.choice === "none") {
      next = closer(seal, snap);
    } else {
      mayStillAnswer(seal, state, request.choice);
      const event = eventOf(request.choice, state);
      next = (_s, n) => (n === 0 ? event : null);
    }
    const played = await playOnCard(message, seal, state, next);
    return played.ok ? { ok: true, ledger: played.ledger } : refuse(reasonOf(played.reason));
  },
};

/**
 * The awaited Snap Attack's outcome first (the attacker down or not, from the documents), then,
 * with `close` ("no reaction"), everyone still offered an Instant passes.
 */
function closer(seal: ShockSeal, snap: string | null, close = true): NextEvent {
  return (state, n) => {
    if (n === 0 && snap) {
      const down = readCard(seal)?.attacker.health !== "up";
      return { kind: "outside", name: "snapAttack", value: { attackerDown: down } };
    }
    return close ? closingEvents(state)[0] ?? null : null;
  };
}

/**
 * A Snap Attack's card reports to the card it answers (its seal's `snapFor`), on the active GM's
 * client after its records were written (the card kind's `recorded`): once it is done (applied,
 * undone, refused, or nothing to apply) the window there gets its outcome and goes on, and a "no
 * reaction" kept for it ends the window. Claimed as that window's next event, so it is played
 * once.
 */
export async function reportSnap(snapCard: ChatMessage.Implementation): Promise<void> {
  const records = trustedRecords(snapCard);
  const own = sealOf(records?.seal);
  if (!records || !own?.snapFor || !cardDone(own, ledgerOf(records.ledger), false)) return;
  const first = game.messages?.get(own.snapFor);
  const firstRecords = first ? trustedRecords(first) : null;
  const seal = sealOf(firstRecords?.seal);
  const ledger = ledgerOf(firstRecords?.ledger);
  const state = windowOf(ledger);
  const ally = Object.entries(ledger.snapCards ?? {}).find(([, id]) => id === snapCard.id)?.[0];
  if (!first || !seal || !state || !ally || pendingSnap(state) !== ally) return;
  const claim = `react-${state.seq}`;
  if (!(await claimOnDocument(first, CLAIMS, claim))) return;
  const played = await playOnCard(first, seal, state, closer(seal, ally, Boolean(ledger.closing)))
    .catch((err: unknown) => ({ ok: false as const, reason: String(err) }));
  if (!played.ok) {
    await releaseDocumentClaim(first, CLAIMS, claim);
    throw new Error(`shock: a Snap Attack's outcome was not played: ${played.reason}`);
  }
  const changes = Object.entries(played.ledger).map(([k, v]) => [`system.ledger.${k}`, v]);
  await first.update(Object.fromEntries(changes) as ChatMessage.UpdateData);
}

/** Where the card runtime claims a card's steps (`shell/cards/requests.ts`). */
const CLAIMS = "system.claims";

/**
 * The GM's own check that the answerer still can, from the documents now (its Main or Move
 * unspent, still holding, a weapon that still reaches the attacker).
 * @throws Error (a localized refusal) when it cannot.
 */
function mayStillAnswer(seal: ShockSeal, state: ShockWindowState, choice: Reaction): void {
  const key = answererOf(choice, state);
  const target = partyOf(seal, factsNow(state)?.target ?? "");
  const reading = readCard({ ...seal, tokenUuid: target.tokenUuid });
  const combat = reading?.combat;
  const c = combat?.shockCombatants.find((x) => x.id === key);
  const snapper = snapperOf(choice);
  if (snapper) {
    const attacker = state.frames[0]?.context.attacker ?? "";
    const offered = reading ? snapOffers(reading, attacker) : [];
    if (!offered.some((s) => s.combatantId === snapper))
      throw new Error(t("FRAY.Shock.Refuse.SnapGone", { name: c?.name ?? "" }));
    return;
  }
  const action = screenerOf(choice) ? "screen" : "totalDefense";
  // A held screen needs the held action still held, and its screener standing (§Hold An Action).
  const able = action === "totalDefense"
    || ((c?.actor as ShockActor | null)?.health === "up" && c?.data.holding);
  if (!combat || !c || !able || !combat.canTake(c, action))
    throw new Error(t(`FRAY.Shock.Refuse.Spent.${action}`));
}

/** A window's refusal as the card's reason. */
function reasonOf(reason: string): string {
  if (reason === "settled") return "alreadyApplied";
  if (reason === "busy") return "snapPending";
  if (reason === "nothingToPass") return "notOffered";
  return reason;
}
