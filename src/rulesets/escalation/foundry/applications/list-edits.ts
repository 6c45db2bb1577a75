import { validate, type ObjectSpec, type SpecError } from "../../../../engine/schema/spec";
import type { Localize } from "../../../../engine/i18n";
import type { Resistance } from "../../rules/damage";
import {
  ABILITY_SPEC,
  NPC_SPEC,
  type AbilitySource,
  type ConditionEffectSource,
} from "../../rules/models";
import type { DamageType } from "../../rules/constants";

/**
 * Edits to list fields (an ability's hit/miss/crit effects and damage types, a statblock's
 * resistances and weaknesses) as pure functions: each returns the new list or throws a RangeError
 * (nothing is written then). The sheets write the result with one update, so a list is never left
 * half-edited. The error is a {@link ListEditError}: English for logs, and `FRAY.` keys with their
 * data so the sheet tells the user why in their language ({@link listEditMessage}).
 */
export class ListEditError extends RangeError {
  constructor(message: string, readonly problems: readonly Pick<SpecError, "key" | "data">[]) {
    super(message);
    this.name = "ListEditError";
  }
}

/**
 * The localized reason of a failed list edit: each problem's `FRAY.` string, its `{path}` (a
 * field of the entry) named by `FRAY.Sheet.Field.*`. Any other error keeps its own message.
 */
export function listEditMessage(err: unknown, t: Localize): string {
  if (!(err instanceof ListEditError)) return err instanceof Error ? err.message : String(err);
  return err.problems.map((p) => {
    const path = typeof p.data.path === "string" ? p.data.path.split(".").at(-1) ?? "" : "";
    const field = path ? t(`FRAY.Sheet.Field.${path}`) : "";
    return t(p.key, { ...p.data, ...(field ? { path: field, field } : {}) });
  }).join(t("FRAY.Punct.Separator"));
}

const noEntry = (index: number) =>
  new ListEditError(`no entry at ${index}`, [
    { key: "FRAY.Sheet.ListEdit.NoEntry", data: { index } },
  ]);
export const EFFECT_GROUPS = ["hit", "miss", "crit"] as const;
export type EffectGroup = (typeof EFFECT_GROUPS)[number];

export function effectsOf(ability: AbilitySource, group: EffectGroup): ConditionEffectSource[] {
  return [...ability[group].effects];
}

export function addEffect(list: readonly ConditionEffectSource[]): ConditionEffectSource[] {
  return [
    ...list,
    { id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon", save: 11 },
  ];
}

/** @throws ListEditError (a RangeError) when the index does not exist. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) throw noEntry(index);
  return list.filter((_, i) => i !== index);
}

/**
 * Sets one field of one list entry, checked against the entry's spec. Form text is converted to a
 * number where the spec wants one.
 * @throws ListEditError (a RangeError) when the index or field does not exist or the value does
 *   not fit the spec.
 */
export function editAt<T extends object>(
  list: readonly T[], index: number, field: string, value: string, spec: ObjectSpec,
): T[] {
  const current = list[index];
  if (!current) throw noEntry(index);
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!fieldSpec) {
    const problem = { key: "FRAY.Sheet.ListEdit.NoField", data: { field } };
    throw new ListEditError(`no field ${field} at ${index}`, [problem]);
  }
  const next = { ...current, [field]: fieldSpec.kind === "int" ? Number(value) : value } as T;
  const errors = validate(spec, next);
  // Only the edited field changed, so every problem is about it: say what the user typed.
  const typed = errors.map((e) => ({ key: e.key, data: { ...e.data, got: value } }));
  if (errors.length) {
    throw new ListEditError(errors.map((e) => `${e.path} ${e.message}`).join("; "), typed);
  }
  return list.map((e, i) => (i === index ? next : e));
}

export const EFFECT_SPEC = ABILITY_SPEC.fields.hit.fields.effects.element;
export const RESISTANCE_SPEC = NPC_SPEC.fields.resistances.element;

export function addResistance(list: readonly Resistance[]): Resistance[] {
  return [...list, { type: "weapon", threshold: 12 }];
}

/** Adds the type if absent, removes it if present (damage types, weaknesses). */
export function toggleDamageType(types: readonly DamageType[], type: DamageType): DamageType[] {
  return types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
}
