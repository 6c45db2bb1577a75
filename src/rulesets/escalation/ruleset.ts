import type { Ruleset } from "../../engine/ruleset";
import { BANDS } from "./rules/constants";
import { CONDITION_IDS } from "./rules/conditions";
import { compareBands, type BandEntry } from "./rules/initiative";
import { ESCALATION_TURNS } from "./rules/turn-scheme";

/** The `escalation` ruleset's pure description (`000_c2dc3d650823e22d.txt`). */
export const ESCALATION: Ruleset<BandEntry> = {
  id: "escalation",
  label: "FRAY.Ruleset.escalation",
  source: "000_c2dc3d650823e22d.txt",
  check: { dice: 3, faces: 6, edge: "extraDieKeep" },
  initiative: { kind: "bands", groups: BANDS, compare: compareBands },
  economy: {
    onTurn: { standard: 1, move: 1, quick: 1 },
    offTurn: { interrupt: 1 },
    substitutes: [["standard", "move"], ["move", "quick"]],
  },
  damage: ["roll", "critDouble", "resistHalve", "subtract"],
  conditions: CONDITION_IDS,
  escalationDie: true,
  turns: ESCALATION_TURNS,
};
