import { FREQUENCIES, type Frequency } from "../../rules/constants";
import type { AbilitySource } from "../../rules/models";
import { useBlock } from "../../rules/statblock";
import type { Localize } from "../../encounter/format";

/**
 * The sheet's ability list: grouped by frequency (At-Will, Encounter, Daily, Recharge), each row
 * saying whether its Use button works now and, if not, why (a localization key). Pure, so the
 * sheet templates are tested with real Handlebars on its output.
 */
export interface AbilityRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: AbilitySource;
  readonly expended: boolean;
  readonly blockedKey: string | null;
  readonly summary: string;
  /** A `Sustain X` ability running now: the row offers the sustain roll. */
  readonly sustaining: boolean;
}

export interface AbilityGroup {
  readonly frequency: Frequency;
  readonly labelKey: string;
  readonly abilities: readonly AbilityRow[];
}

export function abilityGroups(
  items: readonly { id: string; name: string; img: string; system: AbilitySource }[],
  context: { escalationDie: number; conditions: Iterable<string>; power?: number; enemyBasicId?: string; sustaining?: ReadonlySet<string> },
  localize: Localize,
): AbilityGroup[] {
  const conditions = [...context.conditions];
  return FREQUENCIES.map((frequency) => ({
    frequency,
    labelKey: `FRAY.Frequency.${frequency}`,
    abilities: items
      .filter((i) => i.system.frequency === frequency)
      .sort((a, b) => a.system.priority - b.system.priority || a.name.localeCompare(b.name))
      .map((i) => ({
        ...i,
        expended: frequency !== "atWill" && i.system.used,
        blockedKey: useBlock(i.system, { ...context, conditions, enemyBasic: i.id === context.enemyBasicId }),
        summary: abilitySummary(i.system, localize),
        sustaining: context.sustaining?.has(i.id) ?? false,
      })),
  })).filter((g) => g.abilities.length > 0);
}

/**
 * A compact line such as "vs PD · 2 targets · Escalation 3+ · Recharge 11+", each part through a
 * `FRAY.Summary.*` string (`localize` is `game.i18n.format` in Foundry).
 */
export function abilitySummary(a: AbilitySource, localize: Localize): string {
  const parts: string[] = [];
  if (a.defense !== "none") parts.push(localize("FRAY.Summary.Versus", { defense: localize(`FRAY.Defense.${a.defense}`) }));
  if (a.targets > 1) parts.push(localize("FRAY.Summary.Targets", { n: a.targets }));
  if (a.escalationMin > 0) parts.push(localize("FRAY.Summary.Escalation", { n: a.escalationMin }));
  if (a.frequency === "recharge") parts.push(localize("FRAY.Summary.Recharge", { n: a.recharge }));
  if (a.sustain > 0) parts.push(localize("FRAY.Summary.Sustain", { n: a.sustain }));
  if (a.powerCost > 0) parts.push(localize("FRAY.Summary.Power", { n: a.powerCost }));
  if (a.provokes) parts.push(localize("FRAY.Summary.Provokes"));
  return parts.join(" · ");
}
