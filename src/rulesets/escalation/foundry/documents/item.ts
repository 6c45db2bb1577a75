const ITEM_TYPES = ["escalationWeapon", "escalationAbility"];

/**
 * escalation's Item: weapons and abilities. Using an ability lives in `../chat/use-ability.ts` (the
 * document does not import the roll logic); this class is the registered document class, the
 * place for item behaviour that belongs to the document itself.
 */
export class FrayItem extends Item {
  /**
   * The create dialog offers escalation's own subtypes only: every ruleset's types are registered
   * in every world, and Foundry's dialog lists every registered type unless `types` restricts it
   * (client/documents/abstract/client-document.mjs `createDialog`).
   */
  static override createDialog(
    ...[data, createOptions, options]: Parameters<typeof Item.createDialog>
  ) {
    // fvtt-types 13.345.1 types `types` as `never` for documents with subtypes (its condition is
    // inverted), but Foundry's createDialog reads it: hence the cast.
    const restricted = { types: ITEM_TYPES, ...options } as unknown as Item.CreateDialogOptions;
    return super.createDialog(data, createOptions, restricted);
  }
}
