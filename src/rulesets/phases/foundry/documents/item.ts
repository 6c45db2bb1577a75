import { FrayItemBase } from "../../../../shell/documents/item";

const ITEM_TYPES = ["phasesAttack", "phasesMovement", "phasesActivatable"];

/** phases' Item: attack powers, movement powers and items to activate. */
export class PhasesItem extends FrayItemBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayItemBase`). */
  static override rulesetTypes: readonly string[] = ITEM_TYPES;
}
