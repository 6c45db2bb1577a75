import type {
  WindowEvent, WindowState,
} from "../../../../engine/resolution/window/definition";
import { waitingOf } from "../../../../engine/resolution/window/step";
import { isFields, textField } from "../../../../engine/requests/fields";
import {
  AP_WINDOW, AP_REACTIONS, type ApWindowContext, type ApWindowFacts, type ApWindowSettlement,
} from "../../rules/reaction-window";

/**
 * A reaction asked on an attack card, pure: who answers (a window key) and with what (a reaction,
 * or null to take the hit), checked against the window the card keeps, never against the card's
 * editable data: it must wait for answers, offer this one to this party now, and the sender must
 * act for that party (its owner, or a GM answering for an absent player). Each answer is claimed
 * once per window state (`react-<seq>`), whichever GM client plays it. Source:
 * `004_2cc57162401858c9.txt` §Reactions; RULINGS.md §action-points Reactions.
 */
export type ApWindowState = WindowState<ApWindowContext, ApWindowFacts, ApWindowSettlement>;

export interface ReactRequest {
  readonly by: string;
  /** A reaction's id, or null: take the hit (no reaction). */
  readonly answer: string | null;
}

/** Reads a react step's arguments as sent, or null when malformed. */
export function parseReact(args: unknown): ReactRequest | null {
  if (!isFields(args)) return null;
  const by = textField(args.by);
  if (!by) return null;
  if (args.answer === null || args.answer === undefined) return { by, answer: null };
  const answer = textField(args.answer);
  return answer && (AP_REACTIONS as readonly string[]).includes(answer) ? { by, answer } : null;
}

/**
 * Why the request cannot be played on `state` now (a relay reason), or null.
 * @param acts whether the sender acts for `request.by` (owns it, or is a GM).
 */
export function reactRefusal(
  state: ApWindowState | null, request: ReactRequest, acts: boolean,
): string | null {
  if (!state) return "notOnCard";
  const waiting = waitingOf(AP_WINDOW, state);
  if (waiting.kind !== "answers") return waiting.kind === "settled" ? "apSettled" : "apBusy";
  const offered = waiting.offers.filter((o) => o.by === request.by);
  if (!offered.length) return "apNotOffered";
  if (request.answer !== null && !offered.some((o) => o.answer === request.answer)) {
    return "apNotOffered";
  }
  return acts ? null : "notOwner";
}

/** The window event of a request on `state` (made against its `seq`). */
export function eventOf(request: ReactRequest, state: ApWindowState): WindowEvent {
  return request.answer === null
    ? { kind: "pass", by: request.by, seq: state.seq }
    : { kind: "answer", by: request.by, answer: request.answer, seq: state.seq };
}

/**
 * Who won an Intercept on this card (its Agility check won: it takes the attack), or null: the
 * interceptor may then swap places with the ally it covered (§Intercept, "optionally swapping
 * places"), once, while the card is not applied.
 */
export function interceptorOf(state: ApWindowState | null): string | null {
  const facts = state?.frames[0]?.facts;
  // A lost Intercept leaves the attack on the target (`takenBy` is then the target's key).
  const won = facts?.reaction === "intercept" && facts.defence?.won === true;
  return won && facts.takenBy ? facts.takenBy : null;
}

/** Why a swap of places may not be made now, or null (`acts`: the sender acts for it). */
export function swapRefusal(
  state: ApWindowState | null, ledger: { swapped?: boolean; applied?: boolean }, acts: boolean,
): string | null {
  if (!interceptorOf(state)) return "apNoIntercept";
  if (ledger.swapped || ledger.applied) return "apSwapped";
  return acts ? null : "notOwner";
}

/** The claim of an answer on a state: one event per state, whichever GM client plays it. */
export const reactClaim = (state: ApWindowState): string => `react-${state.seq}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A settlement the window stored for a window opened inside the attack's (a Riposte's). */
export function settlementOf(v: unknown): ApWindowSettlement | null {
  if (!isRecord(v) || typeof v.hit !== "boolean" || typeof v.damage !== "number") return null;
  return v as ApWindowSettlement;
}

/** The settlements of the windows opened inside the attack's, in the order they closed. */
export function closedSettlements(state: ApWindowState): ApWindowSettlement[] {
  return state.closed.flatMap((c) => settlementOf(c.settlement) ?? []);
}
