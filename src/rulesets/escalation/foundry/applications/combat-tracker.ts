import {
  rowTrackerBase, trackerPartsWith, type TrackerInstance,
} from "../../../../shell/applications/combat-tracker-base";
import type { TrackerView } from "../../../../shell/applications/tracker-rows";
import { combatantData } from "../data/accessors";
import type { FrayCombat } from "../documents/combat";
import { trackerView, type TrackerRowInput } from "../view/tracker-rows";
import { engagementOf } from "../documents/combat-engagement";
import { engagedWith } from "../../rules/engagement";
import type { FrayActor } from "../documents/actor";
import { frayEntries, type ContextMenuEntry } from "./tracker-menu";
import { flee } from "../chat/party-actions";
import { askConfirm } from "../../../../shell/applications/dialogs";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { requestDelay, requestShift } from "./combat-order";
import { BANDS, TRACKED_ACTIONS, type TrackedAction } from "../../rules/constants";
import { FRESH_DEATH_TRACK } from "../../rules/death-save";
import { bandIndex } from "../../rules/initiative";

const TEMPLATES = "systems/fray/templates/escalation/combat";

/** Each combatant in turn order, as the tracker view reads it. */
function trackerRows(combat: FrayCombat): TrackerRowInput[] {
  const pairs = engagementOf(combat);
  return combat.turns.map((c, index) => {
    const actor = c.actor as FrayActor | null;
    const data = combatantData(c.system);
    return {
      id: c.id ?? "", band: data.band, actions: data.actions, isOwner: c.isOwner,
      active: combat.started && index === combat.turn,
      health: actor?.health ?? "healthy", death: actor?.death ?? FRESH_DEATH_TRACK,
      isPC: actor?.isPC ?? false,
      ambusher: combat.ambushers.includes(c.id ?? ""),
      engaged: engagedWith(pairs, c.id ?? "").map((id) => combat.combatants.get(id)?.name ?? ""),
    };
  });
}

interface EscalationTracker extends TrackerInstance {
  _getEntryContextOptions(): ContextMenuEntry[];
}
const CombatTrackerBase = rowTrackerBase<EscalationTracker>();

/**
 * The combat tracker for band initiative: an escalation die part (with +/- for the GM, the Flee
 * button apart), band headings between groups, each combatant's actions left as pips, a status
 * line (acting now, Dying, ambusher, engaged with), and up/down buttons to reorder a band's PCs
 * (or enemies) among themselves. The additions are the shell's row model (`view/tracker-rows.ts`),
 * which the shell's tracker base renders and splices into Foundry's own list
 * (`shell/applications/tracker-splice.ts`); the v13 tracker is
 * client/applications/sidebar/tabs/combat-tracker.mjs with templates/sidebar/tabs/combat/.
 */
export class FrayCombatTracker extends CombatTrackerBase {
  // AppV2 concatenates `classes` down the inheritance chain
  // (client/applications/api/application.mjs #mergeApplicationOptions), so the sidebar tab keeps
  // Foundry's classes and gains Fray's scope.
  static override DEFAULT_OPTIONS = {
    classes: ["fray-combat", "fray-tracker"],
    actions: {
      frayEscalation: FrayCombatTracker.#onEscalation,
      frayShift: FrayCombatTracker.#onShift,
      frayToggleAction: FrayCombatTracker.#onToggleAction,
      frayAmbush: FrayCombatTracker.#onAmbush,
      frayFlee: FrayCombatTracker.#onFlee,
    },
  };

  static override PARTS = trackerPartsWith("escalation", `${TEMPLATES}/escalation.hbs`);

  get frayCombat(): FrayCombat | null {
    return this.viewed as FrayCombat | null;
  }

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId === "escalation") {
      const combat = this.frayCombat;
      Object.assign(base, {
        active: Boolean(combat?.started),
        escalation: combat?.escalationDie ?? 0,
        ambush: Boolean(combat?.getFlag("fray", "ambush")),
        surprise: combat?.inSurpriseRound ?? false,
        isGM: game.user?.isGM ?? false,
      });
    }
    return base;
  }

  override trackerRows(rendered: ReadonlySet<string>): TrackerView | null {
    const combat = this.frayCombat;
    if (!combat) return null;
    const formatter = game.i18n!.getListFormatter();
    const viewer = { isGM: game.user?.isGM ?? false };
    const listOf = (names: readonly string[]) => formatter.format(names);
    return trackerView(trackerRows(combat), rendered, viewer, listOf, t);
  }

  /**
   * Adds "Delay to <band>" for each slower band (Delay lasts the rest of the encounter) and Fray's
   * entries.
   */
  override _getEntryContextOptions(): ContextMenuEntry[] {
    const entries = [...super._getEntryContextOptions(), ...frayEntries(() => this.frayCombat)];
    const combatantOf = (li: HTMLElement) =>
      this.frayCombat?.combatants.get(li.dataset.combatantId ?? "");
    for (const band of BANDS) {
      entries.push({
        name: game.i18n!.format("FRAY.Combat.Delay", {
          band: game.i18n!.localize(`FRAY.Band.${band}`),
        }),
        icon: '<i class="fa-solid fa-hourglass-half"></i>',
        condition: (li) => {
          const c = combatantOf(li);
          return Boolean(c?.isOwner) && bandIndex(combatantData(c?.system).band) < bandIndex(band);
        },
        callback: (li) => {
          // The condition above offers only slower bands; a stale menu still gets a clear refusal.
          const combat = this.frayCombat;
          if (combat) void requestDelay(combat, li.dataset.combatantId ?? "", band);
        },
      });
    }
    return entries;
  }

  static async #onEscalation(
    this: FrayCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!game.user?.isGM) return;
    await this.frayCombat?.adjustEscalation(Number(target.dataset.delta ?? 0));
  }

  /** The world option from RULINGS.md: after a PC ambush the die starts at 1 in round 1. */
  static async #onAmbush(this: FrayCombatTracker): Promise<void> {
    const combat = this.frayCombat;
    if (!game.user?.isGM || !combat) return;
    await combat.setFlag("fray", "ambush", !combat.getFlag("fray", "ambush"));
  }

  /** The party flees: a Campaign Loss in chat, and the encounter ends. */
  static async #onFlee(this: FrayCombatTracker): Promise<void> {
    const combat = this.frayCombat;
    if (!game.user?.isGM || !combat) return;
    if (await askConfirm(t("FRAY.Flee.Title"), t("FRAY.Flee.Confirm"))) await flee(combat);
  }

  static async #onToggleAction(
    this: FrayCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!game.user?.isGM) return;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? this.frayCombat?.combatants.get(id) : undefined;
    const pip = target.dataset.pip as TrackedAction | undefined;
    if (!combatant || !pip || !(TRACKED_ACTIONS as readonly string[]).includes(pip)) return;
    const actions = combatantData(combatant.system).actions;
    await combatant.update({
      system: { actions: { ...actions, [pip]: !actions[pip] } },
    } as Combatant.UpdateData);
  }

  static async #onShift(
    this: FrayCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combat = this.frayCombat;
    if (id && combat) await requestShift(combat, id, target.dataset.direction === "-1" ? -1 : 1);
  }
}
