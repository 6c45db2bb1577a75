import { FrayItemBase } from "../../../../shell/documents/item";
const ITEM_TYPES = ["shockWeapon"];

/**
 * shock's Item: weapons. Attacking lives in `../chat/attack.ts` (documents never import the chat
 * layer); this is the registered document class.
 */
export class ShockItem extends FrayItemBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayItemBase`). */
  static override rulesetTypes: readonly string[] = ITEM_TYPES;
}
