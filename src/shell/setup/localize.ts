import type { Localize } from "../../engine/i18n";

/** Foundry's `game.i18n.format` as the `Localize` function the pure view helpers take. */
export const foundryLocalize: Localize = (key, data) =>
  data
    ? game.i18n!.format(
        key,
        Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
      )
    : game.i18n!.localize(key);

/**
 * Names joined as the world's language lists them ("A, B, and C"), by Foundry's
 * `game.i18n.getListFormatter()` (client/helpers/localization.mjs: an `Intl.ListFormat`
 * conjunction); "" for none.
 */
export const foundryList = (names: readonly string[]): string =>
  game.i18n!.getListFormatter().format(names);
