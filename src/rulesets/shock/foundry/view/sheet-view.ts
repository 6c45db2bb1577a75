import type { Localize } from "../../../../engine/i18n";
import { ACTIONS, canTake, type ActionId, type Budget } from "../../rules/actions";
import { ATTRIBUTES, SKILLS } from "../../rules/constants";
import type { Statblock } from "../../rules/statblock";
import { weaponLine } from "./weapon-line";

/**
 * What the shock sheets show, pure: one row per weapon saying in one line what it does, the
 * attributes and skills, and the combat actions a sheet offers with whether the round's budget
 * still pays for them. Source: `002_5e27cdf788b28f5f.txt` §Combat Actions, §Attack Rolls.
 */
export interface WeaponRow {
  readonly id: string;
  readonly name: string;
  readonly line: string;
  readonly readied: boolean;
}

export function weaponRows(
  block: Statblock, t: Localize, images: ReadonlyMap<string, string> = new Map(),
): (WeaponRow & { img: string })[] {
  return block.weapons.map((w) => ({
    id: w.id, name: w.name, line: weaponLine(block, w, t), readied: w.readied, img: images.get(w.id) ?? "",
  }));
}

/** A stat on the sheet: its id, label and value. */
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

/** Each sheet action, its type and whether the budget pays (null budget: not in a started combat). */
export interface ActionButton {
  readonly id: SheetAction;
  readonly labelKey: string;
  readonly typeKey: string;
  readonly provokes: boolean;
  readonly available: boolean;
}

export function actionButtons(budget: Budget | null): ActionButton[] {
  return SHEET_ACTIONS.map((id) => ({
    id, labelKey: `FRAY.Shock.Action.${id}`, typeKey: `FRAY.Shock.Sheet.ActionType.${ACTIONS[id].type}`,
    provokes: ACTIONS[id].provokes === "yes", available: budget === null || canTake(budget, id),
  }));
}

/** What the combatant has left this round, as short labels (Main, Move, second Move, held…). */
export function budgetLeft(
  budget: Budget & { totalDefense?: boolean; disengaged: boolean },
): { key: string; left: boolean }[] {
  return [
    { key: "FRAY.Shock.Paid.main", left: !budget.main },
    { key: "FRAY.Shock.Paid.move", left: budget.moves === 0 || (budget.moves === 1 && !budget.main) },
    ...(budget.holding ? [{ key: "FRAY.Shock.Sheet.Holding", left: true }] : []),
    ...(budget.disengaged ? [{ key: "FRAY.Shock.Sheet.Disengaged", left: true }] : []),
    ...(budget.totalDefense ? [{ key: "FRAY.Shock.Action.totalDefense", left: true }] : []),
  ];
}
