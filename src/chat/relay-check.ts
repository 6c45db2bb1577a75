import type { AttackCard, ApplyMode } from "./card-spec";
import { APPLY_MODES } from "./card-spec";

/**
 * The active GM's check of a request to apply (or undo) a card's damage on a token. Pure, so it is
 * tested without Foundry: the sender must be the card's author or a GM, the token must be one of
 * the card's targets, an apply needs that target not yet applied and an undo needs it applied.
 */
export type RelayMode = ApplyMode | "undo";

export interface ApplyRequest {
  readonly messageId: string;
  readonly tokenUuid: string;
  readonly mode: string;
}

export type RelayRefusal = "notAuthor" | "notOnCard" | "alreadyApplied" | "notApplied" | "badMode" | "badMessage";
export type RelayVerdict = { ok: true; mode: RelayMode; targetIndex: number } | { ok: false; reason: RelayRefusal };

export function checkApplyRequest(
  request: ApplyRequest,
  card: { readonly authorId: string | null; readonly data: AttackCard } | null,
  sender: { readonly id: string; readonly isGM: boolean } | null,
): RelayVerdict {
  if (!card) return { ok: false, reason: "badMessage" };
  if (!sender || (!sender.isGM && sender.id !== card.authorId)) return { ok: false, reason: "notAuthor" };
  const mode = request.mode;
  if (mode !== "undo" && !(APPLY_MODES as readonly string[]).includes(mode)) return { ok: false, reason: "badMode" };
  const targetIndex = card.data.targets.findIndex((t) => t.tokenUuid === request.tokenUuid);
  if (targetIndex < 0) return { ok: false, reason: "notOnCard" };
  const applied = card.data.targets[targetIndex]?.applied.done ?? false;
  if (mode === "undo" && !applied) return { ok: false, reason: "notApplied" };
  if (mode !== "undo" && applied) return { ok: false, reason: "alreadyApplied" };
  return { ok: true, mode: mode as RelayMode, targetIndex };
}

/** The HP change a mode makes from a card's damage: apply, half (round down), double, heal. */
export function hpChange(mode: ApplyMode, damage: number): number {
  switch (mode) {
    case "apply":
      return -damage;
    case "half":
      return -Math.floor(damage / 2);
    case "double":
      return -damage * 2;
    case "heal":
      return damage;
  }
}
