import type {
  TrackerButton, TrackerHeadingView, TrackerInserts, TrackerMark, TrackerOrder, TrackerPip,
  TrackerRowView, TrackerView,
} from "../../../engine/view/tracker/row-model";

/**
 * The row model (`row-model.ts`) as HTML: pure, so the browser tests render exactly what the
 * tracker splices into Foundry's list. Every string arrives localized and is escaped here.
 */

/** The tracker's action for a pip the viewer may flip (the shell tracker runs it: `app.ts`). */
export const PIP_ACTION = "frayTogglePip";

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

/** A place in an order, named by its label (the one being played marked `current`). */
function orderHtml(order: TrackerOrder): string {
  return `<span class="fray-order${order.current ? " current" : ""}" role="img" aria-label="${
    e(order.label)}" data-tooltip="${e(order.label)}" data-order="${e(order.id)}">${
    e(order.text)}</span>`;
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
 * `inline` row puts its leading marks before the pips, all on one line. Places in orders, if any,
 * come before the pips.
 * @param pipAction the tracker's action for pips the viewer may flip
 */
export function rowStateHtml(row: TrackerRowView, pipAction = PIP_ACTION): string {
  const group = row.pipsLabel ? ` role="group" aria-label="${e(row.pipsLabel)}"` : "";
  const pips = `<div class="fray-pips"${group}>${
    row.pips.map((p) => pipHtml(p, pipAction)).join("")}</div>`;
  const tip = row.note ? ` data-tooltip="${e(row.note)}"` : "";
  const note = row.note ? `<span class="fray-row-note">${e(row.note)}</span>` : "";
  const leads = row.layout === "inline" ? row.marks.filter((m) => m.lead) : [];
  const rest = row.marks.filter((m) => !leads.includes(m));
  const line = `<div class="fray-status-line"${tip}>${rest.map(markHtml).join("")}${note}${
    row.buttons.map((b) => buttonHtml(b, "row")).join("")}</div>`;
  const orders = row.orders?.length
    ? `<span class="fray-orders">${row.orders.map(orderHtml).join("")}</span>` : "";
  return `<div class="fray-turn-state fray-turn-state--${row.layout}">${
    leads.map(markHtml).join("")}${orders}${row.pips.length ? pips : ""}${line}</div>`;
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
