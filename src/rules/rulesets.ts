import { BANDS } from "./escalation/constants";
import { CONDITION_IDS } from "./escalation/conditions";
import type { Ruleset } from "./core/ruleset";
import { compareBands, type BandEntry } from "./escalation/initiative";

/**
 * The rulesets a world can pick. Only implemented rulesets are listed (no placeholders): the world
 * setting's choices and the encounter command's `--ruleset` read this list.
 */
export const ESCALATION: Ruleset<BandEntry> = {
  id: "escalation",
  label: "FRAY.Ruleset.escalation",
  source: "000_c2dc3d650823e22d.txt",
  check: { dice: 3, faces: 6, edge: "extraDieKeep" },
  initiative: { kind: "bands", groups: BANDS, compare: compareBands },
  economy: { onTurn: { standard: 1, move: 1, quick: 1 }, offTurn: { interrupt: 1 }, substitutes: [["standard", "move"], ["move", "quick"]] },
  damage: ["roll", "critDouble", "resistHalve", "subtract"],
  conditions: CONDITION_IDS,
  escalationDie: true,
};

export const RULESETS = { escalation: ESCALATION } as const;
export type RulesetId = keyof typeof RULESETS;
export const RULESET_IDS = Object.keys(RULESETS) as RulesetId[];
