import type { FieldSpec, FieldsSpec, ObjectSpec } from "../../engine/schema/spec";

/**
 * Turns the core's field specs (`src/engine/schema/spec.ts`) into Foundry DataFields, so a
 * TypeDataModel's schema and the Node-side pack validation can never disagree. The schema is typed
 * as a plain DataSchema (mapping specs to fvtt-types' field generics exceeds the compiler's depth);
 * typed access to the data goes through `SourceOf<spec>` in
 * `src/rulesets/escalation/foundry/data/models.ts`.
 */
type DataSchema = foundry.data.fields.DataSchema;

/** Builds a whole schema (what `defineSchema()` returns). */
export function schemaFor(spec: ObjectSpec<FieldsSpec>): DataSchema {
  return Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, build(f)]));
}

function build(spec: FieldSpec): foundry.data.fields.DataField.Any {
  const f = foundry.data.fields;
  switch (spec.kind) {
    case "int":
      return new f.NumberField({
        required: true,
        nullable: false,
        integer: true,
        initial: spec.initial,
        min: spec.min,
        max: spec.max,
      });
    case "string": {
      const choices = spec.choices
        ? Object.fromEntries(spec.choices.map((c) => [c, spec.labels ? `${spec.labels}.${c}` : c]))
        : undefined;
      return new f.StringField({
        required: true,
        nullable: false,
        blank: spec.blank ?? !choices,
        initial: spec.initial,
        choices,
      });
    }
    case "bool":
      return new f.BooleanField({ required: true, nullable: false, initial: spec.initial });
    case "html":
      return new f.HTMLField({ required: true, blank: true });
    case "object":
      return new f.SchemaField(schemaFor(spec));
    case "array":
      return new f.ArrayField(build(spec.element));
  }
}
