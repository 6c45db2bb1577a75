import type { Ruleset } from "../../engine/ruleset";
import { CHECK_DIE, INITIATIVE_DIE } from "./rules/constants";
import { AP_TURNS, compareTurns, DEFAULT_ECONOMY, type TurnEntry } from "./rules/turn-scheme";

/** The `action-points` ruleset's pure description (`004_2cc57162401858c9.txt`). */
export const ACTION_POINTS: Ruleset<TurnEntry> = {
  id: "action-points",
  label: "FRAY.ActionPoints.Ruleset",
  source: "004_2cc57162401858c9.txt",
  check: { dice: 1, faces: CHECK_DIE, edge: "bestOfTwo", resolution: "rollUnder" },
  initiative: {
    kind: "ranked", groups: [], compare: compareTurns, reroll: "never", tieDie: INITIATIVE_DIE,
  },
  economy: { onTurn: {}, offTurn: {}, substitutes: [], kind: "points", points: DEFAULT_ECONOMY },
  damage: ["roll", "levelMultiplier", "reactionMultiplier"],
  conditions: ["down", "grappled", "prone", "totalDefense", "flowState", "readied"],
  escalationDie: false,
  turns: AP_TURNS,
};
