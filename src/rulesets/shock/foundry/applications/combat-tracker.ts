import { entryBase, rulesetTracker } from "../../../../shell/applications/tracker/app";
import type { MenuEntryDeclaration } from "../../../../shell/applications/tracker/declaration";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import type { ShockActor } from "../documents/actor";
import { askGroupMorale } from "../chat/morale";
import { sideName } from "../../play/round/side-rolls";
import { sidesInOrder, sidesPart } from "../../play/views/tracker-sides";
import { REQUESTS } from "../../play/requests/names";
import {
  SHOCK_ROWS, sideRollOf, type ShockEntry, type ShockTrackerInput, type SideInfo,
} from "../../play/views/tracker-rows";

const sidesOf = (combat: ShockCombat) => sidesInOrder(combat.turns as ShockCombatant[]);

/** A side's heading: its name, its roll as its group keeps it (`sideRollOf`), surprised. */
function sideInfo(combat: ShockCombat, side: string): SideInfo {
  const group = combat.groupOf(side);
  const flags = { die: group?.getFlag("fray", "die"), bonus: group?.getFlag("fray", "bonus") };
  return {
    id: side, name: sideName(side, t), surprised: combat.surprised.includes(side),
    roll: sideRollOf(group?.initiative ?? null, flags),
  };
}

/** An NPC's Morale group, when its statblock has one (not fearless). */
function moraleGroupOf(combatant: Combatant.Implementation | undefined): string | null {
  const block = combatant?.actor?.type === "shockNpc"
    ? (combatant.actor as ShockActor).statblock : null;
  return block && !block.fearless ? block.group : null;
}

// The GM sets an NPC group's one Morale score (RULINGS.md §shock Morale), kept in the Combat's
// flags.
const SET_MORALE: MenuEntryDeclaration<ShockCombat> = {
  name: "FRAY.Shock.Morale.SetScore", icon: "fa-flag",
  shown: ({ isGM, combatant }) => isGM && moraleGroupOf(combatant) !== null,
  run: async ({ combat, combatant }) => {
    const group = moraleGroupOf(combatant);
    if (group) await askGroupMorale(combat, group);
  },
};

/**
 * The combat tracker for side initiative (the shell's tracker, `shell/applications/tracker/`): a
 * part with the GM's surprise toggles before the start (and the surprise round's note), a heading
 * before each side's combatants with its initiative, and on each row one line: Main and Move left
 * this round, its marks (holding, disengaged, Total Defense), how long a fallen PC has been down,
 * and "act next" for the owners of a combatant of the acting side still to act
 * (`view/tracker-rows.ts`). Foundry's initiative controls act on the row's side's roll (the
 * shell's `group-menu.ts`, with the Combat's `groupControls`); the GM sets an NPC group's Morale from its
 * combatants' context menu.
 */
export const ShockCombatTracker = rulesetTracker<ShockCombat, ShockEntry, ShockTrackerInput>({
  name: "ShockCombatTracker",
  classes: ["fray-shock-tracker"],
  part: {
    id: "sides", template: "systems/fray/templates/shock/combat/sides.hbs",
    context: (combat, isGM) => sidesPart({
      isGM, combat: combat && {
        started: combat.started, inSurpriseRound: combat.inSurpriseRound,
        sides: sidesOf(combat), surprised: combat.surprised,
      },
    }, t),
  },
  rows: SHOCK_ROWS,
  read: (combat, base) => ({
    ...base,
    entries: (combat.turns as ShockCombatant[]).map((c) => ({
      ...entryBase(c), side: c.side, budget: c.budget, totalDefense: c.data.totalDefense,
      fellRound: c.data.fellRound, name: c.name ?? "", isPC: c.isPC,
    })),
    sides: sidesOf(combat).map((side) => sideInfo(combat, side)),
  }),
  actions: {
    shockSurprise: {
      gm: true,
      run: ({ combat, target }) =>
        warnIfRefused(() => combat.toggleSurprised(target.dataset.side ?? "")),
    },
    shockActNext: {
      row: true,
      run: ({ combat, combatantId }) =>
        requestOfGM(REQUESTS.actNext, { combatId: combat.id, combatantId }),
    },
  },
  entries: [SET_MORALE],
  groupInitiative: {
    controls: (combat) => combat.groupControls(),
    names: { clear: "FRAY.Shock.Combat.ClearSide", reroll: "FRAY.Shock.Combat.RerollSide" },
    badEntry: "FRAY.Shock.Combat.BadInitiative",
  },
});
