import { isDelta } from "../../engine/deltas/delta";
import type { CardRecords, StepRecord } from "./kind";

/**
 * A card's records: what the active GM wrote on it when it sealed it and at each step. They live in
 * the card's system data (`seal`, `ledger`, `steps`, `poster`), and they are the GM's to trust
 * because no player can write the card once it is sealed: sealing makes the GM its author
 * (`takeover.ts`), and Foundry lets only a message's author or a GM update or delete it
 * (common/documents/chat-message.mjs: the author's `getUserLevel` is OWNER, everyone else's
 * comes from the base Document, none for a player). Before that, its poster could have written
 * anything under them; sealing replaces them whole. Pure.
 */
export const RECORD_FIELDS = ["seal", "ledger", "steps", "poster", "claims"] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function stepOf(v: unknown): StepRecord | null {
  if (!isObject(v) || typeof v.step !== "string" || typeof v.by !== "string") return null;
  if (!Array.isArray(v.deltas) || !v.deltas.every(isDelta)) return null;
  const undone = isObject(v.undone) && typeof v.undone.by === "string"
    ? { by: v.undone.by } : undefined;
  return { step: v.step, by: v.by, deltas: v.deltas, ...(undone ? { undone } : {}) };
}

/** Reads a card's records from its system data (malformed entries are left out). */
export function recordsOf(system: unknown): CardRecords {
  const s = isObject(system) ? system : {};
  const steps = isObject(s.steps)
    ? Object.fromEntries(Object.entries(s.steps).flatMap(([k, v]) => {
      const step = stepOf(v);
      return step ? [[k, step]] : [];
    }))
    : {};
  return {
    seal: s.seal ?? null,
    ledger: s.ledger ?? null,
    steps,
    posterId: typeof s.poster === "string" ? s.poster : "",
  };
}

/** Whether a card's records hold a seal (say nothing of who wrote them: see `trustedRecords`). */
export function isSealed(records: CardRecords): boolean {
  return records.seal !== null && records.posterId !== "";
}

/**
 * A card's records when the GM may trust them: the card is a GM's (a GM sealed it and took it
 * over, or a GM posted it), so only GMs ever wrote them, and it is sealed. Null otherwise: a card
 * its poster still authors may hold anything under `system.seal`, `ledger`, `steps` or `poster`
 * (Foundry's server checks `gmOnlyFields` only on the keys of an update as sent, so its author's
 * dotted keys pass: dist/database/backend/server-document.mjs), whether no GM was online when it
 * was posted or it was created unannounced (`broadcast: false`). Every reader of records that the
 * GM acts on, or shows as the GM's, goes through this.
 */
export function trustedRecords(message: {
  readonly author?: { readonly isGM: boolean } | null;
  readonly system: unknown;
}): CardRecords | null {
  if (!message.author?.isGM) return null;
  const records = recordsOf(message.system);
  return isSealed(records) ? records : null;
}

/** What a card shows before the GM sealed it: its content, no records. */
export const NO_RECORDS: CardRecords = { seal: null, ledger: null, steps: {}, posterId: "" };

/** A refused seal's reason, or null. */
export function refusalOf(records: CardRecords): string | null {
  const seal = records.seal;
  return isObject(seal) && seal.kind === "refused" && typeof seal.reason === "string"
    ? seal.reason : null;
}
