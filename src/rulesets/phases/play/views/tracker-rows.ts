import type { TrackerMark, TrackerOrder } from "../../../../engine/view/tracker/row-model";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration, TrackerWords,
} from "../../../../engine/view/tracker/rows-declaration";
import type { KeptSource } from "../data/kept-spec";

/**
 * phases' rows in the shell's tracker (`shell/applications/tracker/`; pure, so the browser test
 * splices exactly what the tracker does). The list shows one phase's turns in that phase's order
 * (the Movement phase's while the round stands on its Initiative phase: they come next), under a
 * heading naming the phase and the four phases of the round with the current one marked; each row
 * shows its places in the Movement and Battle orders side by side (the current phase's marked),
 * the round's movement power and Battle action as pips, and a seizer's mark; in the Initiative
 * phase its owner's button seizes the initiative or gives it up. Source: `003_d18720f6cd315cc2.txt`
 * §Combat Round, §Initiative Phase, §Movement Phase; RULINGS.md §phases Round, Seizing.
 */
export interface PhasesEntry extends TrackerEntry {
  readonly name: string;
  readonly kept: KeptSource;
  /** It seized the initiative this round. */
  readonly seized: boolean;
  /** Its places (1 first) in this round's Movement and Battle orders; null until rolled. */
  readonly movement: number | null;
  readonly battle: number | null;
}

export interface PhasesInput extends TrackerInput<PhasesEntry> {
  /** The phase the round stands in (`initiative`, `movement`, `battle`), null before the start. */
  readonly step: string | null;
}

/**
 * Each combatant's place (1 first) in the Movement and Battle orders, from the round's turns laid
 * out (`count` turns a step: Movement's, then Battle's). A viewer who may not see hidden
 * combatants counts without them, so a place never tells of one.
 */
export function placesOf(
  turns: readonly { readonly id: string; readonly hidden: boolean }[], count: number,
  showHidden: boolean,
): Map<string, { movement?: number; battle?: number }> {
  const places = new Map<string, { movement?: number; battle?: number }>();
  const seen = { movement: 0, battle: 0 };
  turns.forEach((t, i) => {
    if (t.hidden && !showHidden) return;
    const step = i < count ? "movement" : "battle";
    const at = places.get(t.id) ?? {};
    at[step] = ++seen[step];
    places.set(t.id, at);
  });
  return places;
}

/** The round's four phases, in order (`rules/turn-scheme.ts` `PHASE_STEPS`). */
const PHASES = ["initiative", "movement", "battle", "end"] as const;

/** The heading's state: each phase named, the current one as a badge, the others as text. */
function phaseStrip(step: string | null, { t }: TrackerWords): (TrackerMark | { text: string })[] {
  return PHASES.map((p) => (p === step
    ? { label: t(`FRAY.Phases.Step.${p}`), icon: "fa-play", tone: "info", look: "badge" } as const
    : { text: t(`FRAY.Phases.Step.${p}`) }));
}

function order(
  id: "movement" | "battle", place: number | null, step: string | null, words: TrackerWords,
): TrackerOrder | null {
  if (place === null) return null;
  const name = words.t(`FRAY.Phases.Step.${id}`);
  return {
    id, text: words.t(`FRAY.Phases.Tracker.${id}Short`, { place: `${place}` }),
    label: words.t("FRAY.Phases.Tracker.Place", { phase: name, place: `${place}` }),
    current: step === id,
  };
}

export const PHASES_ROWS: TrackerRowsDeclaration<PhasesEntry, PhasesInput> = {
  layout: "stacked",
  groups: {
    key: (_entry, input) => input.step ?? "none",
    heading: (step, input, words) => ({
      look: "side",
      title: input.started
        ? words.t("FRAY.Phases.Tracker.Heading", {
          phase: words.t(`FRAY.Phases.Step.${step}`), round: `${input.round}`,
        })
        : words.t("FRAY.Phases.Tracker.NotStarted"),
      state: input.started ? phaseStrip(input.step, words) : [],
    }),
  },
  acting: {
    label: "FRAY.Phases.Tracker.Acting", icon: "fa-play", tone: "info", look: "icon", lead: true,
  },
  economy: {
    label: "FRAY.Phases.Tracker.Round",
    pips: (e, row) => (row.input.started
      ? (["movement", "battle"] as const).map((id) => ({
        id, word: `FRAY.Phases.Tracker.${id}Pip`, name: `FRAY.Phases.Tracker.${id}Slot`,
        used: e.kept[id] > 0,
      }))
      : []),
    states: { used: "FRAY.Phases.Tracker.SlotUsed", left: "FRAY.Phases.Tracker.SlotLeft" },
    icons: { used: "fa-xmark", left: "fa-check" },
    flip: "none",
  },
  orders: (e, row) => [
    order("movement", e.movement, row.input.step, row.words),
    order("battle", e.battle, row.input.step, row.words),
  ].filter((o): o is TrackerOrder => o !== null),
  marks: (e, row) => (e.seized
    ? [{ label: row.words.t("FRAY.Phases.Tracker.Seized"), icon: "fa-bolt", tone: "crit", look: "icon" }]
    : []),
  buttons: (e, row) => {
    if (row.input.step !== "initiative" || !e.isOwner || e.movement === null) return [];
    const key = e.seized ? "FRAY.Phases.Tracker.GiveUp" : "FRAY.Phases.Tracker.Seize";
    return [{ action: "phasesSeize", icon: "fa-bolt", label: row.words.t(key, { name: e.name }) }];
  },
};
