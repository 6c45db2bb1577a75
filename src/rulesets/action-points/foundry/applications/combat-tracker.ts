import { entryBase, rulesetTracker } from "../../../../shell/applications/tracker/app";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { isActionPointsActor } from "../../play/actors/health";
import { AP_ROWS, type PoolsEntry, type PoolsInput } from "../../play/views/tracker-rows";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";
import { askConfirm } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";

/** A row's entry: its kept pools and marks, what they refill to, whether it is a surpriser. */
function entryOf(combat: ActionPointsCombat, c: ActionPointsCombat["apCombatants"][number]):
  PoolsEntry {
  const actor = c.actor as ActionPointsActor | null;
  return {
    ...entryBase(c), kept: c.data, name: c.name ?? "",
    pools: actor && isActionPointsActor(actor) ? actor.statblock.pools : null,
    surpriser: combat.surpriseMarks.includes(c.id ?? ""),
  };
}

/**
 * The combat tracker of action-points (the shell's tracker, `shell/applications/tracker/`): each
 * row shows the combatant's AP, RP and FP and its marks (`play/views/tracker-rows.ts`); before the
 * start the GM marks surprisers on their rows. Foundry's own controls roll initiative (all
 * together, `ActionPointsCombat#rollInitiative`); its End Turn is the owner's, and asks first
 * while AP remain.
 */
export const ActionPointsCombatTracker = rulesetTracker<
  ActionPointsCombat, PoolsEntry, PoolsInput
>({
  name: "ActionPointsCombatTracker",
  classes: ["fray-action-points-tracker"],
  positionGrids: ["hex", "square"],
  rows: AP_ROWS,
  read: (combat, base) => ({
    ...base,
    entries: (combat.turns as ActionPointsCombat["apCombatants"]).map((c) => entryOf(combat, c)),
  }),
  actions: {
    // Foundry's End Turn and Next Turn (the footer's `nextTurn` control, which it otherwise runs
    // as `combat.nextTurn()`: client/applications/sidebar/tabs/combat-tracker.mjs
    // `_onClickAction`) ask first while the acting combatant has AP left, which are lost.
    nextTurn: {
      run: async ({ combat }) => {
        const c = combat.combatant as ActionPointsCombatant | null;
        const ap = c?.data.ap ?? 0;
        const ask = () => askConfirm(t("FRAY.ActionPoints.Combat.EndTurnTitle"),
          t("FRAY.ActionPoints.Combat.EndTurnAsk", { name: c?.name ?? "", ap }));
        if (ap > 0 && !(await ask())) return;
        await combat.nextTurn();
      },
    },
    apSurpriser: {
      gm: true, row: true,
      run: ({ combat, combatantId }) => warnIfRefused(() => combat.toggleSurpriser(combatantId)),
    },
  },
});
