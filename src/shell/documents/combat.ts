/**
 * The Combat class every ruleset's own Combat class extends, and the one fvtt-types is configured
 * with (`src/types/config.ts`). It adds nothing at runtime: the active ruleset's `install()` sets
 * its own subclass as `CONFIG.Combat.documentClass`. Being neutral, it lets a ruleset narrow a
 * configured Combat to its own class with a plain `as` (a subclass), where a configuration naming
 * one ruleset's class made every other ruleset cast through `unknown`.
 */
export class FrayCombatBase extends Combat {}
