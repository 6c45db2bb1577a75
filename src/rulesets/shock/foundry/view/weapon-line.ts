import type { Localize } from "../../../../engine/i18n";
import { maxDamage, shockValue } from "../../rules/damage";
import { weaponAttribute, type Statblock, type Weapon } from "../../rules/statblock";

/**
 * What a weapon does in its wielder's hands, in one line: the attack bonus against AC, the damage
 * and the Shock ("+4 vs AC · 1d8+2 · Shock 2/AC 15"). Pure. Source: `002_5e27cdf788b28f5f.txt`
 * §Attack Rolls, §Damage, §Shock.
 */
type Wielder = Pick<Statblock, "attackBonus" | "attributes" | "skills">;

const signed = (n: number): string => (n >= 0 ? `+${n}` : `−${-n}`);

/** The attack roll's bonus before situational modifiers: attack bonus + attribute + skill + magic. */
export function attackBonusOf(wielder: Wielder, weapon: Weapon): number {
  const attribute = weaponAttribute(wielder, weapon).modifier;
  return wielder.attackBonus + attribute + wielder.skills[weapon.skill] + weapon.magic;
}

/** The damage formula: weapon dice + attribute modifier + magic (+ Brawl unarmed). */
export function damageFormula(wielder: Wielder, weapon: Weapon): string {
  const flat = maxDamage(wielder, weapon) - weapon.dice * weapon.die;
  return `${weapon.dice}d${weapon.die}${flat ? (flat > 0 ? `+${flat}` : `-${-flat}`) : ""}`;
}

export function weaponLine(wielder: Wielder, weapon: Weapon, t: Localize): string {
  const parts = [
    t("FRAY.Shock.Weapon.Attack", { bonus: signed(attackBonusOf(wielder, weapon)) }),
    damageFormula(wielder, weapon).replace("-", "−"),
  ];
  const shock = shockValue(wielder, weapon);
  if (shock > 0) {
    parts.push(weapon.shock.anyAc
      ? t("FRAY.Shock.Weapon.ShockAny", { amount: shock })
      : t("FRAY.Shock.Weapon.ShockAc", { amount: shock, ac: weapon.shock.ac }));
  }
  return parts.join(" · ");
}
