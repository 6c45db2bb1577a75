import type { EntryList, ListField, ValueSet } from "../../../../engine/view/list-edits";
import { DAMAGE_TYPES } from "../../rules/constants";
import { ABILITY_SPEC, NPC_SPEC, type ConditionEffectSource } from "../../rules/models";
import type { Resistance } from "../../rules/damage";

/**
 * escalation's list fields, as its sheets declare them to the shell's list editing
 * (`engine/view/list-edits.ts`): an ability's hit, miss and crit effects and its damage
 * types; a statblock's resistances and weaknesses. Entry fields are named in refusals by
 * `FRAY.Sheet.Field.*`.
 */
export const EFFECT_GROUPS = ["hit", "miss", "crit"] as const;
export type EffectGroup = (typeof EFFECT_GROUPS)[number];

export const EFFECT_SPEC = ABILITY_SPEC.fields.hit.fields.effects.element;
export const RESISTANCE_SPEC = NPC_SPEC.fields.resistances.element;
const FIELDS = "FRAY.Sheet.Field";

/** The effect a new row starts as: Dazed, save ends (11+). */
export const BLANK_EFFECT: ConditionEffectSource = {
  id: "dazed", duration: "saveEnds", amount: 0, damageType: "weapon", save: 11,
};
/** The resistance a new row starts as: weapon 12+. */
export const BLANK_RESISTANCE: Resistance = { type: "weapon", threshold: 12 };

const damageTypes = (path: string): ValueSet => ({ kind: "set", path, values: DAMAGE_TYPES });
const effects = (group: EffectGroup): EntryList => ({
  kind: "entries", path: `system.${group}.effects`, spec: EFFECT_SPEC,
  blank: () => ({ ...BLANK_EFFECT }), fieldLabels: FIELDS,
});

/** The ability sheet's lists: `hit`, `miss`, `crit` (effects) and `damageTypes`. */
export const ABILITY_LISTS = {
  hit: effects("hit"), miss: effects("miss"), crit: effects("crit"),
  damageTypes: damageTypes("system.hit.damageTypes"),
} as const satisfies Readonly<Record<EffectGroup | "damageTypes", ListField>>;

/** The NPC sheet's lists: `resistances` and `weaknesses`. */
export const NPC_LISTS = {
  resistances: {
    kind: "entries", path: "system.resistances", spec: RESISTANCE_SPEC,
    blank: () => ({ ...BLANK_RESISTANCE }), fieldLabels: FIELDS,
  },
  weaknesses: damageTypes("system.weaknesses"),
} as const satisfies Readonly<Record<string, ListField>>;
