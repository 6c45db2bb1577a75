const ITEM_TYPES = ["shockWeapon"];

/**
 * shock's Item: weapons. Attacking lives in `../chat/attack.ts` (documents never import the chat
 * layer); this is the registered document class.
 */
export class ShockItem extends Item {
  /**
   * The create dialog offers shock's own subtypes only (client/documents/abstract/
   * client-document.mjs `createDialog` lists every registered type unless `types` restricts it).
   */
  static override createDialog(
    ...[data, createOptions, options]: Parameters<typeof Item.createDialog>
  ) {
    // fvtt-types 13.345.1 types `types` as `never` for documents with subtypes; Foundry reads it.
    const restricted = { types: ITEM_TYPES, ...options } as unknown as Item.CreateDialogOptions;
    return super.createDialog(data, createOptions, restricted);
  }
}
