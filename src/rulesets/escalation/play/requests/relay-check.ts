import type { Sender } from "../../../../engine/requests/sender";
import { APPLY_MODES, type ApplyMode } from "../cards/card-spec";
import { appliedRecord, type ApplyRecord, type AttackSeal, type HealSeal } from "../cards/card-seal";

/**
 * The active GM's checks of requests about cards, pure so they are tested without Foundry. They
 * read only what a player cannot write: the request's sender (which Foundry supplies), the card's
 * seal and its records; never the card's editable data.
 */
export type RelayMode = ApplyMode | "undo";

export type { Sender };

/** A request to apply (or undo) a card's result on one of its targets, as sent. */
export interface ApplyRequest {
  readonly messageId: string;
  readonly index: number;
  readonly mode: RelayMode;
}

export type RelayRefusal =
  | "badRequest" | "badMessage" | "unsealed" | "notAuthor" | "gmOnly" | "notOnCard"
  | "alreadyApplied" | "notApplied" | "notYours";

export type Verdict<T> = ({ ok: true } & T) | { ok: false; reason: RelayRefusal };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Reads a request as sent over the wire, or null when it is malformed. */
export function parseApplyRequest(payload: unknown): ApplyRequest | null {
  if (!isObject(payload)) return null;
  const { messageId, index, mode } = payload;
  if (
    typeof messageId !== "string"
    || !messageId
    || !Number.isInteger(index)
    || (index as number) < 0
  )
    return null;
  if (mode !== "undo" && !(APPLY_MODES as readonly unknown[]).includes(mode)) return null;
  return { messageId, index: index as number, mode: mode as RelayMode };
}

/**
 * May `sender` take this step? Players apply (and undo what they applied) on cards they posted;
 * Half, Double and Heal are the GM's decisions. A target takes one apply until it is undone.
 * @param seal the card's seal, or null for a card posted while no GM was online (only a GM may
 *   then apply it, having read it).
 */
export function checkApplyRequest(
  request: ApplyRequest,
  seal: AttackSeal | null,
  records: readonly ApplyRecord[],
  sender: Sender | null,
): Verdict<{ op: number }> {
  if (!sender) return { ok: false, reason: "notAuthor" };
  if (!seal)
    return sender.isGM ? stepCheck(request, records, sender) : { ok: false, reason: "unsealed" };
  if (!sender.isGM && sender.id !== seal.authorId) return { ok: false, reason: "notAuthor" };
  if (!sender.isGM && request.mode !== "apply" && request.mode !== "undo")
    return { ok: false, reason: "gmOnly" };
  if (!seal.targets[request.index]) return { ok: false, reason: "notOnCard" };
  return stepCheck(request, records, sender);
}

function stepCheck(
  request: ApplyRequest,
  records: readonly ApplyRecord[],
  sender: Sender,
): Verdict<{ op: number }> {
  const applied = appliedRecord(records);
  if (request.mode === "undo") {
    if (!applied) return { ok: false, reason: "notApplied" };
    if (!sender.isGM && applied.by !== sender.id) return { ok: false, reason: "notYours" };
  } else if (applied) return { ok: false, reason: "alreadyApplied" };
  return { ok: true, op: records.length };
}

/** A request to heal one target of a healing ability's card. */
export interface HealRequest {
  readonly messageId: string;
  readonly index: number;
  readonly mode: "roll" | "average";
}

export function parseHealRequest(payload: unknown): HealRequest | null {
  if (!isObject(payload)) return null;
  const { messageId, index, mode } = payload;
  if (
    typeof messageId !== "string"
    || !messageId
    || !Number.isInteger(index)
    || (index as number) < 0
  ) return null;
  if (mode !== "roll" && mode !== "average") return null;
  return { messageId, index: index as number, mode };
}

/** Heal buttons stay with the card's author (and the GM); each target heals once. */
export function checkHealRequest(
  request: HealRequest, seal: HealSeal | null, healed: boolean, sender: Sender | null,
): Verdict<object> {
  if (!sender) return { ok: false, reason: "notAuthor" };
  if (!seal) return { ok: false, reason: "unsealed" };
  if (!sender.isGM && sender.id !== seal.authorId) return { ok: false, reason: "notAuthor" };
  if (!seal.targets[request.index]) return { ok: false, reason: "notOnCard" };
  if (healed) return { ok: false, reason: "alreadyApplied" };
  return { ok: true };
}
