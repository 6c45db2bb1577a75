import type { TrackerMark } from "../../../../engine/view/tracker/row-model";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../../../engine/view/tracker/rows-declaration";
import type { KeptSource } from "../data/kept-spec";

/**
 * wounds' rows in the shell's tracker (`shell/applications/tracker/`; pure, so the browser test
 * splices exactly what the tracker does): the acting mark; the turn's actions left as pips in the
 * text's order (Attack Action, Move Action, Bonus Actions) and the round's Free Hit Slots left; a
 * summon's first round and its bonus purchases as marks; before the fight starts, the GM's toggle
 * marking who started it (it goes last). Source: `001_dbc5fcc02a99a518.txt` §Initiative/
 * Initiating, §Attack Action, §Move Action, §Bonus Actions, §Free Hits, §Summoning Sickness.
 */
export interface WoundsEntry extends TrackerEntry {
  readonly kept: KeptSource;
  readonly name: string;
  /** Its Bonus Actions a turn and Free Hit Slots a round now (null: another ruleset's actor). */
  readonly counts: { readonly bonus: number; readonly freeHit: number } | null;
  /** The GM marked it as having started the fight. */
  readonly initiator: boolean;
  /** A summon in its first round. */
  readonly sick: boolean;
  /** Its wounds now. */
  readonly wounds: number;
}

export type WoundsInput = TrackerInput<WoundsEntry>;

type Pip = { id: string; word: string; name: string; value: number; max: number };

/** The pips of a started fight's row: each action left of its count. */
function pips(e: WoundsEntry): Pip[] {
  if (!e.counts) return [];
  const pip = (id: string, value: number, max: number): Pip => ({
    id, word: `FRAY.Wounds.Slot.${id}`, name: `FRAY.Wounds.Slot.${id}Name`, value,
    max: Math.max(max, value),
  });
  return [
    pip("attack", e.kept.attack, 1), pip("move", e.kept.move, 1),
    pip("bonus", e.kept.bonus, e.counts.bonus), pip("freeHit", e.kept.freeHit, e.counts.freeHit),
  ];
}

export const WOUNDS_ROWS: TrackerRowsDeclaration<WoundsEntry, WoundsInput> = {
  layout: "stacked",
  acting: {
    label: "FRAY.Wounds.Combat.Acting", icon: "fa-play", tone: "crit", look: "icon", lead: true,
  },
  economy: {
    label: "FRAY.Wounds.Combat.Slots",
    pips: (e, row) => (row.input.started ? pips(e) : []),
    states: { used: "FRAY.Wounds.Combat.SlotUsed", left: "FRAY.Wounds.Combat.SlotLeft" },
    icons: { used: "fa-circle", left: "fa-circle-dot", pool: "fa-hand-fist" },
    flip: "none",
  },
  marks: (e, row) => {
    const t = row.words.t;
    const marks: TrackerMark[] = [];
    if (e.wounds > 0) {
      const label = t("FRAY.Wounds.Combat.WoundCount", { count: e.wounds });
      marks.push({ label, icon: "fa-droplet", tone: "crit", look: "badge" });
    }
    if (row.input.started && e.sick) {
      marks.push({ label: t("FRAY.Wounds.Combat.Sick"), icon: "fa-hourglass-half", tone: "info",
        look: "icon" });
    }
    if (row.input.started && e.kept.purchases.length) {
      const label = t("FRAY.Wounds.Combat.Purchases", { count: e.kept.purchases.length });
      marks.push({ label, icon: "fa-cart-shopping", tone: "info", look: "icon" });
    }
    if (e.initiator) {
      const label = t("FRAY.Wounds.Combat.Initiator");
      marks.push({ label, icon: "fa-bolt", tone: "crit", look: "badge" });
    }
    return marks;
  },
  buttons: (e, row) => {
    if (row.input.started || !row.input.viewer.isGM) return [];
    const t = row.words.t;
    const key = e.initiator ? "FRAY.Wounds.Combat.Unmark" : "FRAY.Wounds.Combat.Mark";
    return [{ action: "woundsInitiator", icon: "fa-bolt", label: t(key, { name: e.name }) }];
  },
};
