import type { Localize } from "../../engine/i18n";

/**
 * A whole number with its sign as every Fray screen writes it ("+4", "−2", "+0"), from the shell's
 * strings (lang/en.json `FRAY.Punct.Signed`, `Plus`, `Minus`), so no sign is stitched in code.
 * Pure: `t` is Foundry's localizer in Foundry and `localizerFor` in tests.
 */
export function signedText(n: number, t: Localize): string {
  const sign = t(n < 0 ? "FRAY.Punct.Minus" : "FRAY.Punct.Plus");
  return t("FRAY.Punct.Signed", { sign, value: Math.abs(n) });
}
