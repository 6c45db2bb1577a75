import { TRACKED_ACTIONS, type Band, type TrackedAction } from "../../rules/constants";
import type { DeathTrack } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";
import { bandHeadings, lifeMark } from "../applications/tracker-view";

/**
 * What escalation adds to each row of Foundry's combat tracker, for one viewer (pure, so the
 * browser test renders exactly what Foundry shows): the actions left as pips (a short word, its
 * state in the accessible name and tooltip, `aria-pressed` when used), reorder arrows for owners,
 * and one status line that is always there (acting now, Dying, ambusher, who it is engaged with),
 * so a change of engagement never moves the rows. Band headings go before each band's first
 * shown row. Source: `000_c2dc3d650823e22d.txt` §Initiative (bands), §Actions, §Engagement.
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

export interface PipView {
  readonly action: TrackedAction;
  /** The short word shown (`FRAY.Tracker.Pip.<action>`) and the name (`FRAY.Action.<action>`). */
  readonly shortKey: string;
  readonly nameKey: string;
  /** "Move: used" / "Move: available": the accessible name and tooltip. */
  readonly stateKey: string;
  readonly used: boolean;
  /** The GM flips a pip to override what was spent; for others it only reports. */
  readonly toggles: boolean;
}

export interface MarkView {
  readonly key: string;
  readonly failures: number;
  readonly tone: string;
  readonly icon: string;
}

export interface TrackerRowView {
  readonly id: string;
  readonly active: boolean;
  readonly pips: readonly PipView[];
  readonly canReorder: boolean;
  readonly marks: readonly MarkView[];
  /** The engaged foes as one localized list ("" when none). */
  readonly engagedNames: string;
}

export interface TrackerView {
  readonly headings: readonly {
    readonly beforeId: string; readonly band: Band; readonly key: string;
  }[];
  readonly rows: readonly TrackerRowView[];
}

const LIFE_MARKS = {
  dying: { tone: "miss", icon: "fa-heart-pulse" },
  stabilized: { tone: "info", icon: "fa-hand-holding-medical" },
  lastGasp: { tone: "crit", icon: "fa-lungs" },
  dead: { tone: "neutral", icon: "fa-skull" },
} as const;
const ACTING = { tone: "info", icon: "fa-play" } as const;
const AMBUSHER = { tone: "reaction", icon: "fa-user-ninja" } as const;

/**
 * The tracker's additions for the rows Foundry rendered (combatants hidden from the viewer are
 * not rendered: client/applications/sidebar/tabs/combat-tracker.mjs `_prepareTrackerContext`).
 * @param rows every combatant in turn order
 * @param rendered ids of the rows present in the rendered list
 * @param listOf joins names as the world's language lists them (in Foundry,
 *   `game.i18n.getListFormatter()`)
 */
export function trackerView(
  rows: readonly TrackerRowInput[], rendered: ReadonlySet<string>,
  viewer: { readonly isGM: boolean }, listOf: (names: readonly string[]) => string,
): TrackerView {
  return {
    headings: bandHeadings(rows, rendered).map((h) => ({ ...h, key: `FRAY.Band.${h.band}` })),
    rows: rows.filter((row) => rendered.has(row.id)).map((row) => {
      const life = lifeMark(row.health, row.death, row.isPC);
      const mark = (key: string, failures: number, look: { tone: string; icon: string }) =>
        ({ key, failures, ...look });
      const marks: MarkView[] = [];
      if (row.active) marks.push(mark("FRAY.Tracker.Acting", 0, ACTING));
      if (life) marks.push(mark(`FRAY.Life.${life.kind}`, life.failures, LIFE_MARKS[life.kind]));
      if (row.ambusher) marks.push(mark("FRAY.Surprise.Marker", 0, AMBUSHER));
      return {
        id: row.id, active: row.active, canReorder: row.isOwner, marks,
        engagedNames: row.engaged.length ? listOf(row.engaged) : "",
        pips: TRACKED_ACTIONS.map((action) => ({
          action, used: row.actions[action], toggles: viewer.isGM,
          shortKey: `FRAY.Tracker.Pip.${action}`, nameKey: `FRAY.Action.${action}`,
          stateKey: row.actions[action] ? "FRAY.Tracker.PipUsed" : "FRAY.Tracker.PipLeft",
        })),
      };
    }),
  };
}
