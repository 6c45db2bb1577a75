import type { Localize } from "../../engine/i18n";

/** Foundry's `game.i18n.format` as the `Localize` function the pure view helpers take. */
export const foundryLocalize: Localize = (key, data) =>
  data
    ? game.i18n!.format(
        key,
        Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
      )
    : game.i18n!.localize(key);
