import { FREQUENCIES, type Frequency } from "../rules/escalation/constants.js";
import type { AbilitySource } from "../rules/escalation/models.js";
import { useBlock } from "../rules/escalation/statblock.js";

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
}

export interface AbilityGroup {
  readonly frequency: Frequency;
  readonly labelKey: string;
  readonly abilities: readonly AbilityRow[];
}

export function abilityGroups(
  items: readonly { id: string; name: string; img: string; system: AbilitySource }[],
  context: { escalationDie: number; conditions: Iterable<string>; power?: number },
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
        blockedKey: useBlock(i.system, { ...context, conditions }),
        summary: abilitySummary(i.system),
      })),
  })).filter((g) => g.abilities.length > 0);
}

/** A compact line such as "vs PD · 2 targets · Escalation 3+ · Recharge 11+", built from keys. */
export function abilitySummary(a: AbilitySource): string {
  const parts: string[] = [];
  if (a.defense !== "none") parts.push(`vs ${a.defense.toUpperCase()}`);
  if (a.targets > 1) parts.push(`${a.targets}×`);
  if (a.escalationMin > 0) parts.push(`E${a.escalationMin}+`);
  if (a.frequency === "recharge") parts.push(`R${a.recharge}+`);
  if (a.sustain > 0) parts.push(`S${a.sustain}+`);
  if (a.powerCost > 0) parts.push(`−${a.powerCost}P`);
  if (a.provokes) parts.push("⚠");
  return parts.join(" · ");
}
