import type { Localize } from "../../../engine/i18n";
import { PIP_ACTION } from "./row-html";
import {
  groupHeadings, type TrackerButton, type TrackerMark, type TrackerPip, type TrackerRowView,
  type TrackerView,
} from "../../../engine/view/tracker/row-model";
import type {
  EconomyDeclaration, EconomyPip, RowContext, TrackerEntry, TrackerInput, TrackerRowsDeclaration,
  TrackerWords,
} from "../../../engine/view/tracker/rows-declaration";

/**
 * The economy's pips for one viewer: a slot's short word, its name with its state (the
 * declaration's `states`), its icon, and whether this viewer flips it (the GM, when the ruleset
 * lets the GM flip slots), sees it report (everyone else) or sees a named image; a pool's word with
 * its points (`FRAY.Tracker.PoolWord`), its name with them (`FRAY.Tracker.Pool`), never flipped.
 */
export function economyPips<E, I>(
  economy: EconomyDeclaration<E, I>, pips: readonly EconomyPip[], isGM: boolean, t: Localize,
): TrackerPip[] {
  const { states, icons } = economy;
  const press = economy.flip === "none" ? "image" : isGM ? "toggle" : "report";
  return pips.map((pip): TrackerPip => {
    const action = t(pip.name);
    if ("value" in pip) {
      const used = pip.value <= 0;
      return {
        id: pip.id, used, word: t("FRAY.Tracker.PoolWord", { word: t(pip.word), value: pip.value }),
        label: t("FRAY.Tracker.Pool", { action, value: pip.value, max: pip.max }),
        icon: used ? icons.used : icons.pool ?? icons.left,
        press: press === "toggle" ? "report" : press,
      };
    }
    return {
      id: pip.id, word: t(pip.word), used: pip.used, press,
      label: t(pip.used ? states.used : states.left, { action }),
      icon: pip.used ? icons.used : icons.left,
    };
  });
}

/** Earlier/later controls for an owner, an empty slot for anyone else, none when not declared. */
function reorderOf<E extends TrackerEntry, I extends TrackerInput<E>>(
  rows: TrackerRowsDeclaration<E, I>, entry: E, t: Localize,
): TrackerButton[] | null {
  const reorder = rows.reorder;
  if (!reorder) return null;
  if (!entry.isOwner) return [];
  const arrow = (direction: -1 | 1, key: string, icon: string): TrackerButton =>
    ({ action: reorder.action, icon, label: t(key), data: { direction: String(direction) } });
  return [arrow(-1, reorder.earlier, "fa-caret-up"), arrow(1, reorder.later, "fa-caret-down")];
}

function rowView<E extends TrackerEntry, I extends TrackerInput<E>>(
  rows: TrackerRowsDeclaration<E, I>, entry: E, row: RowContext<I>,
): TrackerRowView {
  const { t } = row.words;
  const acting = rows.acting;
  const marks: TrackerMark[] = row.active && acting ? [{ ...acting, label: t(acting.label) }] : [];
  marks.push(...(rows.marks?.(entry, row) ?? []));
  const economy = rows.economy;
  const note = rows.note?.(entry, row);
  const orders = rows.orders?.(entry, row);
  return {
    id: entry.id, active: row.active, layout: rows.layout,
    ...(economy?.label ? { pipsLabel: t(economy.label) } : {}),
    pips: economy ? economyPips(economy, economy.pips(entry, row), row.input.viewer.isGM, t) : [],
    ...(orders?.length ? { orders } : {}),
    marks,
    ...(note ? { note } : {}),
    buttons: [...(rows.buttons?.(entry, row) ?? [])],
    reorder: reorderOf(rows, entry, t),
  };
}

/**
 * What the tracker adds to Foundry's list for one viewer, from a ruleset's declared rows: a
 * heading before each group's first rendered row, and a row view for each rendered row (rows
 * Foundry did not draw for this viewer are left out). Pure; the tracker (`app.ts`) and the browser
 * tests call it alike.
 */
export function trackerView<E extends TrackerEntry, I extends TrackerInput<E>>(
  rows: TrackerRowsDeclaration<E, I>, input: I, words: TrackerWords,
): TrackerView {
  const groups = rows.groups;
  const keyed = groups
    ? input.entries.map((entry) => ({ id: entry.id, group: groups.key(entry, input) })) : [];
  return {
    pipAction: PIP_ACTION,
    headings: groupHeadings(keyed, input.rendered).map((h) => ({
      ...h, ...groups!.heading(h.group, input, words),
    })),
    rows: input.entries.flatMap((entry, index) => {
      if (!input.rendered.has(entry.id)) return [];
      const active = input.started && input.turn === index;
      return [rowView(rows, entry, { input, index, active, words })];
    }),
  };
}
