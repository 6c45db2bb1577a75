import type { Localize } from "../../../../engine/i18n";
import type { DamageType, Stance } from "../../rules/constants";
import { damageDice } from "../../rules/damage";
import type { AbilitySource, ConditionEffectSource, WeaponSource } from "../../rules/models";
import { diceText, dieText, signedText } from "../../../../engine/view/punct";
import { abilityDamageIn, type StanceDice } from "./stance-dice";

/**
 * What a sheet row says an ability or weapon does, in one line built from its data, e.g.
 * "+12 vs AC · 2d10+5 fire · Dazed (save ends)". Every piece is a `FRAY.Sheet.Line.*` format
 * (numbers, signs, dice and brackets included) joined by `FRAY.Punct.Separator`, so a language
 * can reorder or reword each piece. Pure: Foundry passes `game.i18n.format` as `t`.
 * Source of the numbers: `000_c2dc3d650823e22d.txt` §Attacks (3d6 + Level + Volition + the
 * escalation die), §Basic Attacks (Level dice of the die of the attack's own stance + Volition),
 * §Ability Entries.
 */

/** Who would use the ability: the numbers its attack and damage are computed with. */
export interface LineAttacker {
  readonly level: number;
  /** Volition after the no-recovery penalty. */
  readonly volition: number;
  /** What the escalation die adds now (0 outside combat, for most NPCs, when Shaken). */
  readonly escalation: number;
  /** The die of each stance (`stanceDiceFor`): a basic attack rolls its own stance's. */
  readonly stanceDice: StanceDice;
  /** Damage type of basic attacks per stance (the equipped weapon's). */
  readonly basicDamageType: Readonly<Record<Stance, DamageType>>;
  /** What "class miss damage" means for this attacker (a character's `missDamage`; NPCs none). */
  readonly missDamage?: "none" | "level";
  /** What the attacker calls its Power ("Focus"); the default word when empty or absent. */
  readonly powerLabel?: string;
}

const L = "FRAY.Sheet.Line";

/** A signed number: "+5", "−2" (the shell's sign strings). */
export const signed = signedText;

/** Damage types as words; `weapon` (the default) is left unsaid. */
function typesText(types: readonly DamageType[], t: Localize): string {
  const named = types
    .filter((type) => type !== "weapon")
    .map((type) => t(`FRAY.DamageType.${type}`));
  const join = (first: string, second: string) => t(`${L}.TypeJoin`, { first, second });
  return named.reduce((all, next) => (all ? join(all, next) : next), "");
}

/** An effect with its duration: "Dazed (save ends)", "5 ongoing fire (save ends, 6+)". */
export function effectText(e: ConditionEffectSource, t: Localize): string {
  const condition = e.id === "ongoing"
    ? t(`${L}.Ongoing`, { amount: e.amount, type: t(`FRAY.DamageType.${e.damageType}`) })
    : t(`FRAY.Condition.${e.id}`);
  const duration = e.duration === "saveEnds" && e.save !== 11
    ? t(`${L}.Duration.saveEndsAt`, { save: e.save })
    : t(`${L}.Duration.${e.duration}`);
  return t(`${L}.Effect`, { condition, duration });
}

/** The hit damage: with an attacker, its dice ("3d6+4 fire"); without, the formula's words. */
function damageText(a: AbilitySource, attacker: LineAttacker | null, t: Localize): string | null {
  const basicType = a.basic === "none" ? null : attacker?.basicDamageType[a.basic] ?? "weapon";
  const types = typesText(basicType ? [basicType] : a.hit.damageTypes, t);
  let dice: string;
  if (attacker) {
    const d = damageDice(abilityDamageIn(a, attacker.stanceDice), attacker);
    if (d.count === 0 && d.flat === 0) return null;
    dice = diceText(d.count, d.faces, d.flat, t);
  } else if (a.basic !== "none") {
    dice = t(`${L}.BasicDamage`);
  } else {
    const d = a.hit.damage;
    if ((d.dice === 0 || d.die === "0") && d.flat === 0 && !d.volition) return null;
    const flatOnly = d.die === "0" || d.dice === 0;
    const base = flatOnly ? String(d.flat) : diceText(d.dice, Number(d.die), d.flat, t);
    const perLevel = d.perLevel && d.die !== "0" ? t(`${L}.PerLevel`, { dice: base }) : base;
    dice = d.volition ? t(`${L}.PlusVolition`, { dice: perLevel }) : perLevel;
  }
  return types ? t(`${L}.Damage`, { dice, types }) : dice;
}

/**
 * The one-line summary of an ability row.
 * @param attacker the owner's numbers, or null for an item outside an actor (formula words).
 */
export function abilityLine(a: AbilitySource, attacker: LineAttacker | null, t: Localize): string {
  const parts: string[] = [];
  if (a.action !== "standard") {
    parts.push(t(`${L}.Action`, { action: t(`FRAY.Action.${a.action}`) }));
  }
  if (a.defense !== "none") {
    const defense = t(`FRAY.Defense.${a.defense}`);
    const bonus = attacker && signed(attacker.level + attacker.volition + attacker.escalation, t);
    parts.push(
      bonus ? t(`${L}.Attack`, { bonus, defense }) : t("FRAY.Summary.Versus", { defense }),
    );
    const damage = damageText(a, attacker, t);
    if (damage) parts.push(damage);
  }
  for (const e of a.hit.effects) parts.push(effectText(e, t));
  if (a.heal !== "none") parts.push(t(`FRAY.Heal.${a.heal}`));
  // "Class" miss damage is the attacker's own: Level or none (§Attacks, Miss damage).
  const miss = a.miss.mode === "class" && attacker ? attacker.missDamage ?? "none" : a.miss.mode;
  if (a.defense !== "none" && miss !== "none") {
    const amount = attacker ? String(attacker.level) : t("FRAY.Sheet.Level");
    parts.push(t(`${L}.Miss.${miss}`, { amount }));
  }
  for (const e of a.miss.effects) parts.push(t(`${L}.OnMiss`, { effect: effectText(e, t) }));
  for (const e of a.crit.effects) parts.push(t(`${L}.OnCrit`, { effect: effectText(e, t) }));
  if (a.targets > 1) parts.push(t("FRAY.Summary.Targets", { n: a.targets }));
  if (a.escalationMin > 0) parts.push(t("FRAY.Summary.Escalation", { n: a.escalationMin }));
  if (a.frequency === "recharge") parts.push(t("FRAY.Summary.Recharge", { n: a.recharge }));
  if (a.sustain > 0) parts.push(t("FRAY.Summary.Sustain", { n: a.sustain }));
  if (a.powerCost > 0) {
    const resource = attacker?.powerLabel || t("FRAY.Sheet.Power");
    parts.push(t(`${L}.PowerCost`, { n: a.powerCost, resource }));
  }
  if (a.provokes) parts.push(t("FRAY.Summary.Provokes"));
  return parts.join(t("FRAY.Punct.Separator"));
}

/** A weapon row's line: "Ranged · d6 lightning · Equipped". */
export function weaponLine(w: WeaponSource, t: Localize): string {
  const dice = dieText(Number(w.die), t);
  const types = typesText([w.damageType], t);
  const parts = [t(`FRAY.Stance.${w.stance}`), types ? t(`${L}.Damage`, { dice, types }) : dice];
  if (w.equipped) parts.push(t("FRAY.Item.Equipped"));
  return parts.join(t("FRAY.Punct.Separator"));
}
