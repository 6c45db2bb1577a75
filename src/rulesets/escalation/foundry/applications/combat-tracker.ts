import { entryBase, rulesetTracker } from "../../../../shell/applications/tracker/app";
import { askConfirm } from "../../../../shell/applications/dialogs";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import type { FrayCombatant } from "../documents/combatant";
import { engagementOf } from "../documents/combat-engagement";
import { flee } from "../chat/party-actions";
import { REQUESTS } from "../../play/requests/names";
import {
  ESCALATION_ROWS, type EscalationTrackerInput, type EscalationEntry,
} from "../../play/views/tracker-rows";
import { ESCALATION_ENTRIES } from "./tracker-menu";
import { engagedWith } from "../../rules/engagement";
import { TRACKED_ACTIONS, type TrackedAction } from "../../rules/constants";
import { FRESH_DEATH_TRACK } from "../../rules/death-save";

/** Each combatant in turn order, as the tracker's rows read it. */
function entriesOf(combat: FrayCombat): EscalationEntry[] {
  const pairs = engagementOf(combat);
  return combat.turns.map((c) => {
    const actor = c.actor as FrayActor | null;
    return {
      // The band and actions as the GM keeps them (shell/combat/kept.ts), never the Combatant's.
      ...entryBase(c), band: (c as FrayCombatant).band, actions: combat.actionsOf(c.id ?? ""),
      health: actor?.health ?? "healthy", death: actor?.death ?? FRESH_DEATH_TRACK,
      isPC: actor?.isPC ?? false, ambusher: combat.ambushers.includes(c.id ?? ""),
      engaged: engagedWith(pairs, c.id ?? "").map((id) => combat.combatants.get(id)?.name ?? ""),
    };
  });
}

/** The GM's pip override: a tracked action flipped between used and left. */
async function flipAction(combatant: Combatant.Implementation, pip: string): Promise<void> {
  if (!(TRACKED_ACTIONS as readonly string[]).includes(pip)) return;
  const combat = combatant.parent as unknown as FrayCombat | null;
  const id = combatant.id ?? "";
  if (!combat || !id) return;
  const actions = combat.actionsOf(id);
  await combat.markActions(id, { [pip]: !actions[pip as TrackedAction] });
}

/** The world option from RULINGS.md: after a PC ambush the die starts at 1 in round 1. */
async function toggleAmbush(combat: FrayCombat): Promise<void> {
  await combat.setFlag("fray", "ambush", !combat.getFlag("fray", "ambush"));
}

/**
 * The combat tracker for band initiative (the shell's tracker, `shell/applications/tracker/`):
 * an escalation die part (with +/- for the GM, the ambush toggle and Flee apart), band headings,
 * each combatant's actions as pips the GM may flip, a status line (acting now, Dying, ambusher,
 * engaged with), up/down arrows for owners to reorder a band's PCs (or enemies) among themselves
 * through the GM, and the context menu's entries (`tracker-menu.ts`).
 */
export const FrayCombatTracker = rulesetTracker<
  FrayCombat, EscalationEntry, EscalationTrackerInput
>({
  name: "FrayCombatTracker",
  classes: ["fray-tracker"],
  part: {
    id: "escalation", template: "systems/fray/templates/escalation/combat/escalation.hbs",
    context: (combat, isGM) => ({
      active: Boolean(combat?.started), escalation: combat?.escalationDie ?? 0,
      ambush: Boolean(combat?.getFlag("fray", "ambush")),
      surprise: combat?.inSurpriseRound ?? false, isGM,
    }),
  },
  rows: ESCALATION_ROWS,
  read: (combat, base) => ({ ...base, entries: entriesOf(combat) }),
  flipSlot: flipAction,
  actions: {
    frayEscalation: {
      gm: true,
      run: ({ combat, target }) => combat.adjustEscalation(Number(target.dataset.delta ?? 0)),
    },
    frayAmbush: { gm: true, run: ({ combat }) => toggleAmbush(combat) },
    // The party flees: a Campaign Loss in chat, and the encounter ends.
    frayFlee: {
      gm: true,
      run: async ({ combat }) => {
        if (await askConfirm(t("FRAY.Flee.Title"), t("FRAY.Flee.Confirm"))) await flee(combat);
      },
    },
    frayShift: {
      row: true,
      run: ({ combat, combatantId, target }) => requestOfGM(REQUESTS.shift, {
        combatId: combat.id, combatantId, direction: target.dataset.direction === "-1" ? -1 : 1,
      }),
    },
  },
  entries: ESCALATION_ENTRIES,
});
