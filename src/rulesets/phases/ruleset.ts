import type { Ruleset } from "../../engine/ruleset";
import { PHASES_STEPPED_DIE } from "../../engine/dice/mixed-pool";
import {
  ATTACK_DICE, ATTACK_FACES, CONDITION_IDS, INITIATIVE_TIE_DIE, MAX_EDGE,
} from "./rules/constants";
import { compareTurns, PHASES_ECONOMY, PHASES_TURNS, type TurnEntry } from "./rules/turn-scheme";

/** The `phases` ruleset's pure description (`003_d18720f6cd315cc2.txt`). */
export const PHASES: Ruleset<TurnEntry> = {
  id: "phases",
  label: "FRAY.Phases.Ruleset",
  source: "003_d18720f6cd315cc2.txt",
  check: {
    dice: ATTACK_DICE, faces: ATTACK_FACES, edge: "steppedDie", resolution: "meetOrBeat",
    edgeCap: MAX_EDGE, stepped: PHASES_STEPPED_DIE,
  },
  initiative: {
    kind: "phases", groups: ["initiative", "movement", "battle", "end"], compare: compareTurns,
    reroll: "eachRound", tieDie: INITIATIVE_TIE_DIE,
  },
  economy: {
    onTurn: { movement: 1, battle: 1 }, offTurn: { opportunityAttack: Infinity }, substitutes: [],
    kind: "slots", slots: PHASES_ECONOMY,
  },
  damage: ["roll", "missDamage"],
  conditions: [...CONDITION_IDS, "down", "defeated", "seized", "defending", "disengaged"],
  escalationDie: false,
  saveAt: "roundEnd",
  turns: PHASES_TURNS,
};
