import type { WindowEffect } from "../../../../engine/resolution/window/definition";
import type { CardWindow } from "../../../../shell/cards/window-play";
import type { Recorder } from "../../../../shell/cards/recorder";
import { keptPath } from "../../../../shell/combat/kept-record";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  AP_WINDOW, type ApWindowContext, type ApWindowFacts, type ApWindowSettlement,
} from "../../rules/reaction-window";
import { apEconomy, gainForReaction } from "../../rules/pools";
import { keptOfPoints, pointsOf, type KeptSource } from "../../play/data/kept-spec";
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
const FIELDS = ["rp", "fp", "reactionFp"] as const;

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
      const patches = new Map<string, KeptSource>();
      const now = (id: string) => patches.get(id) ?? combatant(id)?.data;
      for (const e of effects) {
        if (e.kind === "settle") continue;
        const kept = now(e.by);
        const c = combatant(e.by);
        if (!kept || !c) continue;
        if (e.kind === "spend" && kept.rp < e.amount) {
          throw new Error(t("FRAY.ActionPoints.Refuse.NoRP", { name: c.name ?? "" }));
        }
        if (e.kind === "spend") patches.set(e.by, { ...kept, rp: kept.rp - e.amount });
        else if (e.kind === "refund") patches.set(e.by, { ...kept, rp: kept.rp + e.amount });
        else if (e.kind === "mark" && e.mark === "successfulReaction") {
          const block = (c.actor as ActionPointsActor).statblock;
          const gained = gainForReaction(apEconomy(block), pointsOf(kept));
          patches.set(e.by, { ...kept, ...keptOfPoints(gained.state) });
        }
      }
      if (!patches.size) return;
      const guard = { uuid: combat.uuid ?? "", path: "round", equals: combat.round };
      for (const id of patches.keys()) {
        recorder.watch(combat, FIELDS.map((f) => keptPath(id, f)), { guard });
      }
      await combat.keep(Object.fromEntries([...patches].map(([id, k]) => [id, {
        rp: k.rp, fp: k.fp, reactionFp: k.reactionFp,
      }])));
    },
  };
}
