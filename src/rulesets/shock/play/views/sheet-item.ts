import type { Localize } from "../../../../engine/i18n";
import { COMBAT_SKILLS, DIE_SIZES, WEAPON_KINDS } from "../../rules/constants";
import type { WeaponSource } from "../../rules/models";
import type { Statblock, Weapon } from "../../rules/statblock";
import { weaponSummary, weaponTags } from "./sheet-weapon";
import { WEAPON_LISTS } from "./list-fields";
import { setChoices } from "../../../../engine/view/list-edits";

/**
 * What shock's weapon sheet shows, pure: in play its one-line summary in its wielder's hands (or,
 * for a weapon nobody carries, the weapon alone, with a hint saying so) and its tags; in edit mode
 * the choices of its fields, already localized. Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls,
 * §Damage, §Shock.
 */
type Wielder = Pick<Statblock, "attackBonus" | "attributes" | "skills">;
const S = "FRAY.Shock.Sheets";

/** A wielder with no bonus at all: an unowned weapon's line shows the weapon's own numbers. */
export const NO_WIELDER: Wielder = {
  attackBonus: 0,
  attributes: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 0, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 },
};

/** Choices of a `<select>`, value → label already localized. */
const choices = (values: readonly string[], label: (v: string) => string) =>
  Object.fromEntries(values.map((v) => [v, label(v)]));

export function weaponSheetContext(
  weapon: Weapon, system: WeaponSource, wielder: Wielder | null, t: Localize,
): Record<string, unknown> {
  return {
    line: weaponSummary(wielder ?? NO_WIELDER, weapon, t),
    unowned: wielder ? "" : t(`${S}.Unowned`),
    tags: weaponTags(weapon, t),
    kinds: choices(WEAPON_KINDS, (v) => t(`FRAY.Shock.WeaponKind.${v}`)),
    skills: choices(COMBAT_SKILLS, (v) => t(`FRAY.Shock.Skill.${v}`)),
    dice: choices(DIE_SIZES, (v) => t(`${S}.DieFaces`, { faces: v })),
    attributes: setChoices(WEAPON_LISTS.attributes, system.attributes, "FRAY.Shock.Attribute"),
  };
}
