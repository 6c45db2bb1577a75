import { TRACKED_ACTIONS, type Band, type TrackedAction } from "../rules/escalation/constants";

/**
 * The pure part of the combat tracker: where band headings go and what each row's action pips say.
 * `rows` are the tracker's combatants in turn order.
 */
export interface TrackerRow {
  readonly id: string;
  readonly band: Band;
  readonly actions: Readonly<Record<TrackedAction, boolean>>;
}

/** Ids of the rows that start a new band, with that band. */
export function bandHeadings(rows: readonly TrackerRow[]): { beforeId: string; band: Band }[] {
  const out: { beforeId: string; band: Band }[] = [];
  let last: Band | null = null;
  for (const row of rows) {
    if (row.band !== last) out.push({ beforeId: row.id, band: row.band });
    last = row.band;
  }
  return out;
}

/** One pip per tracked action: its label key and whether it is spent. */
export function actionPips(row: TrackerRow): { action: TrackedAction; labelKey: string; used: boolean }[] {
  return TRACKED_ACTIONS.map((action) => ({ action, labelKey: `FRAY.Action.${action}`, used: row.actions[action] }));
}

