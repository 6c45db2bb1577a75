/**
 * Who may take a card's author steps, pure: Apply and its Undo belong to the card's author (its
 * poster, as the GM's seal records it) and to any GM, each once and in order, only once the card
 * is sealed. A ruleset adds its own conditions before Apply (action-points: the reaction window
 * settled; phases: something to apply). Each answer is a relay reason (`FRAY.Relay.Reason.*`).
 */

import { isFields } from "./fields";
import type { Sender } from "./sender";

/** Reads the arguments of a step that takes none (apply, undo): an empty object, else null. */
export const parseNoArgs = (args: unknown): object | null => (isFields(args) ? {} : null);

/** What the steps read of a card's ledger. */
export interface AuthorLedger {
  readonly applied?: boolean;
  readonly undone?: boolean;
}

/** Why `sender` may not take an author step on a card sealed as `seal` (null: unsealed). */
export function authorRefusal(
  seal: { readonly poster: string } | null, sender: Sender,
): string | null {
  if (!seal) return "unsealed";
  return !sender.isGM && seal.poster !== sender.id ? "notAuthor" : null;
}

/**
 * Why the card may not be applied now, or null.
 * @param ready the ruleset's own reason it may not be applied yet (null: it may).
 */
export function applyRefusal(
  seal: { readonly poster: string } | null, ledger: AuthorLedger, sender: Sender,
  ready: string | null = null,
): string | null {
  const why = authorRefusal(seal, sender) ?? ready;
  if (why) return why;
  return ledger.applied ? "alreadyApplied" : null;
}

/** Why the card's Apply may not be undone now, or null: once, after Apply. */
export function undoRefusal(
  seal: { readonly poster: string } | null, ledger: AuthorLedger, sender: Sender,
): string | null {
  const why = authorRefusal(seal, sender);
  if (why) return why;
  return !ledger.applied || ledger.undone ? "notApplied" : null;
}
