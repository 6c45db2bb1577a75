import { validate, type FieldsSpec, type ObjectSpec } from "../../engine/schema/spec";
import { foundryLocalize } from "../setup/localize";
import { schemaFor } from "./fields";
import { RECORD_FIELDS } from "../cards/records";

/**
 * The TypeDataModels of the rulesets' document subtypes. Each schema is generated from a field
 * spec, and `validateJoint` runs the same checks the pack build runs, so bad values are refused
 * with a message that names the field (and nothing is saved).
 */
type Schema = foundry.data.fields.DataSchema;

// The parent is typed as any Document: naming Actor.Implementation here makes the configured
// document types refer to themselves (TS2615, see FOUNDRY-V13-NOTES §2).
export function specModel(spec: ObjectSpec<FieldsSpec>, prefix: string | null = null) {
  return class extends foundry.abstract.TypeDataModel<Schema, foundry.abstract.Document.Any> {
    static override LOCALIZATION_PREFIXES = prefix ? [prefix] : [];
    static override defineSchema() {
      return schemaFor(spec);
    }
    static override validateJoint(data: Record<string, unknown>): void {
      const errors = validate(spec, data);
      if (!errors.length) return;
      const say = (e: (typeof errors)[number]) =>
        (game.i18n ? foundryLocalize(e.key, e.data) : null) ?? `${e.path} ${e.message}`;
      throw new Error(errors.map(say).join("; "));
    }
  };
}

/**
 * A chat card's model: its spec's fields, plus the GM's records (`cards/records.ts`: `seal`,
 * `ledger`, `steps`, `poster`, and `claims` of cards from before claims moved). They are absent
 * until the GM writes them (not required, no initial value), so a player's new card carries none;
 * the manifest also makes them GM-only. The spec's checks ignore them.
 */
export function cardModel(spec: ObjectSpec<FieldsSpec>) {
  const records: readonly string[] = RECORD_FIELDS;
  return class extends specModel(spec) {
    static override defineSchema() {
      const f = foundry.data.fields;
      const fields = Object.fromEntries(records.map((name) => [
        name,
        name === "poster"
          ? new f.StringField({ required: false, blank: true, initial: undefined })
          : new f.ObjectField({ required: false, nullable: true, initial: undefined }),
      ]));
      return { ...super.defineSchema(), ...fields };
    }
    static override validateJoint(data: Record<string, unknown>): void {
      const own = Object.fromEntries(Object.entries(data).filter(([k]) => !records.includes(k)));
      super.validateJoint(own);
    }
  };
}
