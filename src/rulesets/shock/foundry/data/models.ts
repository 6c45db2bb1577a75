import { validate, type FieldsSpec, type ObjectSpec } from "../../../../engine/schema/spec";
import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../rules/models";
import { schemaFor } from "../../../../shell/data/fields";
import { foundryLocalize } from "../../../../shell/setup/localize";
import { COMBATANT_SPEC } from "./combatant-spec";
import { GM_RECORD_FIELDS, SHOCK_CARD_SPEC } from "../chat/card-spec";

/**
 * shock's TypeDataModels, each generated from its field spec (`../../rules/models.ts`), with the
 * spec's own checks in `validateJoint`, so bad values are refused naming the field and nothing is
 * saved (the same checks the pack build runs).
 */
type Schema = foundry.data.fields.DataSchema;

// The parent is typed as any Document: naming Actor.Implementation here would make the configured
// document types refer to themselves (TS2615).
function specModel(spec: ObjectSpec<FieldsSpec>) {
  return class extends foundry.abstract.TypeDataModel<Schema, foundry.abstract.Document.Any> {
    static override defineSchema() {
      return schemaFor(spec);
    }
    static override validateJoint(data: Record<string, unknown>): void {
      const errors = validate(spec, data);
      if (!errors.length) return;
      const say = (e: (typeof errors)[number]) => (game.i18n ? foundryLocalize(e.key, e.data) : null) ?? `${e.path} ${e.message}`;
      throw new Error(errors.map(say).join("; "));
    }
  };
}

export class ShockCharacterModel extends specModel(CHARACTER_SPEC) {}
export class ShockNpcModel extends specModel(NPC_SPEC) {}
export class ShockWeaponModel extends specModel(WEAPON_SPEC) {}
export class ShockCombatantModel extends specModel(COMBATANT_SPEC) {}

/**
 * The attack card's model: its spec's fields plus the GM's records (`seal`, `ledger`, `claims`),
 * absent until the GM writes them (not required, no initial value), so a player's new card carries
 * none; the manifest makes them GM-only.
 */
export class ShockAttackCardModel extends specModel(SHOCK_CARD_SPEC) {
  static override defineSchema() {
    const f = foundry.data.fields;
    const records = Object.fromEntries(GM_RECORD_FIELDS.map((name) => [
      name, new f.ObjectField({ required: false, nullable: true, initial: undefined }),
    ]));
    return { ...super.defineSchema(), ...records };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    const own = Object.fromEntries(Object.entries(data).filter(([k]) => !(GM_RECORD_FIELDS as readonly string[]).includes(k)));
    super.validateJoint(own);
  }
}
