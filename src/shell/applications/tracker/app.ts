import { gridFromFoundry } from "../../../engine/space/grid";
import { sceneOf } from "../../combat/located";
import { foundryList, foundryLocalize as t } from "../../setup/localize";
import type { TrackerAction, TrackerDeclaration } from "./declaration";
import {
  combatTrackerBase, trackerPartsWith, type TrackerClass, type TrackerInstance,
} from "./foundry-tracker";
import { groupEntries, onGroupInitiative, type GroupControls, type MenuEntry } from "./group-menu";
import { declaredEntries } from "./menu";
import { placePositionNote, positionNoteKey } from "./position-note";
import { PIP_ACTION, trackerInserts } from "./row-html";
import type { TrackerView } from "../../../engine/view/tracker/row-model";
import type { TrackerEntry, TrackerInput } from "../../../engine/view/tracker/rows-declaration";
import { spliceTracker } from "./splice";
import { trackerView } from "./view";

/** The shell's tracker as a ruleset's install and the tests see it. */
export interface RulesetTrackerInstance<C> extends TrackerInstance {
  /** The viewed combat, as the ruleset's Combat class. */
  readonly combat: C | null;
  /** The additions for the rows Foundry rendered (ids), or null with no combat viewed. */
  trackerRows(rendered: ReadonlySet<string>): TrackerView | null;
}

/** A row entry's shell part from its Combatant: its id and whether the viewer owns it. */
export function entryBase(combatant: Combatant.Implementation): TrackerEntry {
  return { id: combatant.id ?? "", isOwner: combatant.isOwner };
}

const isGM = () => game.user?.isGM ?? false;

/** A round of steps lists one step's turns (`combat/stepped-combat.ts` `shownTurns`). */
interface ShownTurns {
  readonly shownTurns: { readonly start: number; readonly turns: Combatant.Implementation[] };
}

/**
 * Whether the combat lists one step's turns. Read by its member rather than its class: the
 * tracker is loaded where no Combat class is (the unit tier's declaration tests).
 */
const listsSteps = (combat: object | null): combat is ShownTurns =>
  combat !== null && "shownTurns" in combat;

/**
 * A press of a declared button: a GM-only one does nothing for anyone else, a row's nothing
 * outside a row (`target` inside no `[data-combatant-id]`), and nothing at all with no combat
 * viewed. Resolves when the ruleset's `run` has.
 */
export async function pressAction<C>(
  action: TrackerAction<C>, combat: C | null, target: HTMLElement,
): Promise<void> {
  if ((action.gm && !isGM()) || !combat) return;
  const combatantId = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
  if (action.row && !combatantId) return;
  await action.run({ combat, target, combatantId });
}

/**
 * The one combat tracker every ruleset's install registers, configured by its declaration
 * (`declaration.ts`). On Foundry v13's tracker
 * (client/applications/sidebar/tabs/combat-tracker.mjs) it overrides:
 * - `DEFAULT_OPTIONS`: the tab gains `fray-combat` and the ruleset's classes (AppV2 concatenates
 *   `classes` down the chain, client/applications/api/application.mjs), and the ruleset's actions,
 *   each run through `pressAction` (AppV2 calls a handler with the application as `this`), plus the
 *   pip action when the ruleset lets the GM flip slots;
 * - `PARTS`: the ruleset's part between Foundry's header and list (`trackerPartsWith`), and
 *   `_preparePartContext` for it;
 * - `_onRender`: after Foundry's (which scrolls to the active row), the rows' additions spliced
 *   into its list (`spliceTracker`, the function the browser tests run on Foundry's template) and
 *   the note on a grid the ruleset's position rules do not read;
 * - `_getEntryContextOptions`: Foundry's entries (Clear and Reroll acting on the group when
 *   combatants take their group's initiative: `group-menu.ts`), then the ruleset's (`menu.ts`);
 * - `_onUpdateInitiative`: a typed total sets the group's, for such rulesets.
 * The class takes the declaration's `name`, which names its hooks.
 */
export function rulesetTracker<
  C extends Combat.Implementation, E extends TrackerEntry, I extends TrackerInput<E>,
>(declaration: TrackerDeclaration<C, E, I>): TrackerClass<RulesetTrackerInstance<C>> {
  const Core = combatTrackerBase<TrackerInstance>();
  const { part, groupInitiative, flipSlot } = declaration;
  const actions: Record<string, TrackerAction<C>> = { ...declaration.actions };
  if (flipSlot) {
    actions[PIP_ACTION] = {
      gm: true, row: true,
      run: async ({ combat, combatantId, target }) => {
        const combatant =
          combat.combatants.get(combatantId) as Combatant.Implementation | undefined;
        if (combatant && target.dataset.pip) await flipSlot(combatant, target.dataset.pip);
      },
    };
  }
  const handlers = Object.fromEntries(Object.entries(actions).map(([name, action]) => [
    name,
    function handler(this: RulesetTracker, _event: PointerEvent, target: HTMLElement) {
      return pressAction(action, this.combat, target);
    },
  ]));

  class RulesetTracker extends Core {
    static override DEFAULT_OPTIONS = {
      classes: ["fray-combat", ...declaration.classes], actions: handlers,
    };

    static override PARTS = part ? trackerPartsWith(part.id, part.template) : Core.PARTS;

    static override positionGrids = declaration.positionGrids ?? ["square"];

    get combat(): C | null {
      return this.viewed as unknown as C | null;
    }

    override async _preparePartContext(
      partId: string, context: Record<string, unknown>, options: unknown,
    ): Promise<Record<string, unknown>> {
      const base = await super._preparePartContext(partId, context, options);
      return part && partId === part.id ? Object.assign(base, part.context(this.combat, isGM()))
        : base;
    }

    /**
     * A round of steps lists the turns of one step (`FraySteppedCombat#shownTurns`), not every
     * turn of the round (a combatant would stand in the list once per step): Foundry's list
     * context (client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext`)
     * built from those turns, each row with its index in the round's turns (its `active` reads it).
     */
    override async _prepareTrackerContext(
      context: Record<string, unknown>, options: unknown,
    ): Promise<void> {
      const combat = this.viewed;
      if (!listsSteps(combat)) {
        return super._prepareTrackerContext(context, options);
      }
      const { start, turns } = combat.shownTurns;
      const rows: Record<string, unknown>[] = [];
      for (const [i, c] of turns.entries()) {
        if (c.visible) rows.push(await this._prepareTurnContext(this.viewed!, c, start + i));
      }
      // Foundry's own rounding of the scores, whole numbers here (Fray's initiatives are).
      for (const row of rows) {
        if (Number.isFinite(row.initiative)) row.initiative = (row.initiative as number).toFixed(0);
      }
      Object.assign(context, { turns: rows, hasDecimals: false });
    }

    trackerRows(rendered: ReadonlySet<string>): TrackerView | null {
      const combat = this.combat;
      if (!combat) return null;
      // A round of steps: the turn's place among the shown step's turns.
      const start = listsSteps(combat) ? combat.shownTurns.start : 0;
      const turn = combat.turn === null ? null : combat.turn - start;
      const base = {
        rendered, round: combat.round, turn, started: combat.started, viewer: { isGM: isGM() },
      };
      const view = declaration.read(combat, base);
      return trackerView(declaration.rows, view, { t, listOf: foundryList });
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      const list = this.element.querySelector<HTMLElement>(".combat-tracker");
      if (!list) return;
      const shown = list.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]");
      const view = this.trackerRows(new Set([...shown].map((li) => li.dataset.combatantId ?? "")));
      if (view) spliceTracker(list, trackerInserts(view));
      const grid = sceneOf(this.viewed)?.grid;
      const reads = RulesetTracker.positionGrids;
      const key = positionNoteKey(grid ? gridFromFoundry(grid.type).kind : null, reads);
      placePositionNote(list, key ? game.i18n?.localize(key) ?? key : null);
    }

    override _getEntryContextOptions(): MenuEntry[] {
      const core = super._getEntryContextOptions();
      const own = groupInitiative
        ? groupEntries(core, () => this.#groupControls(), groupInitiative.names) : core;
      return [...own, ...declaredEntries(declaration.entries ?? [], () => this.combat, t)];
    }

    override _onUpdateInitiative(event: Event): unknown {
      return groupInitiative
        ? onGroupInitiative(event, this.#groupControls(), groupInitiative.badEntry)
        : super._onUpdateInitiative(event);
    }

    #groupControls(): GroupControls | null {
      const combat = this.combat;
      return combat && groupInitiative ? groupInitiative.controls(combat) : null;
    }
  }
  Object.defineProperty(RulesetTracker, "name", { value: declaration.name });
  return RulesetTracker as unknown as TrackerClass<RulesetTrackerInstance<C>>;
}
