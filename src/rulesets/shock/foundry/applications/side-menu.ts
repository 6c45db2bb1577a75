import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { parseInitiativeEntry } from "../documents/side-controls";

/**
 * The combat tracker's initiative controls, acting on the combatant's side's roll
 * (documents/side-controls.ts says why): Foundry's "Clear Initiative" and "Reroll Initiative" in a
 * row's context menu (client/applications/sidebar/tabs/combat-tracker.mjs
 * `_getEntryContextOptions`, GM only) become "clear / reroll this side's initiative", and what the
 * GM types in a row's initiative box (`_onUpdateInitiative`; the box is read-only for players,
 * templates/sidebar/tabs/combat/tracker.hbs) sets its side's total.
 */
export interface MenuEntry {
  name: string;
  icon?: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** The names of Foundry's entries these replace (lang keys, as combat-tracker.mjs names them). */
export const REPLACED = { clear: "COMBAT.CombatantClear", reroll: "COMBAT.CombatantReroll" };

/** Foundry's row entries with its Clear and Reroll acting on the row's side instead. */
export function sideEntries(
  entries: readonly MenuEntry[], combatOf: () => ShockCombat | null,
): MenuEntry[] {
  const sideOf = (li: HTMLElement) => {
    const combatant = combatOf()?.combatants.get(li.dataset.combatantId ?? "");
    return (combatant as ShockCombatant | undefined)?.side ?? null;
  };
  const rolled = (li: HTMLElement) => {
    const side = sideOf(li);
    return side !== null && Number.isFinite(combatOf()?.groupOf(side)?.initiative);
  };
  const isGM = () => game.user?.isGM ?? false;
  return entries.map((entry) => {
    if (entry.name === REPLACED.clear) {
      return {
        ...entry, name: "FRAY.Shock.Combat.ClearSide",
        condition: (li: HTMLElement) => isGM() && rolled(li),
        callback: (li: HTMLElement) => {
          const side = sideOf(li);
          return side === null ? undefined
            : warnIfRefused(() => combatOf()!.clearSideInitiative(side));
        },
      };
    }
    if (entry.name === REPLACED.reroll) {
      return {
        ...entry, name: "FRAY.Shock.Combat.RerollSide",
        condition: (li: HTMLElement) => isGM() && rolled(li),
        callback: (li: HTMLElement) => {
          const side = sideOf(li);
          return side === null ? undefined
            : warnIfRefused(() => combatOf()!.rerollSideInitiative([side]));
        },
      };
    }
    return entry;
  });
}

/**
 * What the GM typed in a row's initiative box, for its side: empty clears the side's roll, "7" or
 * "=7" sets its total, "+2"/"-1" changes it; anything else is refused with the reason.
 */
export async function onSideInitiative(event: Event, combat: ShockCombat | null): Promise<void> {
  const input = event.target as HTMLInputElement | null;
  const id = input?.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
  const combatant = id ? (combat?.combatants.get(id) as ShockCombatant) : undefined;
  if (!input || !combat || !combatant || !game.user?.isGM) return;
  const side = combatant.side;
  const entry = parseInitiativeEntry(input.value, combat.groupOf(side)?.initiative ?? null);
  if (entry.kind === "invalid") {
    ui.notifications?.warn(t("FRAY.Shock.Combat.BadInitiative", { text: input.value }));
    input.value = String(combatant.initiative ?? "");
    return;
  }
  await warnIfRefused(() =>
    entry.kind === "clear" ? combat.clearSideInitiative(side)
      : combat.setSideInitiative(side, entry.total));
}
