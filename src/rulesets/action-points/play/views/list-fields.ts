import type { EntryList } from "../../../../engine/view/list-edits";
import { WEAPON_SPEC } from "../../rules/models";

/**
 * action-points' list fields, as its weapon sheet declares them to the shell's list editing
 * (`engine/view/list-edits.ts`): a weapon's Flow actions, each a name, an FP cost and what it does
 * (RULINGS.md §action-points Flow actions). Entry fields are named in refusals by
 * `FRAY.ActionPoints.Sheet.Field.*`.
 */
export const WEAPON_LISTS = {
  flowActions: {
    kind: "entries",
    path: "system.flowActions",
    spec: WEAPON_SPEC.fields.flowActions.element,
    blank: () => ({ name: "", fp: 1, effect: "" }),
    fieldLabels: "FRAY.ActionPoints.Sheet.Field",
  } satisfies EntryList,
};
