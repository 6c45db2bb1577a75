import { comparePlaced, type PlacedEntry } from "../../../engine/initiative/placed-entry";
import type { RollEntry, RankedEntry } from "../../../engine/initiative/ranked";
import { ONE_PASS, type TurnScheme } from "../../../engine/turns/scheme";
import { AP_PER_ROUND, FP_AT_START, RP_FULL } from "./constants";
import { initiativePlan } from "./initiative";
import { apEconomy } from "./pools";

/**
 * A combatant as action-points' turn order reads it: its place (engine `PlacedEntry`), the
 * rolled order, changed only when a readied action fires (`readiedOrder`).
 */
export type TurnEntry = PlacedEntry;

/** The placed first, by place, then name and id (engine `comparePlaced`). */
export const compareTurns = comparePlaced;

/** The economy a combatant has unless its abilities raise its pools (`apEconomy`). */
export const DEFAULT_ECONOMY = apEconomy({
  pools: { ap: AP_PER_ROUND, rp: RP_FULL, fp: FP_AT_START },
});

/**
 * action-points' turn scheme: each combatant rolls 1d10 + Agility modifier once for the encounter,
 * ties re-rolled among the tied (`initiativePlan`); one ordered pass a round; AP, RP and FP as
 * point pools refilled, lost and decaying at the combatant's own turn edges; no groups; a surprise
 * round in which only the marked surprisers act. Source: `004_2cc57162401858c9.txt` §Initiative,
 * §Round Structure, §Actions/Turn Cheat Sheet, §Surprise Attacks; RULINGS.md §action-points.
 */
export const AP_TURNS: TurnScheme<TurnEntry, RollEntry, RankedEntry[]> = {
  initiative: {
    by: "combatant", reroll: "never",
    plan: (units) => initiativePlan(units.map((u) => ({ id: u.id, agilityModifier: u.modifier }))),
  },
  compare: compareTurns,
  steps: ONE_PASS,
  economy: { kind: "points", points: DEFAULT_ECONOMY },
  groups: { kind: "none", names: [] },
  surprise: { marks: "actors", unit: "combatant" },
};
