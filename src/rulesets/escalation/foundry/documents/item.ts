import { FrayItemBase } from "../../../../shell/documents/item";
const ITEM_TYPES = ["escalationWeapon", "escalationAbility"];

/**
 * escalation's Item: weapons and abilities. Using an ability lives in `../chat/use-ability.ts` (the
 * document does not import the roll logic); this class is the registered document class, the
 * place for item behaviour that belongs to the document itself.
 */
export class FrayItem extends FrayItemBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayItemBase`). */
  static override rulesetTypes: readonly string[] = ITEM_TYPES;
}
