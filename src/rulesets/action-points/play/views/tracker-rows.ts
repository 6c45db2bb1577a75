import type { TrackerMark } from "../../../../engine/view/tracker/row-model";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../../../engine/view/tracker/rows-declaration";
import type { Statblock } from "../../rules/statblock";
import type { KeptSource } from "../data/kept-spec";

/**
 * action-points' rows in the shell's tracker (`shell/applications/tracker/`; pure, so the browser
 * test splices exactly what the tracker does): one line a row with the acting mark, the three
 * pools as named counts ("AP: 3 of 5"), the round's marks (Total Defense, Flow State, surprised,
 * grappling) as named icons, and before the combat starts the GM's toggle marking a combatant as a
 * surpriser. Source: `004_2cc57162401858c9.txt` §Action Economy, §Surprise Attacks.
 */
export interface PoolsEntry extends TrackerEntry {
  readonly kept: KeptSource;
  /** What its pools refill to (its statblock's), or null for another ruleset's actor. */
  readonly pools: Statblock["pools"] | null;
  /** The GM marked it as a surpriser. */
  readonly surpriser: boolean;
  readonly name: string;
}

export type PoolsInput = TrackerInput<PoolsEntry>;

const MARKS: readonly [keyof KeptSource, string, string][] = [
  ["totalDefense", "FRAY.ActionPoints.Mark.totalDefense", "fa-shield-halved"],
  ["flowState", "FRAY.ActionPoints.Mark.flowState", "fa-water"],
  ["surprised", "FRAY.ActionPoints.Mark.surprised", "fa-eye-slash"],
  ["grappling", "FRAY.ActionPoints.Mark.grappled", "fa-hands-holding"],
];

export const AP_ROWS: TrackerRowsDeclaration<PoolsEntry, PoolsInput> = {
  layout: "stacked",
  acting: {
    label: "FRAY.ActionPoints.Combat.Acting", icon: "fa-play", tone: "crit", look: "icon",
    lead: true,
  },
  economy: {
    label: "FRAY.ActionPoints.Combat.Pools",
    pips: (e, row) => {
      const full = e.pools;
      if (!full || !row.input.started) return [];
      return (["ap", "rp", "fp"] as const).map((id) => ({
        id, word: `FRAY.ActionPoints.Pool.${id}`, name: `FRAY.ActionPoints.Pool.${id}Name`,
        value: e.kept[id], max: id === "fp" ? Math.max(full.fp, e.kept.fp) : full[id],
      }));
    },
    states: {
      used: "FRAY.ActionPoints.Combat.PoolEmpty", left: "FRAY.ActionPoints.Combat.PoolLeft",
    },
    icons: { used: "fa-circle", left: "fa-circle-dot", pool: "fa-coins" },
    flip: "none",
  },
  marks: (e, row) => {
    const t = row.words.t;
    const marks: TrackerMark[] = [];
    for (const [field, key, icon] of MARKS) {
      const on = field === "grappling" ? Boolean(e.kept.grappling || e.kept.grappledBy.length)
        : Boolean(e.kept[field]);
      if (on && row.input.started) marks.push({ label: t(key), icon, tone: "info", look: "icon" });
    }
    if (e.surpriser && (!row.input.started || row.input.round === 1)) {
      const label = t("FRAY.ActionPoints.Combat.Surpriser");
      marks.push({ label, icon: "fa-bolt", tone: "crit", look: "badge" });
    }
    return marks;
  },
  buttons: (e, row) => {
    if (row.input.started || !row.input.viewer.isGM) return [];
    const t = row.words.t;
    const key = e.surpriser ? "FRAY.ActionPoints.Combat.Unmark" : "FRAY.ActionPoints.Combat.Mark";
    return [{ action: "apSurpriser", icon: "fa-bolt", label: t(key, { name: e.name }) }];
  },
};
