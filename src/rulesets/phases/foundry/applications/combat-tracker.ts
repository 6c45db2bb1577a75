import { entryBase, rulesetTracker } from "../../../../shell/applications/tracker/app";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import {
  PHASES_ROWS, placesOf, type PhasesEntry, type PhasesInput,
} from "../../play/views/tracker-rows";
import { seizedIn } from "../../play/round/seize";
import type { PhasesCombat } from "../documents/combat";
import type { PhasesCombatant } from "../documents/combatant";

/**
 * The combat tracker of phases (the shell's tracker over its stepped round): one phase's turns
 * in its order under a heading of the round's four phases, each row with its places in the
 * Movement and Battle orders, the round's movement power and Battle action, and a seizer's mark
 * (`play/views/tracker-rows.ts`); in the Initiative phase an owner's row button seizes the
 * initiative (a request the GM rules, `PhasesCombat#seize`). Source: `003_d18720f6cd315cc2.txt`
 * §Combat Round, §Initiative Phase.
 */
export const PhasesCombatTracker = rulesetTracker<PhasesCombat, PhasesEntry, PhasesInput>({
  name: "PhasesCombatTracker",
  classes: ["fray-phases-tracker"],
  positionGrids: ["square"],
  rows: PHASES_ROWS,
  read: (combat, base) => {
    const places = placesOf(combat.turns.map((c) => ({ id: c.id ?? "", hidden: c.hidden })),
      combat.combatants.size, base.viewer.isGM);
    const rolled = (c: PhasesCombatant) => c.data.rolled === combat.round && combat.round > 0;
    return {
      ...base, step: combat.currentStep,
      entries: (combat.shownTurns.turns as PhasesCombatant[]).map((c) => ({
        ...entryBase(c), name: c.name ?? "", kept: c.data, seized: seizedIn(c.data, combat.round),
        movement: rolled(c) ? places.get(c.id ?? "")?.movement ?? null : null,
        battle: rolled(c) ? places.get(c.id ?? "")?.battle ?? null : null,
      })),
    };
  },
  actions: {
    phasesSeize: {
      row: true,
      run: ({ combat, combatantId }) => {
        const c = combat.combatants.get(combatantId) as PhasesCombatant | undefined;
        if (!c?.isOwner) return Promise.resolve();
        return warnIfRefused(() => combat.seize(c, !seizedIn(c.data, combat.round)));
      },
    },
  },
});
