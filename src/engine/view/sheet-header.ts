import type { Localize } from "../i18n";

/**
 * The header every ruleset's sheets share, as plain data for the shell's partials
 * (`templates/shell/sheet/portrait.hbs`, `name.hbs`, `resource-bar.hbs`): the document's portrait
 * (Foundry's image picker in edit mode, DocumentSheetV2's `editImage` action), its name (an input
 * in edit mode) and an HP-like resource: its value large with relative entry ("-7", "+5", "12",
 * the shell's `relative-input.ts`), its maximum, and a `<meter>`. Pure, so the browser tests
 * render what Foundry shows; every word is a lang string (`FRAY.Sheet.Header.*`,
 * `FRAY.Sheet.Resource.*`, and the ruleset's own names for its resource).
 */
export interface HeaderView {
  readonly name: string;
  readonly img: string;
  /** The portrait's text alternative in play mode, and in edit mode (where a click changes it). */
  readonly alt: string;
  readonly changeAlt: string;
  /** The name input's accessible name. */
  readonly nameLabel: string;
}

/** @param kind an actor's image is its portrait; an item's, its image. */
export function headerView(
  doc: { name?: string | null; img?: string | null }, kind: "actor" | "item", t: Localize,
): HeaderView {
  const name = doc.name ?? "";
  const image = kind === "actor" ? "Portrait" : "Image";
  return {
    name,
    img: doc.img ?? "",
    alt: t(`FRAY.Sheet.Header.${image}`, { name }),
    changeAlt: t(`FRAY.Sheet.Header.Change${image}`, { name }),
    nameLabel: t("FRAY.Sheet.Header.Name"),
  };
}

/** A resource as a ruleset gives it: its numbers, how entry works, its own words. */
export interface ResourceInput {
  /** Names the input (`<rootId>-<key>`), so its label points at it. */
  readonly key: string;
  readonly value: number;
  readonly max: number;
  /** The meter's `low` and `high` marks: where its colour turns. */
  readonly low: number;
  readonly high: number;
  /** The lowest value an entry may set (none: no lower bound, as a PC's HP below 0). */
  readonly min?: number;
  /** The form field the entry submits (none: the ruleset's own listener writes it). */
  readonly name?: string;
  /** Edit mode shows the maximum as this form field. */
  readonly maxName?: string;
  /** A data attribute (`data-<hook>`) the ruleset's listener finds the input by. */
  readonly hook?: string;
  /** Extra classes of the block (the ruleset's layout). */
  readonly classes?: string;
  /** Localized: the resource's short name ("HP"), the entry's and the maximum's names. */
  readonly label: string;
  readonly entryLabel: string;
  readonly maxLabel?: string;
}

export interface ResourceBar extends Omit<ResourceInput, "min"> {
  readonly hasMin: boolean;
  readonly min: number;
  /** The meter's value, within [0, max] (a Dying PC's negative HP shows an empty bar). */
  readonly meter: number;
  /** "/ 36" after the entry. */
  readonly ofMax: string;
  /** The meter's accessible name ("HP: 14 of 36") and text ("14 / 36"). */
  readonly meterLabel: string;
  readonly text: string;
}

export function resourceBar(input: ResourceInput, t: Localize): ResourceBar {
  const { value, max, label } = input;
  return {
    ...input,
    hasMin: input.min !== undefined,
    min: input.min ?? 0,
    meter: Math.max(0, Math.min(max, value)),
    ofMax: t("FRAY.Sheet.Resource.OfMax", { max }),
    meterLabel: t("FRAY.Sheet.Resource.Bar", { label, value, max }),
    text: t("FRAY.Punct.Of", { value, max }),
  };
}
