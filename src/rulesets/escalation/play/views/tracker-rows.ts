import type { TrackerMark } from "../../../../engine/view/tracker/row-model";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../../../engine/view/tracker/rows-declaration";
import { TRACKED_ACTIONS, type Band, type TrackedAction } from "../../rules/constants";
import { isDead, type DeathTrack } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";

/**
 * escalation's rows in the shell's tracker (pure, so the browser test renders exactly what Foundry
 * shows): a heading before each band's first shown row, each combatant's actions as pips (the
 * GM's to flip), reorder arrows for owners, and one status line that is always there (acting now,
 * Dying, ambusher, who it is engaged with), so a change of engagement never moves the rows.
 * Source: `000_c2dc3d650823e22d.txt` §Initiative (bands), §Actions, §Engagement, §Dying and
 * Death.
 */
export interface EscalationEntry extends TrackerEntry {
  readonly band: Band;
  readonly actions: Readonly<Record<TrackedAction, boolean>>;
  readonly health: HealthState;
  readonly death: DeathTrack;
  readonly isPC: boolean;
  readonly ambusher: boolean;
  /** Names of the foes it is engaged with, in the tracker's order. */
  readonly engaged: readonly string[];
}

export type EscalationTrackerInput = TrackerInput<EscalationEntry>;

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

export const ESCALATION_ROWS: TrackerRowsDeclaration<EscalationEntry, EscalationTrackerInput> = {
  layout: "stacked",
  groups: {
    key: (entry) => entry.band,
    heading: (band, _input, { t }) => ({ look: "band", title: t(`FRAY.Band.${band}`), state: [] }),
  },
  acting: { label: "FRAY.Tracker.Acting", icon: "fa-play", tone: "info", look: "badge" },
  economy: {
    label: "FRAY.Combat.ActionsUsed",
    pips: (entry) => TRACKED_ACTIONS.map((action) => ({
      id: action, word: `FRAY.Tracker.Pip.${action}`, name: `FRAY.Action.${action}`,
      used: entry.actions[action],
    })),
    states: { used: "FRAY.Tracker.PipUsed", left: "FRAY.Tracker.PipLeft" },
    icons: { used: "fa-xmark", left: "fa-check" },
    flip: "gm",
  },
  marks: (entry, { words: { t } }) => {
    const marks: TrackerMark[] = [];
    const life = lifeMark(entry.health, entry.death, entry.isPC);
    if (life) {
      const label = t(`FRAY.Life.${life.kind}`, { failures: life.failures });
      marks.push({ label, ...LIFE_MARKS[life.kind], look: "badge" });
    }
    if (entry.ambusher) {
      const label = t("FRAY.Surprise.Marker");
      marks.push({ label, tone: "reaction", icon: "fa-user-ninja", look: "badge" });
    }
    return marks;
  },
  note: (entry, { words: { t, listOf } }) => (entry.engaged.length
    ? t("FRAY.Engagement.With", { names: listOf(entry.engaged) }) : undefined),
  reorder: { action: "frayShift", earlier: "FRAY.Combat.MoveUp", later: "FRAY.Combat.MoveDown" },
};
