import { gridFromFoundry } from "../../engine/space/grid";
import { sceneOf } from "../combat/located";
import { placePositionNote, positionNoteKey, type GridKind } from "./position-note";
import { trackerInserts, type TrackerView } from "./tracker-rows";
import { spliceTracker } from "./tracker-splice";

/**
 * The v13 sidebar combat tracker (client/applications/sidebar/tabs/combat-tracker.mjs) as Fray's
 * rulesets extend it: a shallow typing of the members they use (fvtt-types' deep typing of the
 * AppV2 mixins exceeds the compiler's instantiation depth), and the core's parts with one ruleset
 * part between the header and the list (templates/sidebar/tabs/combat/{header,tracker,footer}.hbs).
 */
export interface TrackerInstance {
  readonly viewed: Combat.Stored | null;
  readonly element: HTMLElement;
  render(options?: boolean | { parts?: string[] }): Promise<unknown>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: unknown): Promise<void>;
}

export interface TrackerPart {
  template: string;
  scrollable?: string[];
}

export interface TrackerClass<I extends TrackerInstance = TrackerInstance> {
  new (...args: never[]): I;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, TrackerPart>;
  /** The grids the ruleset's position rules read (`position-note.ts`); squares and hexes. */
  positionGrids?: readonly Exclude<GridKind, "gridless">[];
}

/** Foundry's tracker class, typed through the facade (`I` adds what a subclass overrides). */
export function combatTrackerBase<I extends TrackerInstance = TrackerInstance>(): TrackerClass<I> {
  return foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerClass<I>;
}

/** The core tracker's parts with the ruleset's part `id` (its `template`) above the list. */
export function trackerPartsWith(id: string, template: string): Record<string, TrackerPart> {
  const core = "templates/sidebar/tabs/combat";
  return {
    header: { template: `${core}/header.hbs` },
    [id]: { template },
    tracker: { template: `${core}/tracker.hbs`, scrollable: [""] },
    footer: { template: `${core}/footer.hbs` },
  };
}

/** A tracker whose rows come from one row model (`tracker-rows.ts`). */
export interface RowTrackerInstance extends TrackerInstance {
  /**
   * The ruleset's additions for the rows Foundry rendered (combatants hidden from the viewer are
   * not: client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext`), or null.
   */
  trackerRows(rendered: ReadonlySet<string>): TrackerView | null;
}

/**
 * Foundry's tracker with one splice: after each render, the ruleset's `trackerRows` for the rows
 * on screen are rendered (`trackerInserts`) and put into Foundry's list (`spliceTracker`), the
 * same function the browser tests run on Foundry's own template. Above the list, a note when the
 * encounter's scene (from its tokens: `combat/located.ts`) has a grid the ruleset's position
 * rules do not read (`static positionGrids`).
 */
export function rowTrackerBase<I extends TrackerInstance = TrackerInstance>():
  TrackerClass<I & RowTrackerInstance> {
  const Core = combatTrackerBase<TrackerInstance>();
  class RowTracker extends Core {
    // Both landed rulesets place tokens in squares; a ruleset of hexes says so.
    static override positionGrids: readonly Exclude<GridKind, "gridless">[] = ["square"];

    trackerRows(_rendered: ReadonlySet<string>): TrackerView | null {
      return null;
    }

    override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      const list = this.element.querySelector<HTMLElement>(".combat-tracker");
      if (!list) return;
      const shown = list.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]");
      const view = this.trackerRows(new Set([...shown].map((li) => li.dataset.combatantId ?? "")));
      if (view) spliceTracker(list, trackerInserts(view));
      const grid = sceneOf(this.viewed)?.grid;
      const reads = (this.constructor as typeof RowTracker).positionGrids;
      const key = positionNoteKey(grid ? gridFromFoundry(grid.type).kind : null, reads);
      placePositionNote(list, key ? game.i18n?.localize(key) ?? key : null);
    }
  }
  return RowTracker as unknown as TrackerClass<I & RowTrackerInstance>;
}
