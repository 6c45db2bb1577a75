import type { Localize } from "../i18n";

/**
 * The statuses an actor sheet shows (pure): the toggles of the world's status effects
 * (`templates/shell/sheet/status-toggles.hbs`, the `toggleStatus` action), and the effects applied
 * to the actor with what is left of their duration.
 */
export interface StatusToggle {
  readonly id: string;
  readonly label: string;
  readonly img: string;
  readonly active: boolean;
  /** Its state in words, for the tooltip ("Dazed: on"). */
  readonly stateLabel: string;
}

/**
 * A toggle for each status effect (its `name` a lang key, as CONFIG.statusEffects holds it) but
 * those in `hidden` (markers that follow the rules rather than a click), on when `statuses` (the
 * actor's, Actor#statuses) has it.
 */
export function statusToggles(
  effects: readonly { id: string; name: string; img?: string | null }[],
  statuses: Iterable<string>,
  hidden: ReadonlySet<string>,
  t: Localize,
): StatusToggle[] {
  const active = new Set(statuses);
  return effects.filter((s) => !hidden.has(s.id)).map((s) => {
    const label = t(s.name);
    const on = active.has(s.id);
    const stateLabel = t(on ? "FRAY.Sheet.Status.On" : "FRAY.Sheet.Status.Off", { name: label });
    return { id: s.id, label, img: s.img ?? "", active: on, stateLabel };
  });
}

/** An effect applied to the actor, as Foundry names it, with its remaining duration or "". */
export interface StatusShown {
  readonly name: string;
  readonly duration: string;
}

/** An ActiveEffect as `appliedStatuses` reads it (client/documents/active-effect.mjs). */
export interface AppliedEffect {
  readonly name: string;
  readonly statuses: ReadonlySet<string>;
  readonly duration: { readonly type?: string; readonly label?: string };
}

/**
 * The actor's applied effects (Actor#appliedEffects) but those carrying a status `hidden` says the
 * sheet shows elsewhere; a timed one with Foundry's label for what is left of it.
 */
export function appliedStatuses(
  effects: Iterable<AppliedEffect>, hidden: (status: string) => boolean,
): StatusShown[] {
  return [...effects]
    .filter((e) => ![...e.statuses].some(hidden))
    .map((e) => {
      const timed = e.duration.type !== undefined && e.duration.type !== "none";
      return { name: e.name, duration: timed ? e.duration.label ?? "" : "" };
    });
}
