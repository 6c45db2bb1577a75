import type { Localize } from "../../../../engine/i18n";
import type { Statblock } from "../../rules/statblock";
import type { StatRow } from "./sheet-view";
import { signedText } from "../../../../engine/view/punct";
import { resourceBar, type ResourceBar } from "../../../../engine/view/sheet-header";

/**
 * The top of shock's sheets in play, pure: HP large with its bar and relative entry, and the
 * statblock's values as label/value pairs (a PC's defenses; an NPC's identity, then its
 * defenses), the way a printed statblock reads. Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls,
 * §Shock; RULINGS.md §shock NPCs, Saves, Morale, Mortally Injured.
 */
const S = "FRAY.Shock.Sheets";
const L = "FRAY.Shock.Sheet";

/**
 * HP as the shell's HP block shows it (`engine/view/sheet-header.ts`): typed into
 * `system.hp.value` (never below 0), the maximum its own field in edit mode, a `<meter>` whose
 * colour turns at a quarter and at half.
 */
export function hpView(hp: { value: number; max: number }, t: Localize): ResourceBar {
  const max = Math.max(1, hp.max);
  return resourceBar({
    key: "hp", value: hp.value, max, low: Math.ceil(max / 4), high: Math.ceil(max / 2), min: 0,
    name: "system.hp.value", maxName: "system.hp.max", classes: "shock-hp",
    label: t("FRAY.Shock.Sheet.HP"), entryLabel: t(`${S}.HpInput`), maxLabel: t(`${S}.HpMax`),
  }, t);
}

/** One label/value pair of a `.fray-statline`. */
export interface StatPair {
  readonly label: string;
  readonly value: string;
}

/** A PC's defenses and attack in play: AC, attack bonus, save, shield. */
export function characterStats(
  block: Pick<Statblock, "ac" | "attackBonus" | "save" | "shield">, t: Localize,
): StatPair[] {
  return [
    { label: t(`${L}.AC`), value: String(block.ac) },
    { label: t(`${L}.AttackBonus`), value: signedText(block.attackBonus, t) },
    { label: t(`${L}.Save`), value: String(block.save) },
    { label: t(`${L}.Shield`), value: t(`${S}.${block.shield ? "Yes" : "No"}`) },
  ];
}

/** What an NPC's statblock says about who it is (§shock NPCs: HD, training, morale, group). */
export interface NpcIdentity {
  readonly hitDice: number;
  readonly training: number;
  readonly morale: number;
  readonly fearless: boolean;
  readonly disciplined: boolean;
  /** Its morale group (blank: it stands alone, under its own name). */
  readonly group: string;
  readonly role: string;
}

/** An NPC's identity line: HD, training, attack bonus, Morale (or fearless), group (its role is
 * the sheet's subtitle). */
export function npcIdentity(npc: NpcIdentity, t: Localize): StatPair[] {
  const pairs: StatPair[] = [
    { label: t(`${L}.HitDice`), value: String(npc.hitDice) },
    { label: t(`${L}.Training`), value: signedText(npc.training, t) },
    { label: t(`${L}.AttackBonus`), value: signedText(npc.hitDice + npc.training, t) },
    { label: t(`${L}.Morale`), value: npc.fearless ? t(`${S}.Fearless`) : String(npc.morale) },
  ];
  if (npc.group) pairs.push({ label: t(`${L}.Group`), value: npc.group });
  return pairs;
}

/** An NPC's defenses: AC, save, shield, and whether it may Snap Attack (disciplined). */
export function npcDefenses(
  block: Pick<Statblock, "ac" | "save" | "shield">, disciplined: boolean, t: Localize,
): StatPair[] {
  const pairs: StatPair[] = [
    { label: t(`${L}.AC`), value: String(block.ac) },
    { label: t(`${L}.Save`), value: String(block.save) },
    { label: t(`${L}.Shield`), value: t(`${S}.${block.shield ? "Yes" : "No"}`) },
  ];
  if (disciplined) pairs.push({ label: t(`${L}.Disciplined`), value: t(`${S}.Yes`) });
  return pairs;
}

/** Attribute or skill rows with their value as play mode shows it ("+2", "−1"). */
export function shownStats(rows: readonly StatRow[], t: Localize): (StatRow & { text: string })[] {
  return rows.map((r) => ({ ...r, text: signedText(r.value, t) }));
}
