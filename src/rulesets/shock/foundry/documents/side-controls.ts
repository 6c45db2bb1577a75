import type { GroupRolls } from "../../../../shell/combat/group-initiative";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  sideDicePlan, sideOrderPlan, sideRollName as sideRollNameIn,
} from "../../play/round/side-rolls";

/**
 * Side initiative's rolls handed to the shell's group initiative controls
 * (`shell/combat/group-initiative.ts`), the sides' names localized with Foundry's i18n. What they
 * decide is `play/round/side-rolls.ts`. Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence;
 * RULINGS.md §shock Side initiative.
 */

/** The name over an initiative roll: its side's; none for a tie-break. */
export const sideRollName = (label: string): string | undefined => sideRollNameIn(label, t);

/**
 * How shock's sides roll and order for the shell's group initiative controls: a d8 each, ordered
 * by the text's tie rules, named after their side.
 */
export const SIDE_ROLLS: GroupRolls = {
  keyFlag: "side",
  dicePlan: sideDicePlan,
  orderPlan: (groups) =>
    sideOrderPlan(groups.map((g) => ({ side: g.key, total: g.total, bonus: g.bonus }))),
  rollName: sideRollName,
  tieBreakKey: "FRAY.Shock.Combat.TieBreak",
  notRolledKey: "FRAY.Shock.Combat.NotRolledYet",
  gmOnlyKey: "FRAY.Shock.Combat.GMOnly",
};
