import type { ActionId, Budget } from "../../rules/actions";
import { ATTRIBUTES, SKILLS } from "../../rules/constants";
import type { Statblock } from "../../rules/statblock";

/**
 * What the shock sheets show, pure: the attributes and skills, the combat actions a sheet offers
 * and what the combatant has left this round. (Weapon rows: `sheet-weapon.ts`.)
 * A stat row is a stat's id, label key and value.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions, §Attack Rolls.
 */
export interface StatRow {
  readonly id: string;
  readonly labelKey: string;
  readonly value: number;
}

export function attributeRows(block: Pick<Statblock, "attributes">): StatRow[] {
  return ATTRIBUTES.map((id) => ({
    id, labelKey: `FRAY.Shock.Attribute.${id}`, value: block.attributes[id],
  }));
}

export function skillRows(block: Pick<Statblock, "skills">): StatRow[] {
  return SKILLS.map((id) => ({ id, labelKey: `FRAY.Shock.Skill.${id}`, value: block.skills[id] }));
}

/**
 * The actions a sheet's buttons take directly (attacks go through the weapon rows; a swarm's
 * assistants join it here, its striker attacks from a weapon row; a screen names its ward by the
 * user's target).
 */
export const SHEET_ACTIONS = [
  "run", "disengage", "holdAction", "totalDefense", "screen", "swarmAttack", "standUp", "reload",
  "readyItem", "useSkill", "pickUp", "breakFree",
] as const satisfies readonly ActionId[];
export type SheetAction = (typeof SHEET_ACTIONS)[number];

/** What the combatant has left this round, as short labels (Main, Move, second Move, held…). */
export function budgetLeft(
  budget: Budget & { totalDefense?: boolean; disengaged: boolean },
): { key: string; left: boolean }[] {
  return [
    { key: "FRAY.Shock.Paid.main", left: !budget.main },
    {
      key: "FRAY.Shock.Paid.move",
      left: budget.moves === 0 || (budget.moves === 1 && !budget.main),
    },
    ...(budget.holding ? [{ key: "FRAY.Shock.Sheet.Holding", left: true }] : []),
    ...(budget.disengaged ? [{ key: "FRAY.Shock.Sheet.Disengaged", left: true }] : []),
    ...(budget.totalDefense ? [{ key: "FRAY.Shock.Action.totalDefense", left: true }] : []),
  ];
}
