/**
 * A small, pure description of document data (a "field spec"), the single source for three things:
 * the Foundry TypeDataModel schemas (`src/shell/data/fields.ts` turns specs into DataFields), the
 * TypeScript types of the data (`SourceOf<S>`), and the Node-side validation that lets the pack
 * build reject a document that does not fit its model, naming the file and field.
 */
export interface IntSpec {
  readonly kind: "int";
  readonly initial: number;
  readonly min?: number;
  readonly max?: number;
}
export interface StringSpec<C extends string = string> {
  readonly kind: "string";
  readonly initial: C;
  /** Allowed values; absent means any string. */
  readonly choices?: readonly C[];
  /** Labels' localization prefix, e.g. `FRAY.Defense` → `FRAY.Defense.ac`. */
  readonly labels?: string;
  readonly blank?: boolean;
}
export interface BoolSpec {
  readonly kind: "bool";
  readonly initial: boolean;
}
export interface HtmlSpec {
  readonly kind: "html";
}
export interface ObjectSpec<F extends FieldsSpec = FieldsSpec> {
  readonly kind: "object";
  readonly fields: F;
}
export interface ArraySpec<E extends FieldSpec = FieldSpec> {
  readonly kind: "array";
  readonly element: E;
}
export type FieldSpec = IntSpec | StringSpec | BoolSpec | HtmlSpec | ObjectSpec | ArraySpec;
export type FieldsSpec = { readonly [key: string]: FieldSpec };

/** The plain data a spec describes. */
export type SourceOf<S> = S extends IntSpec
  ? number
  : S extends StringSpec<infer C>
    ? C
    : S extends BoolSpec
      ? boolean
      : S extends HtmlSpec
        ? string
        : S extends ObjectSpec<infer F>
          ? { [K in keyof F]: SourceOf<F[K]> }
          : S extends ArraySpec<infer E>
            ? SourceOf<E>[]
            : never;
export type SourceOfFields<F extends FieldsSpec> = { [K in keyof F]: SourceOf<F[K]> };

export const int = (initial: number, min?: number, max?: number): IntSpec => ({
  kind: "int",
  initial,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
export const choice = <C extends string>(
  choices: readonly C[], initial: C, labels?: string,
): StringSpec<C> => ({
  kind: "string", initial, choices, ...(labels ? { labels } : {}),
});
export const text = (initial = ""): StringSpec<string> => ({
  kind: "string",
  initial,
  blank: true,
});
export const bool = (initial: boolean): BoolSpec => ({ kind: "bool", initial });
export const html = (): HtmlSpec => ({ kind: "html" });
export const object = <F extends FieldsSpec>(fields: F): ObjectSpec<F> => ({
  kind: "object",
  fields,
});
export const array = <E extends FieldSpec>(element: E): ArraySpec<E> => ({
  kind: "array",
  element,
});

/**
 * One problem found by {@link validate}: a dotted path (`hp.max`, `resistances.0.type`), why in
 * English (for Node and logs), and a `FRAY.Validation.*` key with its data for a localized message.
 */
export interface SpecError {
  readonly path: string;
  readonly message: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

const problem = (
  path: string, key: string, message: string, data: Record<string, string | number> = {},
): SpecError[] => [{
  path: path || "(root)",
  message,
  key: `FRAY.Validation.${key}`,
  data: { path: path || "(root)", ...data },
}];

/**
 * Checks `value` against `spec`. Missing keys are allowed (the model fills initial values); keys
 * the spec does not know are reported, since Foundry would silently drop them. Only own keys count
 * on both sides, so keys named like Object.prototype members (`constructor`, `__proto__`) are
 * reported as unknown rather than read as fields.
 * @param path the dotted path of `value` in its document, prefixed to every problem's path.
 * @returns every problem found (empty when the value fits); never throws for any JSON value.
 */
export function validate(spec: FieldSpec, value: unknown, path = ""): SpecError[] {
  const got = JSON.stringify(value) ?? "nothing";
  switch (spec.kind) {
    case "int":
      if (typeof value !== "number" || !Number.isInteger(value)) {
        return problem(path, "Int", `must be a whole number, got ${got}`, { got });
      }
      if (spec.min !== undefined && value < spec.min) {
        return problem(path, "Min", `must be at least ${spec.min}, got ${value}`, {
          min: spec.min,
          got,
        });
      }
      if (spec.max !== undefined && value > spec.max) {
        return problem(path, "Max", `must be at most ${spec.max}, got ${value}`, {
          max: spec.max,
          got,
        });
      }
      return [];
    case "string":
      if (typeof value !== "string")
        return problem(path, "Text", `must be text, got ${got}`, { got });
      if (spec.choices && !spec.choices.includes(value)) {
        const choices = spec.choices.join(", ");
        return problem(path, "Choice", `must be one of ${choices}, got "${value}"`, {
          choices,
          got,
        });
      }
      return [];
    case "html":
      return typeof value === "string" ? [] : problem(path, "Text", "must be text", { got });
    case "bool":
      if (typeof value === "boolean") return [];
      return problem(path, "Bool", `must be true or false, got ${got}`, { got });
    case "array":
      if (!Array.isArray(value)) return problem(path, "List", "must be a list", { got });
      return value.flatMap((v, i) => validate(spec.element, v, join(path, String(i))));
    case "object": {
      const isRecord = typeof value === "object" && value !== null && !Array.isArray(value);
      if (!isRecord) return problem(path, "Object", "must be an object", { got });
      const record = value as Record<string, unknown>;
      const errors: SpecError[] = [];
      for (const key of Object.keys(record)) {
        // Own properties only: a source key such as `constructor`, `toString` or `__proto__` must
        // read as unknown, not as the Object.prototype member of the same name.
        const field = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
        if (!field)
          errors.push(...problem(join(path, key), "Unknown", "is not a field of this model"));
        else errors.push(...validate(field, record[key], join(path, key)));
      }
      return errors;
    }
  }
}

/** The initial data of a spec (what a new document gets). */
export function initialOf<S extends FieldSpec>(spec: S): SourceOf<S> {
  return initialValue(spec) as SourceOf<S>;
}

function initialValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case "int":
    case "string":
    case "bool":
      return spec.initial;
    case "html":
      return "";
    case "array":
      return [];
    case "object":
      return Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, initialValue(f)]));
  }
}

/** Fills missing keys of `value` with the spec's initial values (deep); unknown keys are kept. */
export function withDefaults<S extends ObjectSpec>(
  spec: S, value: Partial<Record<string, unknown>>,
): SourceOf<S> {
  return fill(spec, value) as SourceOf<S>;
}

function fill(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined) return initialValue(spec);
  if (spec.kind === "object" && typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = { ...record };
    for (const [k, f] of Object.entries(spec.fields)) out[k] = fill(f, record[k]);
    return out;
  }
  if (spec.kind === "array" && Array.isArray(value)) return value.map((v) => fill(spec.element, v));
  return value;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
