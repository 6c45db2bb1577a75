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
