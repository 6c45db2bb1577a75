import type { Localize } from "../../../../engine/i18n";
import { dieText } from "../../../../engine/view/punct";
import { ATTACK_KINDS, DIE_SIZES, WEAPON_CATEGORIES } from "../../rules/constants";
import type { Spell, Statblock, Weapon } from "../../rules/statblock";
import { spellRow, weaponRow } from "./sheet-context";

/**
 * What the weapon and spell sheets read, pure: the row the actor sheet shows (with the carrier's
 * size for a weapon's reach; Medium when nobody carries it), the choices of the edit mode's
 * selects, and the Flow actions as list rows. Source: `004_2cc57162401858c9.txt` §Reach;
 * RULINGS.md §action-points Flow actions.
 */
const options = (values: readonly string[], prefix: string | null, t: Localize) =>
  Object.fromEntries(values.map((v) => [v, prefix ? t(`${prefix}.${v}`) : dieText(Number(v), t)]));

function choices(t: Localize) {
  return {
    categories: options(WEAPON_CATEGORIES, "FRAY.ActionPoints.Category", t),
    kinds: options(ATTACK_KINDS, "FRAY.ActionPoints.AttackKind", t),
    dice: options(DIE_SIZES, null, t),
  };
}

export function weaponSheetContext(
  weapon: Weapon, carrier: Pick<Statblock, "size"> | null, t: Localize,
) {
  return {
    view: weaponRow(weapon, carrier ?? { size: "medium" }, t),
    flowRows: weapon.flowActions.map((f, index) => ({ ...f, index, n: index + 1 })),
    ...choices(t),
  };
}

export function spellSheetContext(spell: Spell, t: Localize) {
  return { view: spellRow(spell, t), ...choices(t) };
}
