import type { FoundryRuleset } from "../shell/ruleset-module";
import { ESCALATION_FOUNDRY } from "./escalation/foundry/install";
import { SHOCK_FOUNDRY } from "./shock/foundry/install";
import { ACTION_POINTS_FOUNDRY } from "./action-points/foundry/install";
import { PHASES_FOUNDRY } from "./phases/foundry/install";
import { WOUNDS_FOUNDRY } from "./wounds/foundry/install";

/**
 * Every ruleset's Foundry part, in the order of `RULESETS` (registry.ts). Kept apart from the
 * pure registry because these modules define Foundry document and application classes, which only
 * exist inside Foundry; the CLI, the bench and the build read the pure registry alone.
 */
export const FOUNDRY_RULESETS: readonly FoundryRuleset[] = [
  ESCALATION_FOUNDRY, SHOCK_FOUNDRY, ACTION_POINTS_FOUNDRY, PHASES_FOUNDRY, WOUNDS_FOUNDRY,
];
