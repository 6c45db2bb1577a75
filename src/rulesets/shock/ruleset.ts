import type { Ruleset } from "../../engine/ruleset";
import { HEALTH_STATES } from "./rules/health";
import { SHOCK_TURNS } from "./rules/turn-scheme";

/** A combatant's place in side initiative: its side's rank (0 acts first) and its place in the side. */
export interface SideTurnEntry {
  readonly sideRank: number;
  readonly order: number;
}

/** Side first, then the order the side's players chose (§Combat Sequence: "in whatever order"). */
export function compareSideTurns(a: SideTurnEntry, b: SideTurnEntry): number {
  return a.sideRank - b.sideRank || a.order - b.order;
}

/** The `shock` ruleset's pure description (`002_5e27cdf788b28f5f.txt`). */
export const SHOCK: Ruleset<SideTurnEntry> = {
  id: "shock",
  label: "FRAY.Shock.Ruleset",
  source: "002_5e27cdf788b28f5f.txt",
  check: { dice: 1, faces: 20, edge: "none" },
  initiative: { kind: "sides", groups: ["party", "foes"], compare: compareSideTurns },
  economy: {
    onTurn: { main: 1, move: 1 },
    offTurn: { instant: Infinity },
    substitutes: [["main", "move"]],
  },
  damage: ["roll", "dualWield", "swarmCapped", "shockFloor", "subtract"],
  conditions: [...HEALTH_STATES, "grappled", "prone", "totalDefense", "screened", "charging", "disengaged"],
  escalationDie: false,
  turns: SHOCK_TURNS,
};
