import { ONE_PASS, type TurnScheme } from "../../../engine/turns/scheme";
import { ACTION_ECONOMY } from "./actions";
import { BANDS } from "./constants";
import { compareBands, type BandEntry } from "./initiative";
import { MAX_AMBUSHERS } from "./surprise";

/**
 * escalation's turn scheme: no initiative roll (a combatant's band places it: bands fastest first,
 * PCs before enemies in a band, then the order its group chose), one ordered pass a round, the
 * action slots of `ACTION_ECONOMY` (Standard, Move and Quick back at the turn's start, the
 * Interrupt at the round's), the five bands as tracker headings, and a surprise round in which up
 * to two marked ambushers act. Source: `000_c2dc3d650823e22d.txt` §Initiative Bands, §Actions,
 * §Surprise and Ambushes; RULINGS.md §escalation Surprise.
 */
export const ESCALATION_TURNS: TurnScheme<BandEntry> = {
  initiative: { by: "placed", reroll: "never" },
  compare: compareBands,
  steps: ONE_PASS,
  economy: { kind: "slots", slots: ACTION_ECONOMY },
  groups: { kind: "headings", names: BANDS },
  surprise: { marks: "actors", unit: "combatant", max: MAX_AMBUSHERS },
};
