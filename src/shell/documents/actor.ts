/**
 * The Actor class every ruleset's own Actor class extends, and the one fvtt-types is configured
 * with (`src/types/config.ts`). The active ruleset's `install()` sets its own subclass as
 * `CONFIG.Actor.documentClass`. Being neutral, it lets a ruleset narrow a configured Actor to its
 * own class with a plain `as` (a subclass), where a configuration naming one ruleset's class made
 * every other ruleset cast through `unknown`.
 *
 * The create dialog offers the ruleset's own subtypes only (`rulesetTypes`): every ruleset's
 * types are registered in every world (so any compendium stays valid), and Foundry's dialog lists
 * every registered type unless `types` restricts it
 * (client/documents/abstract/client-document.mjs `createDialog`).
 */
export class FrayActorBase extends Actor {
  /** The subtypes the create dialog offers (the ruleset's own); empty: Foundry's list. */
  static rulesetTypes: readonly string[] = [];

  static override createDialog(
    ...[data, createOptions, options]: Parameters<typeof Actor.createDialog>
  ) {
    const types = this.rulesetTypes;
    if (!types.length) return super.createDialog(data, createOptions, options);
    // fvtt-types 13.345.1 types `types` as `never` for documents with subtypes (its condition is
    // inverted), but Foundry's createDialog reads it: hence the cast.
    const restricted = { types, ...options } as unknown as Actor.CreateDialogOptions;
    return super.createDialog(data, createOptions, restricted);
  }
}
