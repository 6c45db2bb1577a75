/**
 * The active GM's check of a request to heal a target named on an ability card (a recovery the
 * target spends, or a free one). Pure, so it is tested without Foundry: the sender must be the
 * card's author or a GM, the target must be on the card and not yet healed, the mode known.
 */
export interface HealCardFlag {
  readonly free: boolean;
  readonly targets: readonly { readonly uuid: string; readonly name: string; readonly done: boolean }[];
}

export interface HealRequest {
  readonly messageId: string;
  readonly uuid: string;
  readonly mode: string;
}

export type HealVerdict =
  | { ok: true; index: number; mode: "roll" | "average" }
  | { ok: false; reason: "badMessage" | "notAuthor" | "notOnCard" | "alreadyApplied" | "badMode" };

export function checkHealRequest(
  request: HealRequest,
  card: { readonly authorId: string | null; readonly flag: HealCardFlag | null } | null,
  sender: { readonly id: string; readonly isGM: boolean } | null,
): HealVerdict {
  if (!card?.flag) return { ok: false, reason: "badMessage" };
  if (!sender || (!sender.isGM && sender.id !== card.authorId)) return { ok: false, reason: "notAuthor" };
  if (request.mode !== "roll" && request.mode !== "average") return { ok: false, reason: "badMode" };
  const index = card.flag.targets.findIndex((t) => t.uuid === request.uuid);
  if (index < 0) return { ok: false, reason: "notOnCard" };
  if (card.flag.targets[index]?.done) return { ok: false, reason: "alreadyApplied" };
  return { ok: true, index, mode: request.mode };
}

/** Reads `flags.fray.heal` of a message, or null when it is missing or malformed. */
export function healFlagOf(flags: unknown): HealCardFlag | null {
  const f = (flags as { fray?: { heal?: unknown } } | undefined)?.fray?.heal as Partial<HealCardFlag> | undefined;
  if (!f || typeof f.free !== "boolean" || !Array.isArray(f.targets)) return null;
  const ok = f.targets.every((t) => t && typeof t.uuid === "string" && typeof t.name === "string" && typeof t.done === "boolean");
  return ok ? (f as HealCardFlag) : null;
}
