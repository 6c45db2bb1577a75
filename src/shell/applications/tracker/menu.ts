import type { Localize } from "../../../engine/i18n";
import { warnIfRefused } from "../refusals";
import type { MenuEntryDeclaration, MenuRow } from "./declaration";
import type { MenuEntry } from "./group-menu";

/**
 * A ruleset's declared context-menu entries as Foundry's ContextMenu takes them
 * (client/applications/ux/context-menu.mjs: `name`, `icon` HTML, `condition(li)`, `callback(li)`;
 * the tracker creates its menu on `.combatant` rows from `_getEntryContextOptions`,
 * client/applications/sidebar/tabs/combat-tracker.mjs `_onFirstRender`). Each entry reads its row
 * from the `<li>`'s `data-combatant-id` in the viewed combat; with no combat it shows nowhere.
 * `condition` is asked when the menu opens; what `run` does is checked again by whoever writes it
 * (a player's own documents, or the GM's request handlers), and a refusal thrown is a warning
 * (`warnIfRefused`).
 * @param combatOf the tracker's viewed combat, read at each call
 */
export function declaredEntries<C extends Combat.Implementation>(
  entries: readonly MenuEntryDeclaration<C>[], combatOf: () => C | null, t: Localize,
): MenuEntry[] {
  const rowOf = (li: HTMLElement): MenuRow<C> | null => {
    const combat = combatOf();
    if (!combat) return null;
    const id = li.dataset.combatantId ?? "";
    const combatant = combat.combatants.get(id) as Combatant.Implementation | undefined;
    return { combat, id, combatant, isGM: game.user?.isGM ?? false };
  };
  return entries.map((entry) => {
    const data = Object.fromEntries(Object.entries(entry.data ?? {}).map(([k, v]) => [k, t(v)]));
    return {
      name: t(entry.name, data),
      icon: `<i class="fa-solid ${entry.icon}"></i>`,
      condition: (li: HTMLElement) => {
        const row = rowOf(li);
        return row !== null && entry.shown(row);
      },
      callback: (li: HTMLElement) => {
        const row = rowOf(li);
        return row ? warnIfRefused(() => entry.run(row)) : undefined;
      },
    };
  });
}
