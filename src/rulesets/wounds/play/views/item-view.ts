import type { Localize } from "../../../../engine/i18n";
import { dieText } from "../../../../engine/view/punct";
import { DIE_SIZES, FEAT_IDS, WEAPON_FOCUS_WEAPONS, WEAPON_KINDS } from "../../rules/constants";
import type { Feat, Spell, Weapon } from "../../rules/statblock";
import { featRow, spellRow, weaponRow, type Wielder } from "./rows";

/**
 * What the weapon, spell and feat sheets read, pure: the row the actor sheet shows (a weapon's
 * formula with its wielder's Strength and feats, or "+ Strength" when nobody wields it), the
 * choices of the edit mode's selects, and a Weapon Focus's three weapon fields (with its bearer's
 * weapons offered). Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Spell Casting, §Feats.
 */
const options = (values: readonly string[], prefix: string, t: Localize) =>
  Object.fromEntries(values.map((v) => [v, t(`${prefix}.${v}`)]));

const dice = (t: Localize) => Object.fromEntries(DIE_SIZES.map((d) => [d, dieText(Number(d), t)]));

export function weaponSheetContext(weapon: Weapon, wielder: Wielder | null, t: Localize) {
  return {
    view: weaponRow(weapon, wielder, t),
    kinds: options(WEAPON_KINDS, "FRAY.Wounds.WeaponKind", t),
    dice: dice(t),
  };
}

export function spellSheetContext(spell: Spell, t: Localize) {
  return { view: spellRow(spell, t), dice: dice(t) };
}

/**
 * @param weapons the names of its bearer's weapons, offered in the Weapon Focus fields ([] when
 *   nobody bears it).
 */
export function featSheetContext(
  feat: Feat, name: string, weapons: readonly string[], t: Localize,
) {
  return {
    view: featRow(feat, name, t),
    feats: options(FEAT_IDS, "FRAY.Wounds.Feat", t),
    isFocus: feat.feat === "weaponFocus",
    focusRows: Array.from({ length: WEAPON_FOCUS_WEAPONS }, (_, index) => ({
      index, value: feat.weapons[index] ?? "",
      label: t("FRAY.Wounds.Sheet.FocusWeapon", { n: index + 1 }),
    })),
    weaponNames: [...weapons],
  };
}

/**
 * A Weapon Focus's weapons from its fields: each trimmed, blanks and repeats left out, at most
 * three (§Feats: "3 chosen weapons").
 */
export function focusWeaponsFrom(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values.map((s) => s.trim())) {
    if (v && !out.includes(v) && out.length < WEAPON_FOCUS_WEAPONS) out.push(v);
  }
  return out;
}
