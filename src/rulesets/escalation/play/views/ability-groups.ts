import { FREQUENCIES, type Frequency } from "../../rules/constants";
import type { AbilitySource } from "../../rules/models";
import { useBlock, type UseBlock } from "../../rules/statblock";
import type { Localize } from "../../encounter/format";
import { abilityLine, type LineAttacker } from "./ability-line";

/**
 * The sheet's ability list: grouped by frequency (At-Will, Encounter, Daily, Recharge), each row
 * with its one-line summary, its description, and whether its Use button works now and, if not,
 * why in a short visible text and a full sentence. Pure, so the sheet templates are tested with
 * real Handlebars on its output.
 */
export interface AbilityRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: AbilitySource;
  readonly expended: boolean;
  readonly blockedKey: UseBlock | null;
  /** Why Use is blocked: `text` shown on the row, `reason` the full sentence (tooltip). */
  readonly blocked: { readonly text: string; readonly reason: string } | null;
  /** What the ability does, one line (see `ability-line.ts`). */
  readonly line: string;
  /** The description as HTML (enriched by the sheet in Foundry). */
  readonly description: string;
  /** A `Sustain X` ability running now: the row offers the sustain roll. */
  readonly sustaining: boolean;
  /** The Sustain button's label ("Sustain 11+"). */
  readonly sustainLabel: string;
}

export interface AbilityGroup {
  readonly frequency: Frequency;
  readonly labelKey: string;
  readonly abilities: readonly AbilityRow[];
}

/** What the list needs to know about its owner now. */
export interface AbilityContext {
  readonly escalationDie: number;
  readonly conditions: Iterable<string>;
  /** A character's Power now (undefined: no Power to pay with, as for NPCs). */
  readonly power?: number;
  /** What a character calls its Power ("Focus"); empty for the default word. */
  readonly powerLabel?: string;
  readonly enemyBasicId?: string;
  readonly sustaining?: ReadonlySet<string>;
  /** The owner's attack and damage numbers for the row lines (null: formula words). */
  readonly attacker?: LineAttacker | null;
}

/** An ability as the sheet has it: the item's id, name, image, data and (enriched) description. */
export interface AbilityItem {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: AbilitySource;
  readonly description?: string;
}

/** Why Use is blocked, as a short row text and a full sentence (`FRAY.Use.*`). */
export function blockedText(
  key: UseBlock, item: Pick<AbilityItem, "name" | "system">, powerLabel: string, t: Localize,
): { text: string; reason: string } {
  const resource = powerLabel || t("FRAY.Sheet.Power");
  const { escalationMin: min, powerCost: cost } = item.system;
  const data = { name: item.name, min, cost, resource };
  const short = key.slice("FRAY.Use.".length);
  return { text: t(`FRAY.Sheet.Blocked.${short}`, data), reason: t(key, data) };
}

export function abilityGroups(
  items: readonly AbilityItem[], context: AbilityContext, localize: Localize,
): AbilityGroup[] {
  const conditions = [...context.conditions];
  const powerLabel = context.powerLabel ?? "";
  return FREQUENCIES.map((frequency) => ({
    frequency,
    labelKey: `FRAY.Frequency.${frequency}`,
    abilities: items
      .filter((i) => i.system.frequency === frequency)
      .sort((a, b) => a.system.priority - b.system.priority || a.name.localeCompare(b.name))
      .map((i): AbilityRow => {
        const enemyBasic = i.id === context.enemyBasicId;
        const blockedKey = useBlock(i.system, { ...context, conditions, enemyBasic });
        return {
          id: i.id, name: i.name, img: i.img, system: i.system,
          expended: frequency !== "atWill" && i.system.used,
          blockedKey,
          blocked: blockedKey ? blockedText(blockedKey, i, powerLabel, localize) : null,
          line: abilityLine(i.system, context.attacker ?? null, localize),
          description: i.description ?? i.system.description,
          sustaining: context.sustaining?.has(i.id) ?? false,
          sustainLabel: localize("FRAY.Sheet.SustainAt", { n: i.system.sustain }),
        };
      }),
  })).filter((g) => g.abilities.length > 0);
}

/**
 * A compact line such as "vs PD · 2 targets · Escalation 3+ · Recharge 11+" for an ability
 * outside an actor (its formula words; see `abilityLine`).
 */
export function abilitySummary(a: AbilitySource, localize: Localize): string {
  return abilityLine(a, null, localize);
}
