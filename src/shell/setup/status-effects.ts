import { foundryLocalize as t } from "./localize";

/**
 * A ruleset's status effects in Foundry's `CONFIG.statusEffects` (client/config.mjs): the token
 * HUD offers them and a token shows them. Foundry copies an entry's fields into the effect it
 * creates and localizes only its name (client/documents/active-effect.mjs `fromStatusEffect`), so
 * an entry's description is localized here, once the strings are loaded (`i18nInit`). A status
 * only a GM may put on is refused on a player's client before its effect is sent
 * (`preCreateActiveEffect` runs on the creating client, and false cancels the creation:
 * client/data/client-backend.mjs `#preCreateDocumentArray`); what honours such a mark must still
 * check who wrote it (the server stamps `_stats.lastModifiedBy`).
 */
export interface StatusEntry {
  readonly id: string;
  /** A lang key (Foundry localizes it). */
  readonly name: string;
  readonly img: string;
  /** A lang key: the effect's description, one paragraph of plain text. */
  readonly descriptionKey?: string;
  /** A lang key: a player's client refuses the status with this warning (`{name}`: the actor). */
  readonly gmOnlyWarning?: string;
}

/**
 * A ruleset's own statuses as entries, from each one's icon (`icons`: its id → an image path, in
 * the order the token HUD lists them): the status id `idOf(id)`, its name `<names>.<id>` and its
 * description `<hints>.<id>` (lang keys).
 */
export function statusEntries(
  icons: Readonly<Record<string, string>>, keys: {
    readonly idOf: (id: string) => string; readonly names: string; readonly hints: string;
  },
): StatusEntry[] {
  return Object.entries(icons).map(([id, img]) => ({
    id: keys.idOf(id), name: `${keys.names}.${id}`, img, descriptionKey: `${keys.hints}.${id}`,
  }));
}

/** Foundry's status entry (client/config.mjs `statusEffects`): its description is HTML. */
interface ConfigEntry {
  id: string;
  name: string;
  img: string;
  description?: string;
}

/** The created effect as the GM-only check reads it. */
type Effect = { statuses: ReadonlySet<string>; parent?: { name?: string } | null };

/**
 * Puts `entries` in `CONFIG.statusEffects`, replacing Foundry's own (`replace`) or after them,
 * with their descriptions and the GM-only checks.
 */
export function setStatusEffects(entries: readonly StatusEntry[], replace: boolean): void {
  const placed = entries.map(({ id, name, img }): ConfigEntry => ({ id, name, img }));
  const config = CONFIG as unknown as { statusEffects: ConfigEntry[] };
  if (replace) config.statusEffects = placed;
  else config.statusEffects.push(...placed);
  if (entries.some((e) => e.descriptionKey)) {
    Hooks.once("i18nInit", () => entries.forEach((e, i) => {
      const entry = placed[i];
      if (!entry || !e.descriptionKey) return;
      entry.description = `<p>${foundry.utils.escapeHTML(t(e.descriptionKey))}</p>`;
    }));
  }
  const gmOnly = entries.filter((e) => e.gmOnlyWarning);
  if (!gmOnly.length) return;
  const on = Hooks.on.bind(Hooks) as (name: string, fn: (effect: Effect) => unknown) => number;
  on("preCreateActiveEffect", (effect) => {
    const status = game.user?.isGM ? null : gmOnly.find((e) => effect.statuses.has(e.id));
    if (!status) return;
    ui.notifications?.warn(t(status.gmOnlyWarning ?? "", { name: effect.parent?.name ?? "" }));
    return false;
  });
}

/**
 * The status Foundry's tracker and tokens read as defeated (client/config.mjs
 * `specialStatusEffects.DEFEATED`, "dead" unless a module changes it), read when asked.
 */
export const defeatedStatus = (): string => CONFIG.specialStatusEffects.DEFEATED;
