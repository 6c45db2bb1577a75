import { FrayItemBase } from "../../../../shell/documents/item";

const ITEM_TYPES = ["woundsWeapon", "woundsSpell", "woundsFeat"];

/**
 * wounds' Item: weapons, spells and feats. Attacking and casting live in the chat layer
 * (documents never import it); this is the registered document class.
 */
export class WoundsItem extends FrayItemBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayItemBase`). */
  static override rulesetTypes: readonly string[] = ITEM_TYPES;
}
