import type { Localize } from "../../../../engine/i18n";
import {
  groupHeadings, type TrackerMark, type TrackerView,
} from "../../../../shell/applications/tracker-rows";
import { TRACKED_ACTIONS, type Band, type TrackedAction } from "../../rules/constants";
import { isDead, type DeathTrack } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";

/**
 * What escalation adds to Foundry's combat tracker, for one viewer, in the shell's row model
 * (`shell/applications/tracker-rows.ts`; pure, so the browser test renders exactly what Foundry
 * shows): a heading before each band's first shown row, each combatant's actions as pips (a short
 * word, its state in the accessible name and tooltip, the GM's to flip), reorder arrows for
 * owners, and one status line that is always there (acting now, Dying, ambusher, who it is engaged
 * with), so a change of engagement never moves the rows. Source: `000_c2dc3d650823e22d.txt`
 * §Initiative (bands), §Actions, §Engagement, §Dying and Death.
 */
export interface TrackerRowInput {
  readonly id: string;
  readonly band: Band;
  readonly actions: Readonly<Record<TrackedAction, boolean>>;
  readonly isOwner: boolean;
  /** Whether this combatant's turn it is now. */
  readonly active: boolean;
  readonly health: HealthState;
  readonly death: DeathTrack;
  readonly isPC: boolean;
  readonly ambusher: boolean;
  /** Names of the foes it is engaged with, in the tracker's order. */
  readonly engaged: readonly string[];
}

/**
 * The tracker's life mark for a combatant: dead, Last Gasp, Stabilised or Dying (with failures so
 * far), or null when none applies. Source: `000_c2dc3d650823e22d.txt` §Dying and Death.
 */
export function lifeMark(
  health: HealthState, death: DeathTrack, isPC: boolean,
): { kind: "dead" | "lastGasp" | "stabilized" | "dying"; failures: number } | null {
  if (!isPC) return health === "defeated" ? { kind: "dead", failures: 0 } : null;
  if (isDead(death)) return { kind: "dead", failures: death.failures };
  if (death.lastGasp) return { kind: "lastGasp", failures: death.failures };
  if (health !== "dying") return null;
  return { kind: death.stabilized ? "stabilized" : "dying", failures: death.failures };
}

const LIFE_MARKS = {
  dying: { tone: "miss", icon: "fa-heart-pulse" },
  stabilized: { tone: "info", icon: "fa-hand-holding-medical" },
  lastGasp: { tone: "crit", icon: "fa-lungs" },
  dead: { tone: "neutral", icon: "fa-skull" },
} as const;

/**
 * The tracker's additions for the rows Foundry rendered.
 * @param rows every combatant in turn order
 * @param rendered ids of the rows present in the rendered list
 * @param listOf joins names as the world's language lists them (in Foundry,
 *   `game.i18n.getListFormatter()`)
 */
export function trackerView(
  rows: readonly TrackerRowInput[], rendered: ReadonlySet<string>,
  viewer: { readonly isGM: boolean }, listOf: (names: readonly string[]) => string, t: Localize,
): TrackerView {
  const badge = (label: string, look: { tone: TrackerMark["tone"]; icon: string }): TrackerMark =>
    ({ label, ...look, look: "badge" });
  const headings = groupHeadings(rows.map((r) => ({ id: r.id, group: r.band })), rendered);
  return {
    pipAction: "frayToggleAction",
    headings: headings.map((h) => ({
      ...h, look: "band", title: t(`FRAY.Band.${h.group}`), state: [],
    })),
    rows: rows.filter((row) => rendered.has(row.id)).map((row) => {
      const life = lifeMark(row.health, row.death, row.isPC);
      const marks: TrackerMark[] = [];
      const acting = { tone: "info", icon: "fa-play" } as const;
      if (row.active) marks.push(badge(t("FRAY.Tracker.Acting"), acting));
      if (life) {
        const label = t(`FRAY.Life.${life.kind}`, { failures: life.failures });
        marks.push(badge(label, LIFE_MARKS[life.kind]));
      }
      if (row.ambusher) {
        marks.push(badge(t("FRAY.Surprise.Marker"), { tone: "reaction", icon: "fa-user-ninja" }));
      }
      const arrow = (direction: -1 | 1, key: string, icon: string) =>
        ({ action: "frayShift", icon, label: t(key), data: { direction: String(direction) } });
      return {
        id: row.id, active: row.active, layout: "stacked", pipsLabel: t("FRAY.Combat.ActionsUsed"),
        marks, buttons: [],
        ...(row.engaged.length
          ? { note: t("FRAY.Engagement.With", { names: listOf(row.engaged) }) } : {}),
        reorder: row.isOwner ? [
          arrow(-1, "FRAY.Combat.MoveUp", "fa-caret-up"),
          arrow(1, "FRAY.Combat.MoveDown", "fa-caret-down"),
        ] : [],
        pips: TRACKED_ACTIONS.map((action) => {
          const used = row.actions[action];
          const label = t(used ? "FRAY.Tracker.PipUsed" : "FRAY.Tracker.PipLeft",
            { action: t(`FRAY.Action.${action}`) });
          return {
            id: action, word: t(`FRAY.Tracker.Pip.${action}`), label, used,
            icon: used ? "fa-xmark" : "fa-check", press: viewer.isGM ? "toggle" : "report",
          } as const;
        }),
      };
    }),
  };
}
