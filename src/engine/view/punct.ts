import type { Localize } from "../i18n";

/**
 * A whole number with its sign as every Fray screen writes it ("+4", "−2", "+0"), from the shell's
 * strings (lang/en.json `FRAY.Punct.Signed`, `Plus`, `Minus`), so no sign is stitched in code.
 * Pure: `t` is Foundry's localizer in Foundry and `localizerFor` in tests.
 */
export function signedText(n: number, t: Localize): string {
  const sign = t(n < 0 ? "FRAY.Punct.Minus" : "FRAY.Punct.Plus");
  return t("FRAY.Punct.Signed", { sign, value: Math.abs(n) });
}

/** One die of a size as every Fray screen writes it: "d8" (`FRAY.Punct.Dice`). */
export function dieText(faces: number, t: Localize): string {
  return t("FRAY.Punct.Dice", { count: "", faces });
}

/**
 * Dice with a flat modifier as every Fray screen writes them: "3d8", "3d8+4", "3d8−1"
 * (`FRAY.Punct.Dice`, `DiceFlat`, the signed modifier), or the flat amount alone ("4") when there
 * are no dice.
 */
export function diceText(count: number, faces: number, flat: number, t: Localize): string {
  if (count <= 0 || faces <= 0) return String(flat);
  const dice = t("FRAY.Punct.Dice", { count, faces });
  return flat === 0 ? dice : t("FRAY.Punct.DiceFlat", { dice, modifier: signedText(flat, t) });
}
