import {
  rowTrackerBase, trackerPartsWith, type TrackerInstance,
} from "../../../../shell/applications/combat-tracker-base";
import type { TrackerView } from "../../../../shell/applications/tracker-rows";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import type { ShockActor } from "../documents/actor";
import { askGroupMorale } from "../chat/morale";
import { PARTY_SIDE } from "../documents/sides";
import { REQUESTS } from "../gm/requests";
import { sideRollOf, trackerView, type SideInfo, type TrackerState } from "../view/tracker-rows";
import {
  groupEntries, onGroupInitiative, type GroupControls, type MenuEntry,
} from "../../../../shell/applications/group-menu";

/**
 * The combat tracker for side initiative: a part with the GM's surprise toggles before the start
 * (and the surprise round's note), a heading before each side's combatants with its initiative,
 * and on each row a state line: Main and Move left this round, its marks (holding, disengaged,
 * Total Defense), how long a fallen PC has been down, and "act next" for the owners of a combatant
 * of the acting side still to act (view/tracker-rows.ts builds both in the shell's row model). The
 * core v13 tracker does not draw CombatantGroups (templates/sidebar/tabs/combat/tracker.hbs lists
 * combatants only, client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext`),
 * so the shell's tracker base splices them into its rows after each render. Foundry's initiative
 * controls act on the row's side's roll (the shell's `group-menu.ts`); the GM sets an NPC group's
 * Morale from its combatants' context menu.
 */
interface ShockTracker extends TrackerInstance {
  _getEntryContextOptions(): MenuEntry[];
  _onUpdateInitiative(event: Event): unknown;
}
const CombatTrackerBase = rowTrackerBase<ShockTracker>();

const sideName = (side: string) => t(`FRAY.Shock.Side.${side === PARTY_SIDE ? "party" : "foes"}`);

export class ShockCombatTracker extends CombatTrackerBase {
  static override DEFAULT_OPTIONS = {
    // Scopes shock's tracker styles (styles/tracker.scss); AppV2 merges classes along the chain.
    classes: ["fray-combat", "fray-shock-tracker"],
    actions: {
      shockSurprise: ShockCombatTracker.#onSurprise,
      shockActNext: ShockCombatTracker.#onActNext,
    },
  };

  static override PARTS = trackerPartsWith(
    "sides", "systems/fray/templates/shock/combat/sides.hbs",
  );

  get shockCombat(): ShockCombat | null {
    return this.viewed as ShockCombat | null;
  }

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId !== "sides") return base;
    const combat = this.shockCombat;
    const ids = combat
      ? [...new Set(combat.turns.map((c) => (c as ShockCombatant).side))]
      : [];
    return Object.assign(base, {
      canSurprise: Boolean(game.user?.isGM && combat && !combat.started),
      surpriseRound: combat?.inSurpriseRound ?? false,
      sides: ids.map((id) => ({
        id,
        name: sideName(id),
        surprised: combat?.surprised.includes(id) ?? false,
      })),
    });
  }

  override trackerRows(rendered: ReadonlySet<string>): TrackerView | null {
    const combat = this.shockCombat;
    return combat ? trackerView(trackerStateOf(combat, rendered), t) : null;
  }

  // A combatant's initiative is its side's: the row's Clear and Reroll act on the side. The GM
  // also sets an NPC group's one Morale score (RULINGS.md §shock Morale), kept in the Combat's
  // flags.
  override _getEntryContextOptions(): MenuEntry[] {
    const groupOf = (li: HTMLElement) => {
      const c = this.shockCombat?.combatants.get(li.dataset.combatantId ?? "");
      const block = c?.actor?.type === "shockNpc"
        ? (c.actor as ShockActor).statblock
        : null;
      return block && !block.fearless ? block.group : null;
    };
    return [
      ...groupEntries(super._getEntryContextOptions(), () => this.#sideControls(), {
        clear: "FRAY.Shock.Combat.ClearSide", reroll: "FRAY.Shock.Combat.RerollSide",
      }),
      {
        name: t("FRAY.Shock.Morale.SetScore"),
        icon: '<i class="fa-solid fa-flag"></i>',
        condition: (li: HTMLElement) => Boolean(game.user?.isGM && groupOf(li)),
        callback: (li: HTMLElement) => {
          const combat = this.shockCombat;
          const group = groupOf(li);
          if (combat && group) void warnIfRefused(() => askGroupMorale(combat, group));
        },
      },
    ] as MenuEntry[];
  }

  // What the GM types in a row's initiative box sets its side's total.
  override _onUpdateInitiative(event: Event): Promise<void> {
    return onGroupInitiative(event, this.#sideControls(), "FRAY.Shock.Combat.BadInitiative");
  }

  /** The row's side and the combat's side controls, for the shell's group initiative menu. */
  #sideControls(): GroupControls | null {
    const combat = this.shockCombat;
    if (!combat) return null;
    return {
      keyOf: (id) => (combat.combatants.get(id) as ShockCombatant | undefined)?.side ?? null,
      initiativeOf: (side) => combat.groupOf(side)?.initiative ?? null,
      clear: (side) => combat.clearSideInitiative(side),
      reroll: (side) => combat.rerollSideInitiative([side]),
      set: (side, total) => combat.setSideInitiative(side, total),
    };
  }

  static async #onSurprise(
    this: ShockCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const combat = this.shockCombat;
    if (!game.user?.isGM || !combat) return;
    await warnIfRefused(() => combat.toggleSurprised(target.dataset.side ?? ""));
  }

  static async #onActNext(
    this: ShockCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.shockCombat;
    if (id && combat) await requestOfGM(REQUESTS.actNext, { combatId: combat.id, combatantId: id });
  }
}

/** A side's heading: its name, its roll as its group keeps it (`sideRollOf`), surprised. */
function sideInfo(combat: ShockCombat, side: string): SideInfo {
  const group = combat.groupOf(side);
  const flags = { die: group?.getFlag("fray", "die"), bonus: group?.getFlag("fray", "bonus") };
  return {
    id: side, name: sideName(side), surprised: combat.surprised.includes(side),
    roll: sideRollOf(group?.initiative ?? null, flags),
  };
}

/** What the tracker's additions are built from: the combat's turns and the rows Foundry drew. */
function trackerStateOf(combat: ShockCombat, rendered: ReadonlySet<string>): TrackerState {
  const turns = combat.turns as ShockCombatant[];
  const sides = [...new Set(turns.map((c) => c.side))];
  return {
    entries: turns.map((c) => ({
      id: c.id ?? "", side: c.side, budget: c.budget, totalDefense: c.data.totalDefense,
      fellRound: c.data.fellRound, name: c.name ?? "", isPC: c.isPC, isOwner: c.isOwner,
    })),
    rendered,
    sides: sides.map((side) => sideInfo(combat, side)),
    round: combat.round, turn: combat.turn, started: combat.started,
  };
}
