import type { Localize } from "../../../../engine/i18n";
import { dieText } from "../../../../engine/view/punct";
import { DIE_SIZES, type DamageType } from "../../rules/constants";
import type { AbilitySource, ConditionEffectSource, WeaponSource } from "../../rules/models";
import { ABILITY_LISTS, EFFECT_GROUPS, type EffectGroup } from "./list-fields";
import { entryRows, setChoices, type EntryRow } from "../../../../engine/view/list-edits";
import { abilityLine, effectText, weaponLine, type LineAttacker } from "./ability-line";

/**
 * What the item sheets and the NPC sheet's edit mode show, built from the item's or actor's data
 * (pure, like `actor-view.ts`). Play mode reads `facts` and `line`; edit mode the rows of the list
 * editors, each numbered so every unnamed control gets an accessible name.
 */
export interface Fact {
  readonly label: string;
  readonly value: string;
}

/** One editable effect of a group: its index in the list and its number for people (1-based). */
export type EffectRow = EntryRow<ConditionEffectSource> & { readonly isOngoing: boolean };

export interface EffectGroupView {
  readonly group: EffectGroup;
  readonly labelKey: string;
  readonly effects: readonly EffectRow[];
  /** Play mode: each effect in words ("Dazed (save ends)"). */
  readonly texts: readonly string[];
}

/**
 * Die sizes for the selects, each written by the shell's `dieText` ("d8"), so the letter is a
 * string too; `withNone` adds "no die" for flat damage.
 */
export function dieChoices(t: Localize, withNone = false): Record<string, string> {
  const die = (faces: number) => dieText(faces, t);
  const dice = Object.fromEntries(DIE_SIZES.map((d) => [String(d), die(d)]));
  return withNone ? { "0": t("FRAY.Sheet.NoDie"), ...dice } : dice;
}

/** Checkboxes for a list of damage types (an ability's types, a statblock's weaknesses). */
export function damageTypeToggles(on: readonly DamageType[]) {
  return setChoices(ABILITY_LISTS.damageTypes, on, "FRAY.DamageType");
}

export function effectGroups(ability: AbilitySource, t: Localize): EffectGroupView[] {
  return EFFECT_GROUPS.map((group) => ({
    group,
    labelKey: `FRAY.Item.Effects.${group}`,
    effects: entryRows(ability[group].effects)
      .map((e) => ({ ...e, isOngoing: e.id === "ongoing" })),
    texts: ability[group].effects.map((e) => effectText(e, t)),
  }));
}

/**
 * The ability sheet: its line (with the owner's numbers when it has one), the facts play mode
 * lists, and the edit mode's lists.
 */
export function abilityItemView(ability: AbilitySource, owner: LineAttacker | null, t: Localize) {
  const facts: Fact[] = [
    { label: t("FRAY.Item.AbilityType"), value: t(`FRAY.AbilityType.${ability.abilityType}`) },
    { label: t("FRAY.Item.Frequency"), value: t(`FRAY.Frequency.${ability.frequency}`) },
    { label: t("FRAY.Item.Action"), value: t(`FRAY.Action.${ability.action}`) },
    { label: t("FRAY.Item.Defense"), value: t(`FRAY.Defense.${ability.defense}`) },
  ];
  if (ability.targets !== 1) {
    facts.push({ label: t("FRAY.Item.Targets"), value: String(ability.targets) });
  }
  if (ability.basic !== "none") {
    facts.push({ label: t("FRAY.Item.Basic"), value: t(`FRAY.Basic.${ability.basic}`) });
  }
  return {
    line: abilityLine(ability, owner, t),
    facts,
    damageTypes: damageTypeToggles(ability.hit.damageTypes),
    effectGroups: effectGroups(ability, t),
  };
}

/** The weapon sheet's facts and line. */
export function weaponItemView(weapon: WeaponSource, t: Localize) {
  const facts: Fact[] = [
    { label: t("FRAY.Sheet.Stance"), value: t(`FRAY.Stance.${weapon.stance}`) },
    { label: t("FRAY.Sheet.Weapon.Die"), value: dieChoices(t)[weapon.die] ?? weapon.die },
    { label: t("FRAY.Sheet.Weapon.DamageType"), value: t(`FRAY.DamageType.${weapon.damageType}`) },
  ];
  if (weapon.equipped) facts.push({ label: t("FRAY.Item.Equipped"), value: t("FRAY.Sheet.Yes") });
  return { facts, line: weaponLine(weapon, t) };
}
