import { validate, type FieldsSpec, type ObjectSpec } from "../../../../engine/schema/spec";
import {
  ABILITY_SPEC, CHARACTER_SPEC, COMBATANT_SPEC, NPC_SPEC, WEAPON_SPEC,
} from "../../rules/models";
import { schemaFor } from "../../../../shell/data/fields";
import { ABILITY_CARD_SPEC, ATTACK_CARD_SPEC, GM_RECORD_FIELDS } from "../chat/card-spec";
import { foundryLocalize } from "../../../../shell/setup/localize";

/**
 * The TypeDataModels of Fray's document subtypes. Each schema is generated from the core's spec
 * (`src/rulesets/escalation/rules/models.ts`), and `validateJoint` runs the same checks the pack build runs,
 * so bad values are rejected with a message that names the field (and nothing is saved).
 */
type Schema = foundry.data.fields.DataSchema;

// The parent is typed as any Document: naming Actor.Implementation here makes the configured
// document types refer to themselves (TS2615, see FOUNDRY-V13-NOTES §2).
function specModel(spec: ObjectSpec<FieldsSpec>, prefix: string | null) {
  return class extends foundry.abstract.TypeDataModel<Schema, foundry.abstract.Document.Any> {
    static override LOCALIZATION_PREFIXES = prefix ? [prefix] : [];
    static override defineSchema() {
      return schemaFor(spec);
    }
    static override validateJoint(data: Record<string, unknown>): void {
      const errors = validate(spec, data);
      if (errors.length) throw new Error(errors.map((e) => (game.i18n ? foundryLocalize(e.key, e.data) : null) ?? `${e.path} ${e.message}`).join("; "));
    }
  };
}

export class CharacterModel extends specModel(CHARACTER_SPEC, "FRAY.Character") {}
export class NpcModel extends specModel(NPC_SPEC, "FRAY.Npc") {}
export class WeaponModel extends specModel(WEAPON_SPEC, "FRAY.Weapon") {}
export class AbilityModel extends specModel(ABILITY_SPEC, "FRAY.Ability") {}
export class CombatantModel extends specModel(COMBATANT_SPEC, null) {}

/**
 * A card model: its spec's fields, plus the GM's records (`seal`, `ledger`, `claims`; see
 * `src/rulesets/escalation/foundry/chat/card-seal.ts`). Those are absent until the GM writes them (not required, no initial
 * value), so a player's new card carries none: the manifest makes them GM-only, and Foundry's
 * server refuses any player write that includes them.
 */
function cardModel(spec: ObjectSpec<FieldsSpec>) {
  return class extends specModel(spec, null) {
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
  };
}

/** System data of `attack` chat messages (see `src/rulesets/escalation/foundry/chat/card-spec.ts`). */
export class AttackCardModel extends cardModel(ATTACK_CARD_SPEC) {}
/** System data of `ability` chat messages: a healing ability's heal buttons. */
export class AbilityCardModel extends cardModel(ABILITY_CARD_SPEC) {}
