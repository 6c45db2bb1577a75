/**
 * The ruleset the world plays, as the entry point picked it at `init` (`src/fray.ts`, from the
 * `fray.ruleset` setting). Sheets of every ruleset are registered in every world; a sheet asks this
 * whether its own ruleset is the one playing, and shows an inactive ruleset's documents read-only.
 * Empty until `init` has run (nothing is active then).
 */
let active = "";

/** Records the world's ruleset; called once by the entry point during `init`. */
export function setActiveRuleset(id: string): void {
  active = id;
}

/** The world's ruleset id ("" before `init`). */
export function activeRuleset(): string {
  return active;
}
