import { warnIfRefused } from "../refusals";
import { foundryLocalize as t } from "../../setup/localize";
import { parseInitiativeEntry } from "../../combat/group-initiative";

/**
 * The combat tracker's initiative controls when combatants take their group's initiative
 * (`combat/group-initiative.ts` says why): Foundry's "Clear Initiative" and "Reroll Initiative" in
 * a row's context menu (client/applications/sidebar/tabs/combat-tracker.mjs
 * `_getEntryContextOptions`, GM only) become "clear / reroll this group's initiative", and what the
 * GM types in a row's initiative box (`_onUpdateInitiative`; the box is read-only for players,
 * templates/sidebar/tabs/combat/tracker.hbs) sets its group's total.
 */
export interface MenuEntry {
  name: string;
  icon?: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** The names of Foundry's entries these replace (lang keys, as combat-tracker.mjs names them). */
export const REPLACED = { clear: "COMBAT.CombatantClear", reroll: "COMBAT.CombatantReroll" };

/** What the controls act on: a row's group, its roll, and the Combat's group controls (GM). */
export interface GroupControls {
  /** The group key of a row's combatant, or null. */
  keyOf(combatantId: string): string | null;
  initiativeOf(key: string): number | null;
  clear(key: string): Promise<void>;
  reroll(key: string): Promise<void>;
  set(key: string, total: number): Promise<void>;
}

/**
 * Foundry's row entries with its Clear and Reroll acting on the row's group instead, named by the
 * ruleset's `names` (lang keys), for the GM and a rolled group only.
 */
export function groupEntries(
  entries: readonly MenuEntry[], controlsOf: () => GroupControls | null,
  names: { readonly clear: string; readonly reroll: string },
): MenuEntry[] {
  const keyOf = (li: HTMLElement) => controlsOf()?.keyOf(li.dataset.combatantId ?? "") ?? null;
  const rolled = (li: HTMLElement) => {
    const key = keyOf(li);
    return key !== null && Number.isFinite(controlsOf()?.initiativeOf(key));
  };
  const isGM = () => game.user?.isGM ?? false;
  const acting = (name: string, act: (c: GroupControls, key: string) => Promise<void>) => ({
    name, condition: (li: HTMLElement) => isGM() && rolled(li),
    callback: (li: HTMLElement) => {
      const key = keyOf(li);
      const controls = controlsOf();
      return key === null || !controls ? undefined : warnIfRefused(() => act(controls, key));
    },
  });
  return entries.map((entry) => {
    if (entry.name === REPLACED.clear) {
      return { ...entry, ...acting(names.clear, (c, k) => c.clear(k)) };
    }
    if (entry.name === REPLACED.reroll) {
      return { ...entry, ...acting(names.reroll, (c, k) => c.reroll(k)) };
    }
    return entry;
  });
}

/**
 * What the GM typed in a row's initiative box, for its group: empty clears the group's roll, "7" or
 * "=7" sets its total, "+2"/"-1" changes it; anything else is refused with the reason (the
 * ruleset's `badEntryKey`, given the text as `{text}`).
 */
export async function onGroupInitiative(
  event: Event, controls: GroupControls | null, badEntryKey: string,
): Promise<void> {
  const input = event.target as HTMLInputElement | null;
  const id = input?.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
  const key = id && controls ? controls.keyOf(id) : null;
  if (!input || !controls || key === null || !game.user?.isGM) return;
  const entry = parseInitiativeEntry(input.value, controls.initiativeOf(key));
  if (entry.kind === "invalid") {
    ui.notifications?.warn(t(badEntryKey, { text: input.value }));
    input.value = String(controls.initiativeOf(key) ?? "");
    return;
  }
  await warnIfRefused(() =>
    entry.kind === "clear" ? controls.clear(key) : controls.set(key, entry.total));
}
