import type { Localize } from "../../../../engine/i18n";
import type { Hold } from "./grapple";

/**
 * What a drag of a token in a grapple means (§Grappling: neither side may move from where it
 * stands; a grappler who wishes to move its foe spends a Main and wins an opposed check, then
 * carries it 10 ft or throws it 5 ft, prone): a grappled token's drag is refused, save the GM's
 * (a shove's push); a grappler's drag is the wish to move its foe, asked (`carryButtons`); any
 * other moves. Source: `002_5e27cdf788b28f5f.txt` §Grappling.
 */
export type GrappledDrag = "move" | "refuse" | "ask";

export function grappledDrag(hold: Hold, isGM: boolean): GrappledDrag {
  if (hold.grappledBy.length) return isGM ? "move" : "refuse";
  return hold.grappling ? "ask" : "move";
}

/** A button of the grappler's question (`DialogV2.wait`'s: its action, its label). */
export interface CarryButton {
  readonly action: "carry" | "throw" | "alone" | "cancel";
  readonly label: string;
  readonly default?: boolean;
}

/**
 * The grappler's question's buttons, `names` the grappler's (`name`) and its foe's (`target`):
 * carry the foe along (the default) or throw it, both the GM's to check and roll; for the GM
 * only, move the grappler alone; cancel (`FRAY.Shock.Carry.Do.*`).
 */
export function carryButtons(
  names: { readonly name: string; readonly target: string }, isGM: boolean, t: Localize,
): CarryButton[] {
  return [
    { action: "carry", label: t("FRAY.Shock.Carry.Do.carry", names), default: true },
    { action: "throw", label: t("FRAY.Shock.Carry.Do.throw", names) },
    ...(isGM ? [{ action: "alone" as const, label: t("FRAY.Shock.Carry.Do.alone", names) }] : []),
    { action: "cancel", label: t("FRAY.Shock.Carry.Do.cancel") },
  ];
}
