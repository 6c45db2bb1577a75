import type { Sender } from "../../../../shell/relay/gm-relay";
import { MANEUVERS, type Maneuver } from "./grapple";
import {
  isReaction,
  openOffers,
  phaseOf,
  screenerOf,
  snapperOf,
  type Reaction,
  type ShockLedger,
  type ShockSeal,
} from "./card-seal";

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
  | "snapPending";

export type Verdict = { ok: true } | { ok: false; reason: Refusal };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A reaction step's arguments, as sent (the card runtime names the card). */
export interface ReactRequest {
  readonly choice: Reaction;
}

export function parseReactRequest(args: unknown): ReactRequest | null {
  if (!isObject(args) || !isReaction(args.choice)) return null;
  return { choice: args.choice as Reaction };
}

/**
 * May `sender` answer the attack? The target's owners answer with Total Defense or none, the owners
 * of an ally offered a held screen or a Snap Attack with that offer (the GM may answer for anyone
 * absent); only while the card waits for a reaction, and only with an offer still open.
 * @param owns whether the sender owns the target's actor (`target`) and the named screener's.
 */
export function checkReact(
  request: ReactRequest, seal: ShockSeal | null, ledger: ShockLedger, sender: Sender,
  owns: { readonly target: boolean; readonly screener: boolean },
): Verdict {
  if (!seal) return { ok: false, reason: "unsealed" };
  if (phaseOf(seal, ledger) !== "reactions" || ledger.reaction) {
    return { ok: false, reason: "alreadyApplied" };
  }
  const mine =
    screenerOf(request.choice) || snapperOf(request.choice) ? owns.screener : owns.target;
  if (!sender.isGM && !mine) return { ok: false, reason: "notOwner" };
  const offered = request.choice === "none" || openOffers(seal, ledger).includes(request.choice);
  if (!offered) return { ok: false, reason: "notOffered" };
  return { ok: true };
}

/** Apply and Undo take no arguments: a card has one result. */
export type ApplyRequest = Readonly<Record<string, never>>;

export function parseApplyRequest(args: unknown): ApplyRequest | null {
  return isObject(args) ? {} : null;
}

/**
 * The card's author (or the GM) applies its result once, after the reactions are settled and after
 * the Snap Attacks taken against the attacker are done (`snapsBlocked`, from `snapsBlock`).
 */
export function checkApply(
  seal: ShockSeal | null,
  ledger: ShockLedger,
  sender: Sender,
  snapsBlocked = false,
): Verdict {
  if (!seal) return { ok: false, reason: "unsealed" };
  if (!sender.isGM && sender.id !== seal.authorId) return { ok: false, reason: "notAuthor" };
  const phase = phaseOf(seal, ledger);
  if (phase === "applied" || phase === "undone") return { ok: false, reason: "alreadyApplied" };
  if (phase !== "resolved" || !ledger.result) return { ok: false, reason: "notResolved" };
  if (ledger.result.kind === "none") return { ok: false, reason: "nothingToApply" };
  if (snapsBlocked) return { ok: false, reason: "snapPending" };
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
  seal: ShockSeal | null, ledger: ShockLedger, sender: Sender, snapsBlocked = false,
): Verdict {
  const verdict = checkApply(seal, ledger, sender, snapsBlocked);
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
