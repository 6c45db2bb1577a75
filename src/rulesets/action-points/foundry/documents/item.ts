import { FrayItemBase } from "../../../../shell/documents/item";

const ITEM_TYPES = ["actionPointsWeapon", "actionPointsSpell"];

/**
 * action-points' Item: weapons and spells. Attacking and casting live in the chat layer
 * (documents never import it); this is the registered document class.
 */
export class ActionPointsItem extends FrayItemBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayItemBase`). */
  static override rulesetTypes: readonly string[] = ITEM_TYPES;
}
