import { validate } from "../rules/schema/spec";
import { ABILITY_SPEC, type AbilitySource, type ConditionEffectSource } from "../rules/escalation/models";
import type { DamageType } from "../rules/escalation/constants";

/**
 * Edits to an ability's list fields (hit/miss/crit effects, damage types) as pure functions: each
 * returns the new list or throws a RangeError (nothing is written then). The item sheet writes the
 * result with one update, so a list is never left half-edited.
 */
export const EFFECT_GROUPS = ["hit", "miss", "crit"] as const;
export type EffectGroup = (typeof EFFECT_GROUPS)[number];

export function effectsOf(ability: AbilitySource, group: EffectGroup): ConditionEffectSource[] {
  return [...ability[group].effects];
}

export function addEffect(list: readonly ConditionEffectSource[]): ConditionEffectSource[] {
  return [...list, { id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon" }];
}

/** @throws RangeError when the index does not exist. */
export function removeEffect(list: readonly ConditionEffectSource[], index: number): ConditionEffectSource[] {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new RangeError(`no effect at ${index}`);
  return list.filter((_, i) => i !== index);
}

/**
 * Sets one field of one effect. Numbers arrive as form text and are converted.
 * @throws RangeError when the index does not exist or the value does not fit the ability's model.
 */
export function editEffect(list: readonly ConditionEffectSource[], index: number, field: string, value: string): ConditionEffectSource[] {
  const current = list[index];
  if (!current || !(field in current)) throw new RangeError(`no effect field ${field} at ${index}`);
  const next = { ...current, [field]: field === "amount" ? Number(value) : value } as ConditionEffectSource;
  const errors = validate(ABILITY_SPEC.fields.hit.fields.effects.element, next);
  if (errors.length) throw new RangeError(errors.map((e) => `${e.path} ${e.message}`).join("; "));
  return list.map((e, i) => (i === index ? next : e));
}

export function toggleDamageType(types: readonly DamageType[], type: DamageType): DamageType[] {
  return types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
}
