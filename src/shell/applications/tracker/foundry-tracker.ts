import type { MenuEntry } from "./group-menu";
import type { GridKind } from "./position-note";

/**
 * The v13 sidebar combat tracker (client/applications/sidebar/tabs/combat-tracker.mjs) as the
 * shell's tracker (`app.ts`) extends it: a shallow typing of the members it uses (fvtt-types'
 * deep typing of the AppV2 mixins exceeds the compiler's instantiation depth), and the core's
 * parts with one ruleset part between the header and the list
 * (templates/sidebar/tabs/combat/{header,tracker,footer}.hbs).
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
  /** Foundry's row menu entries (`_getEntryContextOptions`). */
  _getEntryContextOptions(): MenuEntry[];
  /** What a row's initiative box does on change (`_onUpdateInitiative`). */
  _onUpdateInitiative(event: Event): unknown;
  /** The list part's rows (`_prepareTrackerContext`: `context.turns`, one a turn shown). */
  _prepareTrackerContext(context: Record<string, unknown>, options: unknown): Promise<void>;
  /** One row's context, for the combatant at `index` in the combat's turns. */
  _prepareTurnContext(
    combat: Combat.Stored, combatant: Combatant.Implementation, index: number,
  ): Promise<Record<string, unknown>>;
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
