import { validate, type ObjectSpec, type SpecError } from "../schema/spec";
import type { Localize } from "../i18n";

/**
 * Editing the list fields of a document on its sheet, for every ruleset: lists of entries edited
 * row by row (an ability's effects, a statblock's resistances) and sets of values stored as an
 * array (damage types, a weapon's attributes). A ruleset declares each list once
 * ({@link ListField}); the shell's sheets turn a click or a change into one {@link ListOp}, and
 * {@link applyListOp} returns the whole new list or throws a {@link ListEditError}, so the sheet
 * writes one update or nothing: a list is never left half-edited. Pure, so it is tested without
 * Foundry.
 */

/** A list of entries, each an object checked against `spec` whenever one of its fields changes. */
export interface EntryList {
  readonly kind: "entries";
  /** Where the list lives in the document's data (`system.resistances`). */
  readonly path: string;
  /** One entry's spec. */
  readonly spec: ObjectSpec;
  /** The entry "add" appends. */
  blank(): object;
  /** The lang prefix naming an entry's fields in a refusal (`FRAY.Sheet.Field`: `.threshold`). */
  readonly fieldLabels: string;
}

/** A set of values kept as an array, each toggled on or off; `values` are the allowed ones. */
export interface ValueSet {
  readonly kind: "set";
  readonly path: string;
  readonly values: readonly string[];
}

export type ListField = EntryList | ValueSet;

/** What a sheet control asks of a list. Indices are 0-based positions in the list now. */
export type ListOp =
  | { readonly op: "add" }
  | { readonly op: "remove"; readonly index: number }
  | { readonly op: "move"; readonly index: number; readonly to: number }
  | { readonly op: "edit"; readonly index: number; readonly field: string; readonly value: string }
  | { readonly op: "toggle"; readonly value: string };

/**
 * A refused list edit: English for logs, and `FRAY.` keys with their data so the sheet tells the
 * user why in their language ({@link listEditMessage}).
 */
export class ListEditError extends RangeError {
  constructor(message: string, readonly problems: readonly Pick<SpecError, "key" | "data">[]) {
    super(message);
    this.name = "ListEditError";
  }
}

const refuse = (message: string, key: string, data: Record<string, string | number>) =>
  new ListEditError(message, [{ key: `FRAY.Sheet.ListEdit.${key}`, data }]);

const entryAt = <T>(list: readonly T[], index: number): T => {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw refuse(`no entry at ${index}`, "NoEntry", { index });
  }
  return list[index] as T;
};

/**
 * The localized reason of a failed list edit: each problem's `FRAY.` string, a `{path}` (a field
 * of the entry) named by `fieldLabels` + `.<field>`. Any other error keeps its own message.
 */
export function listEditMessage(err: unknown, t: Localize, fieldLabels = ""): string {
  if (!(err instanceof ListEditError)) return err instanceof Error ? err.message : String(err);
  return err.problems.map((p) => {
    const path = typeof p.data.path === "string" ? p.data.path.split(".").at(-1) ?? "" : "";
    const field = path && fieldLabels ? t(`${fieldLabels}.${path}`) : "";
    return t(p.key, { ...p.data, ...(field ? { path: field, field } : {}) });
  }).join(t("FRAY.Punct.Separator"));
}

/** @throws ListEditError when the index does not exist. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  entryAt(list, index);
  return list.filter((_, i) => i !== index);
}

/**
 * Moves the entry at `index` to position `to` (the others keep their order).
 * @throws ListEditError when either position does not exist.
 */
export function moveTo<T>(list: readonly T[], index: number, to: number): T[] {
  const entry = entryAt(list, index);
  entryAt(list, to);
  const rest = list.filter((_, i) => i !== index);
  return [...rest.slice(0, to), entry, ...rest.slice(to)];
}

/**
 * Sets one field of one entry, checked against the entry's spec. Form text becomes a number where
 * the spec wants one.
 * @throws ListEditError when the index or field does not exist or the value does not fit the spec.
 */
export function editAt<T extends object>(
  list: readonly T[], index: number, field: string, value: string, spec: ObjectSpec,
): T[] {
  const current = entryAt(list, index);
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!fieldSpec) throw refuse(`no field ${field} at ${index}`, "NoField", { field });
  const next = { ...current, [field]: fieldSpec.kind === "int" ? Number(value) : value } as T;
  const errors = validate(spec, next);
  if (errors.length) {
    // Only the edited field changed, so every problem is about it: say what the user typed.
    const typed = errors.map((e) => ({ key: e.key, data: { ...e.data, got: value } }));
    throw new ListEditError(errors.map((e) => `${e.path} ${e.message}`).join("; "), typed);
  }
  return list.map((e, i) => (i === index ? next : e));
}

/** Adds `value` if absent, removes it if present. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * The list `field` holds after `op`, from the list it holds now (`current`, not changed).
 * @throws ListEditError when `op` does not fit the list (an entry op on a set, a value a set does
 *   not allow, a missing index or field, a value outside the entry's spec).
 */
export function applyListOp(field: ListField, current: readonly unknown[], op: ListOp): unknown[] {
  if (field.kind === "set") {
    if (op.op !== "toggle") throw refuse(`${op.op} on a set`, "NotAnEntryList", {});
    if (!field.values.includes(op.value)) {
      throw refuse(`${op.value} is not a choice`, "NotAChoice", { value: op.value });
    }
    return toggleValue(current, op.value);
  }
  switch (op.op) {
    case "add": return [...current, field.blank()];
    case "remove": return removeAt(current, op.index);
    case "move": return moveTo(current, op.index, op.to);
    case "edit": return editAt(current as object[], op.index, op.field, op.value, field.spec);
    case "toggle": throw refuse("toggle on an entry list", "NotASet", {});
  }
}

/** An entry of a list as its template's row reads it: its index, and its number for people. */
export type EntryRow<T> = T & { readonly index: number; readonly n: number };

/** The rows of an entry list: each entry with its index (`data-index`) and 1-based number. */
export function entryRows<T extends object>(list: readonly T[]): EntryRow<T>[] {
  return list.map((entry, index) => ({ ...entry, index, n: index + 1 }));
}

/** One choice of a value set as its template shows it: the value, its lang key, whether on. */
export interface SetChoice {
  readonly value: string;
  readonly labelKey: string;
  readonly on: boolean;
}

/** The choices of a value set, in the set's order, each on when `on` holds it. */
export function setChoices(
  field: ValueSet, on: readonly string[], labelPrefix: string,
): SetChoice[] {
  return field.values.map((value) => ({
    value, labelKey: `${labelPrefix}.${value}`, on: on.includes(value),
  }));
}

/** The value at a dotted `path` of `data` (undefined when a step is missing). */
export function valueAt(data: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>(
    (at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key]
      : undefined),
    data,
  );
}

/** The list a document holds at `field.path` (an empty list when there is none). */
export function listOf(document: unknown, field: ListField): unknown[] {
  const found = valueAt(document, field.path);
  return Array.isArray(found) ? [...found] : [];
}
