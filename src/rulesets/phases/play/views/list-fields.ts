import type { EntryList, ValueSet } from "../../../../engine/view/list-edits";
import { CONDITION_IDS } from "../../rules/constants";
import { ATTACK_POWER_SPEC } from "../../rules/models";

/**
 * phases' list fields, as its item sheets declare them to the shell's list editing
 * (`engine/view/list-edits.ts`): an attack power's effects (each a condition, how it lasts and
 * whether a miss inflicts it too) and the conditions an activatable item ends. Entry fields are
 * named in refusals by `FRAY.Phases.Sheet.Field.*`. Source: RULINGS.md §phases Powers, Conditions.
 */
export const ATTACK_LISTS = {
  effects: {
    kind: "entries",
    path: "system.effects",
    spec: ATTACK_POWER_SPEC.fields.effects.element,
    blank: () => ({ condition: "dazed", duration: "saveEnds", onMiss: false }),
    fieldLabels: "FRAY.Phases.Sheet.Field",
  } satisfies EntryList,
};

export const ACTIVATABLE_LISTS = {
  ends: { kind: "set", path: "system.ends", values: CONDITION_IDS } satisfies ValueSet,
};

/**
 * The effects with entry `index`'s "also on a miss" flipped. The shell's list edits write a
 * field's text (a number where the spec wants one), so a flag is flipped here instead.
 * @throws RangeError when there is no entry at `index`.
 */
export function toggleOnMiss<E extends { readonly onMiss: boolean }>(
  effects: readonly E[], index: number,
): E[] {
  if (!Number.isInteger(index) || index < 0 || index >= effects.length) {
    throw new RangeError(`no effect at ${index}`);
  }
  return effects.map((e, i) => (i === index ? { ...e, onMiss: !e.onMiss } : e));
}
