/**
 * One row model for every ruleset's combat tracker, and its HTML (pure, so the browser test
 * splices exactly what the tracker does). A ruleset's view builder turns its combatants into a
 * `TrackerView`: a heading before each group's first shown row (escalation's bands, shock's sides:
 * a title and, for groups that roll, their state), and per row the economy as pips (a slot used or
 * left, a pool with its points), marks (acting now, Dying, Mortally Injured, ambusher…) as worded
 * badges or named icons, a note (who it is engaged with), buttons in its state line (act next) and
 * reorder controls among Foundry's own. Every string arrives localized. `trackerInserts` renders
 * it; `tracker-splice.ts` puts it into Foundry's tracker list
 * (templates/sidebar/tabs/combat/tracker.hbs).
 */

/** A badge's colours (`styles/_components.scss` `.fray-badge--*`). */
export type Tone = "hit" | "miss" | "crit" | "fumble" | "shock" | "reaction" | "info" | "neutral";

/**
 * A slot or a pool as a pip: its short word (a pool's shows its points), its full name with its
 * state ("Move: used": the accessible name and tooltip), and whether it is spent. `press`: the
 * viewer may flip it (a button running the tracker's `action` with `data-pip`), it only reports as
 * a disabled button (escalation's players see the GM's buttons, greyed), or it is a named image.
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

export interface TrackerRowView {
  readonly id: string;
  /** The combatant acting now (`aria-current`, besides Foundry's colours). */
  readonly active: boolean;
  /** Pips above a status line (`stacked`), or pips, marks and buttons on one line (`inline`). */
  readonly layout: "stacked" | "inline";
  /** The pips' group name, read aloud. */
  readonly pipsLabel?: string;
  readonly pips: readonly TrackerPip[];
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
  /** `band`: a small capitalised label; `side`: a name over its state. */
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

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const e = escapeHtml;
const icon = (name: string) => `<i class="fa-solid ${e(name)}" aria-hidden="true"></i>`;
const dataOf = (data: Readonly<Record<string, string>> = {}) =>
  Object.entries(data).map(([k, v]) => ` data-${e(k)}="${e(v)}"`).join("");

function pipHtml(pip: TrackerPip, action: string): string {
  const cls = `fray-pip${pip.used ? " used" : ""}`;
  // An image's content is not read (its label is); a button's word is hidden from readers, its
  // label read from the visually hidden text.
  if (pip.press === "image") {
    return `<span class="${cls}" role="img" aria-label="${e(pip.label)}" data-tooltip="${
      e(pip.label)}">${icon(pip.icon)}${e(pip.word)}</span>`;
  }
  const inner = `${icon(pip.icon)}<span aria-hidden="true">${e(pip.word)}</span>`;
  const press = pip.press === "toggle"
    ? ` data-action="${e(action)}" data-pip="${e(pip.id)}"` : ' aria-disabled="true"';
  return `<button type="button" class="${cls}" aria-pressed="${pip.used}" data-tooltip="${
    e(pip.label)}"${press}>${inner}<span class="fray-sr-only">${e(pip.label)}</span></button>`;
}

/** A mark as a badge (`.fray-badge`) or a named icon (`.fray-mark`). */
export function markHtml(mark: TrackerMark): string {
  if (mark.look === "icon") {
    return `<span class="fray-mark fray-mark--${mark.tone}" role="img" aria-label="${
      e(mark.label)}" data-tooltip="${e(mark.tooltip ?? mark.label)}">${icon(mark.icon)}</span>`;
  }
  const tip = mark.tooltip ? ` data-tooltip="${e(mark.tooltip)}"` : "";
  return `<span class="fray-badge fray-badge--${mark.tone}"${tip}>${icon(mark.icon)}${
    e(mark.label)}</span>`;
}

function buttonHtml(b: TrackerButton, look: "row" | "control"): string {
  const label = e(b.label);
  return look === "control"
    ? `<button type="button" class="inline-control combatant-control icon fa-solid ${e(b.icon)}" `
      + `data-action="${e(b.action)}"${dataOf(b.data)} data-tooltip aria-label="${label}"></button>`
    : `<button type="button" class="fray-row-button" data-action="${e(b.action)}"${dataOf(b.data)} `
      + `aria-label="${label}" data-tooltip="${label}">${icon(b.icon)}</button>`;
}

/**
 * A row's state block, under the combatant's name: its pips, then a status line that is always
 * there (so a row keeps its height whatever it shows) with its marks, note and buttons; an
 * `inline` row puts its leading marks before the pips, all on one line.
 * @param pipAction the tracker's action for pips the viewer may flip
 */
export function rowStateHtml(row: TrackerRowView, pipAction = "frayTogglePip"): string {
  const group = row.pipsLabel ? ` role="group" aria-label="${e(row.pipsLabel)}"` : "";
  const pips = `<div class="fray-pips"${group}>${
    row.pips.map((p) => pipHtml(p, pipAction)).join("")}</div>`;
  const tip = row.note ? ` data-tooltip="${e(row.note)}"` : "";
  const note = row.note ? `<span class="fray-row-note">${e(row.note)}</span>` : "";
  const leads = row.layout === "inline" ? row.marks.filter((m) => m.lead) : [];
  const rest = row.marks.filter((m) => !leads.includes(m));
  const line = `<div class="fray-status-line"${tip}>${rest.map(markHtml).join("")}${note}${
    row.buttons.map((b) => buttonHtml(b, "row")).join("")}</div>`;
  return `<div class="fray-turn-state fray-turn-state--${row.layout}">${
    leads.map(markHtml).join("")}${row.pips.length ? pips : ""}${line}</div>`;
}

/** A row's reorder controls, or null for no slot. */
export function reorderHtml(row: TrackerRowView): string | null {
  if (row.reorder === null) return null;
  const buttons = row.reorder.map((b) => buttonHtml(b, "control")).join("");
  return `<span class="fray-reorder">${buttons}</span>`;
}

/** A group's heading, an `<li>` before its first shown row. */
export function headingHtml(h: TrackerHeadingView): string {
  const parts = h.state.map((p) => ("text" in p
    ? `<span class="fray-group-detail">${e(p.text)}</span>` : markHtml(p)));
  const state = parts.length ? `<div class="fray-group-state">${parts.join("")}</div>` : "";
  return `<li class="fray-group-heading fray-group-heading--${h.look}" data-group="${e(h.group)}">`
    + `<h4 class="fray-group-name">${e(h.title)}</h4>${state}</li>`;
}

/** The view rendered for `spliceTracker`. */
export function trackerInserts(view: TrackerView): TrackerInserts {
  return {
    headings: view.headings.map((h) => ({ beforeId: h.beforeId, html: headingHtml(h) })),
    rows: view.rows.map((row) => ({
      id: row.id, active: row.active, state: rowStateHtml(row, view.pipAction),
      reorder: reorderHtml(row),
    })),
  };
}
