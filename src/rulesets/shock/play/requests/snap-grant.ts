/**
 * A Snap Attack's grant (or a held attack's) spends the striker's Main in the react step that
 * grants it, recorded under `snap-<ally>` with what it changed. When the attack is never rolled the
 * Main is given back from that record (`foundry/gm/snap-refund.ts`): the GM ends the wait for a
 * card that never came, closes the card, or deletes it while the grant is still awaited with no
 * card linked to it (a card linked was rolled: its attack stands). Source:
 * `002_5e27cdf788b28f5f.txt` §Make a Snap Attack (the Main is given up to make the attack).
 */

/** The key a grant's react step is recorded under. */
export const grantKey = (ally: string): string => `snap-${ally}`;

/**
 * The ally whose grant is awaited with no card linked and not given back yet, or null.
 * @param awaited who the card's window waits for a Snap Attack or held attack from (null: none).
 * @param snapCards the cards linked to grants, by ally (the ledger's `snapCards`).
 * @param steps the card's step records, by key.
 */
export function unrolledGrant(
  awaited: string | null,
  snapCards: Readonly<Record<string, string>> | undefined,
  steps: Readonly<Record<string, { readonly step: string; readonly undone?: unknown }>>,
): string | null {
  const record = awaited ? steps[grantKey(awaited)] : undefined;
  return awaited && record && !record.undone && !snapCards?.[awaited] ? awaited : null;
}
