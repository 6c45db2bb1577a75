import { comparePlaced, type PlacedEntry } from "../../../engine/initiative/placed-entry";
import type { SlotEconomy } from "../../../engine/economy/slots";
import type { RankedEntry, RollEntry } from "../../../engine/initiative/ranked";
import type { RoundStep, TurnScheme } from "../../../engine/turns/scheme";
import { PHASES_INITIATIVE } from "./initiative";
import { rollInitiativePlan } from "../../../engine/initiative/ranked";

/**
 * A combatant as phases' turn order reads it: its place (engine `PlacedEntry`) in this round's
 * initiative, before seizing.
 */
export type TurnEntry = PlacedEntry;

/** The placed first, by place, then name and id (engine `comparePlaced`). */
export const compareTurns = comparePlaced;

/** The mark a seizer carries: first to move, last to fight (`stepOrders`' `markedLast`). */
export const SEIZE_MARK = "seize";

/**
 * The four steps of a round: Initiative and End have no turns; Movement goes lowest first (the
 * initiative order reversed, seizers first) and Battle highest first (seizers last). The engine's
 * `stepOrders` over these steps equals its `phaseOrders` (tested).
 */
export const PHASE_STEPS: readonly RoundStep[] = [
  { id: "initiative", order: "none" },
  { id: "movement", order: "reversed", markedLast: SEIZE_MARK },
  { id: "battle", order: "initiative", markedLast: SEIZE_MARK },
  { id: "end", order: "none" },
];

/**
 * A round's economy as the engine's slots: one movement power in the Movement phase and one
 * Battle action in the Battle phase, both back at the round's start; Delay costs nothing (it
 * moves the turn), an opportunity attack is free and off the turn. Which phase a slot is spent in
 * is the phase's own rule (each turn belongs to one phase). Source: `003_d18720f6cd315cc2.txt`
 * §Movement Phase, §Battle Actions; RULINGS.md §phases Opportunity attack.
 */
export const PHASES_ECONOMY: SlotEconomy = {
  slots: { movement: { count: 1, refill: "round" }, battle: { count: 1, refill: "round" } },
  actions: {
    move: { when: "turn", options: [{ movement: 1 }] },
    attack: { when: "turn", options: [{ battle: 1 }] },
    activateItem: { when: "turn", options: [{ battle: 1 }] },
    defend: { when: "turn", options: [{ battle: 1 }] },
    disengage: { when: "turn", options: [{ battle: 1 }] },
    delay: { when: "turn", options: [{}] },
    opportunityAttack: { when: "offTurn", options: [{}] },
  },
};

/**
 * phases' turn scheme: every combatant rolls 2d6 + INT + AGI in each round's Initiative phase,
 * ties rolled off on a d6 (`PHASES_INITIATIVE`); four phases a round with a turn each in the
 * Movement and Battle phases; the round's slots; no groups; no surprise round (the text has none).
 * Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative Phase, §Movement Phase, §Battle
 * Phase, §End Phase; RULINGS.md §phases Round, Initiative phase, Seizing.
 */
export const PHASES_TURNS: TurnScheme<TurnEntry, RollEntry, RankedEntry[]> = {
  initiative: {
    by: "combatant", reroll: "eachRound",
    plan: (units) => rollInitiativePlan(units, PHASES_INITIATIVE),
  },
  compare: compareTurns,
  steps: PHASE_STEPS,
  economy: { kind: "slots", slots: PHASES_ECONOMY },
  groups: { kind: "none", names: [] },
};
