import { validate, type ObjectSpec } from "../../../../engine/schema/spec";
import type { Resistance } from "../../rules/damage";
import { ABILITY_SPEC, NPC_SPEC, type AbilitySource, type ConditionEffectSource } from "../../rules/models";
import type { DamageType } from "../../rules/constants";

/**
 * Edits to list fields (an ability's hit/miss/crit effects and damage types, a statblock's
 * resistances and weaknesses) as pure functions: each returns the new list or throws a RangeError
 * (nothing is written then). The sheets write the result with one update, so a list is never left
 * half-edited.
 */
export const EFFECT_GROUPS = ["hit", "miss", "crit"] as const;
export type EffectGroup = (typeof EFFECT_GROUPS)[number];

export function effectsOf(ability: AbilitySource, group: EffectGroup): ConditionEffectSource[] {
  return [...ability[group].effects];
}

export function addEffect(list: readonly ConditionEffectSource[]): ConditionEffectSource[] {
  return [...list, { id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon", save: 11 }];
}

/** @throws RangeError when the index does not exist. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new RangeError(`no entry at ${index}`);
  return list.filter((_, i) => i !== index);
}

/**
 * Sets one field of one list entry, checked against the entry's spec. Form text is converted to a
 * number where the spec wants one.
 * @throws RangeError when the index or field does not exist or the value does not fit the spec.
 */
export function editAt<T extends object>(list: readonly T[], index: number, field: string, value: string, spec: ObjectSpec): T[] {
  const current = list[index];
  const fieldSpec = spec.fields[field];
  if (!current || !fieldSpec) throw new RangeError(`no field ${field} at ${index}`);
  const next = { ...current, [field]: fieldSpec.kind === "int" ? Number(value) : value } as T;
  const errors = validate(spec, next);
  if (errors.length) throw new RangeError(errors.map((e) => `${e.path} ${e.message}`).join("; "));
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
