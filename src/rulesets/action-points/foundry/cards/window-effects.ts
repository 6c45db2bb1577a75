import type { WindowEffect } from "../../../../engine/resolution/window/definition";
import { keptAfterEffects } from "../../play/cards/window-effects";
import type { CardWindow } from "../../../../shell/cards/window-play";
import type { Recorder } from "../../../../shell/cards/recorder";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  AP_WINDOW, type ApWindowContext, type ApWindowFacts, type ApWindowSettlement,
} from "../../rules/reaction-window";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";

/**
 * action-points' window on its attack card (the shell's `cards/window-play.ts`): the RP each
 * reaction costs and gives back, and the FP a successful reaction earns once a round, written to
 * what the GM keeps for each combatant, with the step's recorder watching (guarded by the round:
 * owed back only in it). A reaction its taker can no longer pay (its RP spent since the window
 * opened) refuses the answer. Source: `004_2cc57162401858c9.txt` §Reactions, §Critical Results,
 * §Actions/Turn Cheat Sheet (FP).
 */
export function cardWindow(combat: ActionPointsCombat | null): CardWindow<
  ApWindowContext, ApWindowFacts, ApWindowSettlement
> {
  const combatant = (id: string) => combat?.apCombatants.find((c) => c.id === id);
  return {
    definition: AP_WINDOW,
    flavor: t("FRAY.ActionPoints.Card.Reactions"),
    rollerName: (by) => combatant(by)?.name ?? undefined,
    async apply(effects: readonly WindowEffect[], recorder: Recorder) {
      if (!combat?.started) return;
      const after = keptAfterEffects(effects, (id) => {
        const c = combatant(id);
        const actor = c?.actor as ActionPointsActor | null | undefined;
        return c && actor ? { kept: c.data, block: actor.statblock } : null;
      });
      if ("unpaid" in after) {
        const name = combatant(after.unpaid)?.name ?? "";
        throw new Error(t("FRAY.ActionPoints.Refuse.NoRP", { name }));
      }
      const guard = { uuid: combat.uuid ?? "", path: "round", equals: combat.round };
      await combat.keepRecorded(after.patches, recorder, guard);
    },
  };
}
