import type { Sender } from "../../../../engine/requests/sender";
import { MANEUVERS, type Maneuver } from "./grapple";
import { isReaction, phaseOf, type Reaction, type ShockLedger, type ShockSeal } from "./card-seal";
import { answered, choicesOf, pendingSnap, windowOf } from "./card-window";

/**
 * The active GM's checks of players' requests about shock attack cards, pure. They read only what a
 * player cannot write: the sender (stamped by Foundry's server), the card's seal and ledger, and
 * what the GM's client reads from the documents (`ownsTarget`); never the card's editable data.
 */
export type Refusal =
  | "badRequest"
  | "badMessage"
  | "unsealed"
  | "notAuthor"
  | "notOwner"
  | "notOffered"
  | "alreadyApplied"
  | "notResolved"
  | "nothingToApply"
  | "notHit"
  | "notApplied"
  | "nothingToUndo"
  | "snapPending"
  | "attackerFell"
  | "noWindow"
  | "stale"
  | "closed";


export type Verdict = { ok: true } | { ok: false; reason: Refusal };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * A reaction step's arguments, as sent (the card runtime names the card): the answer, and the
 * window's `seq` the answerer saw (optional: a request made against an older state is refused).
 */
export interface ReactRequest {
  readonly choice: Reaction;
  readonly seq?: number;
}

export function parseReactRequest(args: unknown): ReactRequest | null {
  if (!isObject(args) || !isReaction(args.choice)) return null;
  const seq = args.seq;
  if (seq !== undefined && !(Number.isInteger(seq) && (seq as number) >= 0)) return null;
  return { choice: args.choice as Reaction, ...(seq === undefined ? {} : { seq: seq as number }) };
}

/**
 * May `sender` answer the attack now? The target's owners answer with Total Defense or none, the
 * owners of an ally offered a held screen or a Snap Attack with that offer (the GM may answer for
 * anyone absent); only while the card waits for its reactions, with an answer its window offers
 * now, against the state the answerer saw. While a Snap Attack's outcome is awaited only "no
 * reaction" is taken (once; a GM's ends the wait when the snap's card never came). A GM's "no
 * reaction" on a card that never got its window is taken too: it closes the card.
 * @param owns whether the sender owns the combatant who answers (`answererOf`).
 */
export function checkReact(
  request: ReactRequest, seal: ShockSeal | null, ledger: ShockLedger, sender: Sender,
  owns: boolean,
): Verdict {
  if (!seal) return { ok: false, reason: "unsealed" };
  const phase = phaseOf(seal, ledger);
  if (phase !== "reactions")
    return { ok: false, reason: phase === "closed" ? "closed" : "alreadyApplied" };
  const state = windowOf(ledger);
  // A GM's "no reaction" closes a card that never got its window (`gm/react.ts`).
  if (!state) return sender.isGM && request.choice === "none" ? { ok: true }
    : { ok: false, reason: "noWindow" };
  if (!sender.isGM && !owns) return { ok: false, reason: "notOwner" };
  if (request.seq !== undefined && request.seq !== state.seq) return { ok: false, reason: "stale" };
  if (request.choice === "none") {
    return sender.isGM || !ledger.closing ? { ok: true } : { ok: false, reason: "alreadyApplied" };
  }
  if (answered(request.choice, state)) return { ok: false, reason: "notOffered" };
  if (pendingSnap(state)) return { ok: false, reason: "snapPending" };
  return choicesOf(state).includes(request.choice)
    ? { ok: true } : { ok: false, reason: "notOffered" };
}

/** Apply and Undo take no arguments: a card has one result. */
export type ApplyRequest = Readonly<Record<string, never>>;

export function parseApplyRequest(args: unknown): ApplyRequest | null {
  return isObject(args) ? {} : null;
}

/**
 * The card's author (or the GM) applies its result once, after its reaction window settled (it
 * waits for the outcome of a Snap Attack taken against the attacker; one that felled it leaves
 * nothing to apply).
 */
export function checkApply(seal: ShockSeal | null, ledger: ShockLedger, sender: Sender): Verdict {
  if (!seal) return { ok: false, reason: "unsealed" };
  if (!sender.isGM && sender.id !== seal.authorId) return { ok: false, reason: "notAuthor" };
  const phase = phaseOf(seal, ledger);
  if (phase === "applied" || phase === "undone") return { ok: false, reason: "alreadyApplied" };
  if (phase === "closed") return { ok: false, reason: "closed" };
  if (phase !== "resolved" || !ledger.result) {
    const state = windowOf(ledger);
    return { ok: false, reason: state && pendingSnap(state) ? "snapPending" : "notResolved" };
  }
  if (ledger.result.cancelled) return { ok: false, reason: "attackerFell" };
  if (ledger.result.kind === "none") return { ok: false, reason: "nothingToApply" };
  return { ok: true };
}

export interface ManeuverRequest {
  readonly maneuver: Maneuver;
}

export function parseManeuverRequest(args: unknown): ManeuverRequest | null {
  if (!isObject(args) || !(MANEUVERS as readonly unknown[]).includes(args.maneuver)) return null;
  return { maneuver: args.maneuver as Maneuver };
}

/**
 * The card's author (or the GM) may shove or grapple in lieu of damage, once, after a hit settled
 * and before its damage is applied (§Shoving, §Grappling: "in lieu of damage").
 */
export function checkManeuver(
  seal: ShockSeal | null, ledger: ShockLedger, sender: Sender,
): Verdict {
  const verdict = checkApply(seal, ledger, sender);
  if (!verdict.ok)
    return verdict.reason === "nothingToApply" ? { ok: false, reason: "notHit" } : verdict;
  return ledger.result?.kind === "hit" ? verdict : { ok: false, reason: "notHit" };
}

/**
 * The card's author (or the GM) may undo its applied damage once, when the apply changed anything
 * (HP, or a shield's use); a shove or grapple is not undone here. Whether the undo is still exact
 * is `planShockUndo`'s, read from the documents.
 */
export function checkUndo(seal: ShockSeal | null, ledger: ShockLedger, sender: Sender): Verdict {
  if (!seal) return { ok: false, reason: "unsealed" };
  if (!sender.isGM && sender.id !== seal.authorId) return { ok: false, reason: "notAuthor" };
  if (ledger.undone) return { ok: false, reason: "alreadyApplied" };
  const step = ledger.applied;
  if (!step) return { ok: false, reason: "notApplied" };
  if (step.hpBefore === step.hpAfter && !step.shieldSpent)
    return { ok: false, reason: "nothingToUndo" };
  return { ok: true };
}
