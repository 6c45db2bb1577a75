import type { Band, TrackedAction } from "../../rules/constants";
import { isDead, type DeathTrack } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";

/**
 * The pure part of the combat tracker: where band headings go and each combatant's life mark
 * (`view/tracker-rows.ts` builds the rest of a row).
 * `rows` are the tracker's combatants in turn order.
 */
export interface TrackerRow {
  readonly id: string;
  readonly band: Band;
  readonly actions: Readonly<Record<TrackedAction, boolean>>;
}

/**
 * Ids of the rows that start a new band, with that band, among the rows the tracker rendered. The
 * tracker leaves out combatants hidden from the viewer (Foundry v13
 * client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext` skips those whose
 * `visible` is false), so a band whose first combatant is hidden starts at its first shown one.
 * @param rendered ids of the rows present in the rendered list
 */
export function bandHeadings(
  rows: readonly TrackerRow[], rendered: ReadonlySet<string>,
): { beforeId: string; band: Band }[] {
  const out: { beforeId: string; band: Band }[] = [];
  let last: Band | null = null;
  for (const row of rows) {
    if (!rendered.has(row.id)) continue;
    if (row.band !== last) out.push({ beforeId: row.id, band: row.band });
    last = row.band;
  }
  return out;
}

/**
 * The tracker's life mark for a combatant: dead, Last Gasp, Stabilised or Dying (with failures so
 * far), or null when none applies. Source: `000_c2dc3d650823e22d.txt` §Dying and Death.
 */
export function lifeMark(
  health: HealthState,
  death: DeathTrack,
  isPC: boolean,
): { kind: "dead" | "lastGasp" | "stabilized" | "dying"; failures: number } | null {
  if (!isPC) return health === "defeated" ? { kind: "dead", failures: 0 } : null;
  if (isDead(death)) return { kind: "dead", failures: death.failures };
  if (death.lastGasp) return { kind: "lastGasp", failures: death.failures };
  if (health !== "dying") return null;
  return { kind: death.stabilized ? "stabilized" : "dying", failures: death.failures };
}
