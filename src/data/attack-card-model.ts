import { ATTACK_CARD_SPEC } from "../chat/card-spec";
import { schemaFor } from "./fields";

/** System data of `attack` chat messages (see `src/chat/card-spec.ts`). */
export class AttackCardModel extends foundry.abstract.TypeDataModel<foundry.data.fields.DataSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return schemaFor(ATTACK_CARD_SPEC);
  }
}
