import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { UNSUSPECTING_STATUS } from "../documents/unsuspecting";

/**
 * The Unsuspecting status in Foundry (`002_5e27cdf788b28f5f.txt` §Execution Attacks): an entry of
 * `CONFIG.statusEffects`, so the GM toggles it from the token HUD and it shows on the token; its
 * effect carries the rule as its description (Foundry copies an entry's fields into the effect it
 * creates, client/documents/active-effect.mjs `fromStatusEffect`, and localizes only the name, so
 * the description is localized once the strings are loaded, at `i18nInit`). Only a GM puts it on:
 * a player's client refuses to create it (`preCreateActiveEffect` runs on the creating client
 * before the request is sent, and false cancels it: client/data/client-backend.mjs
 * `#preCreateDocumentArray`); the GM's seal honours only a GM's mark anyway.
 */
interface StatusEntry {
  id: string;
  name: string;
  img: string;
  description?: string;
}

export function registerUnsuspectingStatus(): void {
  const entry: StatusEntry = {
    id: UNSUSPECTING_STATUS, name: "FRAY.Shock.Unsuspecting.Name", img: "icons/svg/sleep.svg",
  };
  (CONFIG.statusEffects as StatusEntry[]).push(entry);
  Hooks.once("i18nInit", () => {
    const text = foundry.utils.escapeHTML(t("FRAY.Shock.Unsuspecting.Description"));
    entry.description = `<p>${text}</p>`;
  });
  type Effect = { statuses: ReadonlySet<string>; parent?: { name?: string } | null };
  const on = Hooks.on.bind(Hooks) as (
    name: string,
    fn: (effect: Effect) => unknown,
  ) => number;
  on("preCreateActiveEffect", (effect) => {
    if (game.user?.isGM || !effect.statuses.has(UNSUSPECTING_STATUS)) return;
    ui.notifications?.warn(
      t("FRAY.Shock.Unsuspecting.GMOnly", { name: effect.parent?.name ?? "" }),
    );
    return false;
  });
}
