/**
 * The one row model of every ruleset's combat tracker: what the shell adds to Foundry's list, for
 * one viewer, with every string already localized. The shell's `applications/tracker/view.ts`
 * builds it from a ruleset's declared rows (`rows-declaration.ts`); its `row-html.ts` renders it
 * and `splice.ts` puts it into Foundry's tracker
 * list (templates/sidebar/tabs/combat/tracker.hbs). A heading goes before each group's first shown
 * row (escalation's bands, shock's sides, a phase); per row the economy as pips (a slot used or
 * left, a pool with its points), marks (acting now, Dying, Mortally Injured, ambusher…) as worded
 * badges or named icons, places in named orders side by side (a phase's), a note (who it is
 * engaged with), buttons in its state line (act next) and reorder controls among Foundry's own.
 */

/** A badge's colours (`styles/_components.scss` `.fray-badge--*`). */
export type Tone = "hit" | "miss" | "crit" | "fumble" | "shock" | "reaction" | "info" | "neutral";

/**
 * A slot or a pool as a pip: its short word (a pool's shows its points), its full name with its
 * state ("Move: used": the accessible name and tooltip), and whether it is spent. `press`: the
 * viewer may flip it (a button running the tracker's pip action with `data-pip`), it only reports
 * as a disabled button (escalation's players see the GM's buttons, greyed), or it is a named image.
 */
export interface TrackerPip {
  readonly id: string;
  readonly word: string;
  readonly label: string;
  readonly used: boolean;
  /** Font Awesome icon (`fa-check`…). */
  readonly icon: string;
  readonly press: "toggle" | "report" | "image";
}

/**
 * A mark: a worded badge (with a tooltip when the word is short) or an icon named by `label`.
 * `lead`: on an `inline` row it goes before the pips (shock's acting mark).
 */
export interface TrackerMark {
  readonly label: string;
  readonly icon: string;
  readonly tone: Tone;
  readonly look: "badge" | "icon";
  readonly tooltip?: string;
  readonly lead?: boolean;
}

/** A button: in the row's state line (`row`) or among Foundry's combatant controls (`control`). */
export interface TrackerButton {
  readonly action: string;
  readonly icon: string;
  readonly label: string;
  readonly data?: Readonly<Record<string, string>>;
}

/**
 * A row's place in one of the round's orders (a phases round's Movement and Battle orders, shown
 * side by side): the short text shown ("Mv 3"), its full name read aloud and as tooltip
 * ("Movement order: 3rd"), and whether it is the order being played now.
 */
export interface TrackerOrder {
  readonly id: string;
  readonly text: string;
  readonly label: string;
  readonly current: boolean;
}

export interface TrackerRowView {
  readonly id: string;
  /** The combatant acting now (`aria-current`, besides Foundry's colours). */
  readonly active: boolean;
  /** Pips above a status line (`stacked`), or pips, marks and buttons on one line (`inline`). */
  readonly layout: "stacked" | "inline";
  /** The pips' group name, read aloud. */
  readonly pipsLabel?: string;
  readonly pips: readonly TrackerPip[];
  /** The row's places in the round's orders, before its pips; none for most rulesets. */
  readonly orders?: readonly TrackerOrder[];
  readonly marks: readonly TrackerMark[];
  /** A line of text after the marks, ellipsized, its full text the status line's tooltip. */
  readonly note?: string;
  readonly buttons: readonly TrackerButton[];
  /** Reorder controls among Foundry's; null puts no slot there, [] an empty one (keeps columns). */
  readonly reorder: readonly TrackerButton[] | null;
}

/** A heading before a group's first shown row: its title and, for rolled groups, their state. */
export interface TrackerHeadingView {
  readonly beforeId: string;
  readonly group: string;
  /** `band`: a small capitalised label; `side`: a name over its state (a side, a phase). */
  readonly look: "band" | "side";
  readonly title: string;
  /** Marks, and plain text (`{ text }`, a roll's detail), in order. */
  readonly state: readonly (TrackerMark | { readonly text: string })[];
}

export interface TrackerView {
  readonly headings: readonly TrackerHeadingView[];
  readonly rows: readonly TrackerRowView[];
  /** The tracker's action for pips the viewer may flip (`data-action`). */
  readonly pipAction?: string;
}

/** What `spliceTracker` puts into Foundry's list. */
export interface TrackerInserts {
  readonly headings: readonly { readonly beforeId: string; readonly html: string }[];
  readonly rows: readonly {
    readonly id: string; readonly active: boolean; readonly state: string;
    readonly reorder: string | null;
  }[];
}

/**
 * Where group headings go among the rows Foundry rendered: before each rendered row whose group
 * differs from the last rendered row's. The tracker leaves out combatants hidden from the viewer
 * (client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext`), so a group whose
 * first combatant is hidden starts at its first shown one.
 * @param rows every combatant in turn order with its group
 * @param rendered ids of the rows present in the rendered list
 */
export function groupHeadings(
  rows: readonly { readonly id: string; readonly group: string }[], rendered: ReadonlySet<string>,
): { beforeId: string; group: string }[] {
  const out: { beforeId: string; group: string }[] = [];
  let last: string | null = null;
  for (const row of rows) {
    if (!rendered.has(row.id)) continue;
    if (row.group !== last) out.push({ beforeId: row.id, group: row.group });
    last = row.group;
  }
  return out;
}
