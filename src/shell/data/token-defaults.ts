import type { TokenDefaults, TokenDisposition } from "../manifest";

/**
 * A new actor's prototype token, as its subtype wants it (`TokenDefaults` in the ruleset's
 * manifest): the changes to make for each default the creator's data does not set. dnd5e sets a
 * character's link and disposition in its Actor `_preCreate` whatever the creator asked; here what
 * the creator wrote wins, so an actor imported from a compendium (whose data carries its whole
 * token) or made by a module with its own token keeps it. Pure.
 * @param given the data the actor is created from (Foundry passes it expanded to `_preCreate`,
 *   client/data/client-backend.mjs `#preCreateDocumentArray`).
 * @param dispositions Foundry's CONST.TOKEN_DISPOSITIONS (common/constants.mjs).
 * @returns the `prototypeToken` changes, {} when there are none.
 */
export function prototypeTokenDefaults(
  defaults: TokenDefaults,
  given: unknown,
  dispositions: Readonly<Record<TokenDisposition, number>>,
): Record<string, unknown> {
  const token = (given as { prototypeToken?: unknown } | null | undefined)?.prototypeToken;
  const out: Record<string, unknown> = {};
  if (defaults.actorLink !== undefined && !has(token, ["actorLink"])) {
    out.actorLink = defaults.actorLink;
  }
  if (defaults.disposition !== undefined && !has(token, ["disposition"])) {
    out.disposition = dispositions[defaults.disposition];
  }
  defaults.bars.forEach((attribute, i) => {
    const bar = `bar${i + 1}`;
    if (!has(token, [bar, "attribute"])) out[bar] = { attribute };
  });
  return out;
}

/** Whether `value` has the nested key `path` (an explicit null or false counts as set). */
function has(value: unknown, path: readonly string[]): boolean {
  let at = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return at !== undefined;
}
