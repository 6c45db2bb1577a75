import { readFileSync } from "node:fs";
import { localizerFor } from "../../src/engine/i18n";
import { mergeLang } from "../../scripts/lib/lang";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration, TrackerWords,
} from "../../src/engine/view/tracker/rows-declaration";

/**
 * The tracker rows of the three rulesets still to come, declared on the shell's tracker as each
 * would (the words are test strings, not the rulesets' own): action-points' AP, RP and FP pools
 * (`004_2cc57162401858c9.txt`), wounds' AA, MA and two BA slots (`001_dbc5fcc02a99a518.txt`), and a
 * phases round's phase heading with each row's places in the Movement and Battle orders side by
 * side (`003_d18720f6cd315cc2.txt` §Combat Round). The unit test checks what they build; the
 * browser test renders them in Foundry's tracker.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
export const futureWords: TrackerWords = {
  t: localizerFor(mergeLang(shared, {
    FRAY: {
      Test: {
        AP: "AP", RP: "RP", FP: "FP", ActionPoints: "Action Points",
        ReactionPoints: "Reaction Points", FlowPoints: "Flow Points", AA: "AA", MA: "MA", BA: "BA",
        AttackAction: "Attack action", MoveAction: "Move action", BonusAction: "Bonus action",
        Used: "{action}: spent", Left: "{action}: ready", Phase: "{phase} phase",
        Movement: "Movement", Battle: "Battle", LowestFirst: "lowest first", Acting: "Acting",
        Economy: "Economy", MovementPlace: "Movement order: {place}",
        BattlePlace: "Battle order: {place}", MovementShort: "Mv {place}",
        BattleShort: "Bt {place}",
      },
    },
  }, "test")),
  listOf: (names) => names.join(", "),
};

const STATES = { used: "FRAY.Test.Used", left: "FRAY.Test.Left" };
const ACTING = { label: "FRAY.Test.Acting", icon: "fa-play", tone: "crit", look: "icon", lead: true } as const;

/** An action-points combatant: its points now. */
export interface PoolsEntry extends TrackerEntry {
  readonly ap: number;
  readonly rp: number;
  readonly fp: number;
}

export const POOL_ROWS: TrackerRowsDeclaration<PoolsEntry, TrackerInput<PoolsEntry>> = {
  layout: "inline",
  acting: ACTING,
  economy: {
    label: "FRAY.Test.Economy",
    pips: (e) => [
      { id: "ap", word: "FRAY.Test.AP", name: "FRAY.Test.ActionPoints", value: e.ap, max: 5 },
      { id: "rp", word: "FRAY.Test.RP", name: "FRAY.Test.ReactionPoints", value: e.rp, max: 2 },
      { id: "fp", word: "FRAY.Test.FP", name: "FRAY.Test.FlowPoints", value: e.fp, max: 2 },
    ],
    states: STATES,
    icons: { used: "fa-circle", left: "fa-circle-dot", pool: "fa-coins" },
    flip: "gm",
  },
};

/** A wounds combatant: the ids of its slots spent this turn. */
export interface SlotsEntry extends TrackerEntry {
  readonly used: readonly string[];
}

const WOUND_SLOTS = [
  ["aa", "AA", "AttackAction"], ["ma", "MA", "MoveAction"],
  ["ba1", "BA", "BonusAction"], ["ba2", "BA", "BonusAction"],
] as const;

export const SLOT_ROWS: TrackerRowsDeclaration<SlotsEntry, TrackerInput<SlotsEntry>> = {
  layout: "stacked",
  acting: { ...ACTING, tone: "info", look: "badge" },
  economy: {
    pips: (e) => WOUND_SLOTS.map(([id, word, name]) =>
      ({ id, word: `FRAY.Test.${word}`, name: `FRAY.Test.${name}`, used: e.used.includes(id) })),
    states: STATES,
    icons: { used: "fa-xmark", left: "fa-check" },
    flip: "gm",
  },
};

/** A phases combatant: its places in the round's Movement and Battle orders. */
export interface PlacedEntry extends TrackerEntry {
  readonly movement: number;
  readonly battle: number;
}

export interface PhaseInput extends TrackerInput<PlacedEntry> {
  readonly phase: "movement" | "battle";
}

export const PHASE_ROWS: TrackerRowsDeclaration<PlacedEntry, PhaseInput> = {
  layout: "inline",
  acting: ACTING,
  groups: {
    key: (_e, input) => input.phase,
    heading: (phase, _input, { t }) => ({
      look: "side",
      title: t("FRAY.Test.Phase", { phase: t(`FRAY.Test.${phase === "movement" ? "Movement" : "Battle"}`) }),
      state: phase === "movement" ? [{ text: t("FRAY.Test.LowestFirst") }] : [],
    }),
  },
  orders: (e, { input, words: { t } }) => (["movement", "battle"] as const).map((order) => {
    const name = order === "movement" ? "Movement" : "Battle";
    return {
      id: order, text: t(`FRAY.Test.${name}Short`, { place: e[order] }),
      label: t(`FRAY.Test.${name}Place`, { place: e[order] }), current: input.phase === order,
    };
  }),
};
