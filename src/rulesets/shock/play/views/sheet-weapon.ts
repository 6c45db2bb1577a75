import type { Localize } from "../../../../engine/i18n";
import type { HealthState } from "../../rules/health";
import { maxDamage, shockValue } from "../../rules/damage";
import { weaponAttribute, type Statblock, type Weapon } from "../../rules/statblock";
import { diceText, signedText } from "../../../../engine/view/punct";

/**
 * A weapon row of shock's sheets, pure: what the weapon does in its wielder's hands in one line,
 * built piece by piece from localized formats ("+4 vs AC · 1d6+2 · Shock 3/AC 13"), its tags for
 * the expanded row, and why its Attack button is blocked right now, in words.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Damage, §Shock, §Ready or Stow an Item,
 * §Grappling; RULINGS.md §shock Attack, Damage, Shock.
 */
type Wielder = Pick<Statblock, "attackBonus" | "attributes" | "skills">;
const S = "FRAY.Shock.Sheets";

/**
 * The attack roll's bonus before situational modifiers: attack bonus + the better of the weapon's
 * attribute modifiers + combat skill + magic (§Attack Rolls).
 */
export function attackBonusOf(wielder: Wielder, weapon: Weapon): number {
  const attribute = weaponAttribute(wielder, weapon).modifier;
  return wielder.attackBonus + attribute + wielder.skills[weapon.skill] + weapon.magic;
}

/** Dice and a flat modifier as the sheet shows them ("1d6+2", "1d8", "1d6−1"): the shell's. */
export { diceText };

/**
 * The one-line summary: attack bonus against AC, damage dice with their flat bonus, and the Shock
 * a miss deals ("Shock 3/AC 13", or "Shock 2/-" at any AC), joined by `FRAY.Punct.Separator`.
 */
export function weaponSummary(wielder: Wielder, weapon: Weapon, t: Localize): string {
  const flat = maxDamage(wielder, weapon) - weapon.dice * weapon.die;
  const parts = [
    t("FRAY.Shock.Weapon.Attack", { bonus: signedText(attackBonusOf(wielder, weapon), t) }),
    diceText(weapon.dice, weapon.die, flat, t),
  ];
  const shock = shockValue(wielder, weapon);
  if (shock > 0) {
    parts.push(weapon.shock.anyAc
      ? t("FRAY.Shock.Weapon.ShockAny", { amount: shock })
      : t("FRAY.Shock.Weapon.ShockAc", { amount: shock, ac: weapon.shock.ac }));
  }
  return parts.join(t("FRAY.Punct.Separator"));
}

/** The short labels of a weapon's expanded row: kind, skill, hands, range, magic, readied. */
export function weaponTags(weapon: Weapon, t: Localize): string[] {
  const tags = [t(`FRAY.Shock.WeaponKind.${weapon.kind}`), t(`FRAY.Shock.Skill.${weapon.skill}`)];
  if (weapon.unarmed) tags.push(t(`${S}.Unarmed`));
  if (weapon.twoHanded) tags.push(t(`${S}.TwoHanded`));
  if (weapon.kind !== "melee" && weapon.range.normal > 0) {
    tags.push(t(`${S}.Format.RangeFeet`, { normal: weapon.range.normal, long: weapon.range.long }));
  }
  if (weapon.magic > 0) tags.push(t(`${S}.Format.Magic`, { bonus: signedText(weapon.magic, t) }));
  tags.push(t(weapon.readied ? `${S}.Readied` : "FRAY.Shock.Sheet.Stowed"));
  return tags;
}

/**
 * What decides whether the wielder may attack from its sheet now. `combat` is null outside a
 * started combat (the attack is then not paid for, so only health and a stowed weapon block it).
 */
export interface AttackGate {
  readonly health: HealthState;
  readonly combat: null | {
    /** The Main action is spent (attacks and Snap Attacks both need it unspent). */
    readonly mainSpent: boolean;
    /** Grappling or grappled: unarmed attacks only (§Grappling). */
    readonly held: boolean;
    /** Surprised in the others' free round: no actions at all (§Surprise). */
    readonly surprised: boolean;
    /** Another side acts and the wielder holds no action: only a Snap Attack is possible. */
    readonly offTurn: boolean;
  };
}

/** Why the Attack button of `weapon` is blocked (a `FRAY.` key), or null when it may be used. */
export function attackBlock(
  weapon: Weapon, gate: AttackGate, maySnap: boolean,
): string | null {
  if (gate.health !== "up") return `${S}.Blocked.cannotAct`;
  if (!weapon.readied) return `${S}.Blocked.stowed`;
  const c = gate.combat;
  if (!c) return null;
  if (c.surprised) return `${S}.Blocked.surprised`;
  if (c.held && !weapon.unarmed) return `${S}.Blocked.unarmedOnly`;
  if (c.mainSpent) return `${S}.Blocked.mainSpent`;
  if (c.offTurn && !maySnap) return `${S}.Blocked.notYourSide`;
  return null;
}

/** One weapon row as the template shows it. */
export interface WeaponSheetRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  /** The one-line summary ({@link weaponSummary}). */
  readonly line: string;
  readonly tags: readonly string[];
  readonly readied: boolean;
  /** Localized reason the Attack is blocked now, shown beside the button; "" when it is not. */
  readonly blocked: string;
  /** Accessible names of the row's icon buttons, with the weapon's name in them. */
  readonly labels: { readonly details: string; readonly ready: string; readonly edit: string;
    readonly remove: string };
  /** Enriched description HTML (the sheet enriches it; "" for none). */
  readonly description: string;
  /** The row is expanded to show its tags and description (the sheet remembers it per row). */
  readonly expanded: boolean;
}

/**
 * The rows of every weapon of `block`, in its order. `extras` carries what only Foundry knows:
 * each item's image and enriched description, by item id.
 */
export function weaponSheetRows(
  block: Statblock, gate: AttackGate, t: Localize,
  extras: ReadonlyMap<string, { img: string; description: string }> = new Map(),
  expanded: ReadonlySet<string> = new Set(),
): WeaponSheetRow[] {
  return block.weapons.map((w) => {
    const blocked = attackBlock(w, gate, block.snapAttack);
    const extra = extras.get(w.id);
    return {
      id: w.id, name: w.name, img: extra?.img ?? "", line: weaponSummary(block, w, t),
      tags: weaponTags(w, t), readied: w.readied, blocked: blocked ? t(blocked) : "",
      description: extra?.description ?? "", expanded: expanded.has(w.id),
      labels: {
        details: t(`${S}.ShowDetails`, { name: w.name }),
        ready: t(w.readied ? `${S}.Stow` : `${S}.Ready`, { name: w.name }),
        edit: t("FRAY.Shock.Sheet.EditItem", { name: w.name }),
        remove: t("FRAY.Shock.Sheet.DeleteItem", { name: w.name }),
      },
    };
  });
}
