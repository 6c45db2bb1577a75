import { RULESETS, RULESET_IDS } from "../rules/rulesets";

/** World settings. Only implemented rulesets are offered. */
export function registerSettings(): void {
  game.settings!.register("fray", "ruleset", {
    name: "FRAY.Ruleset.Label",
    hint: "FRAY.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "escalation",
    choices: Object.fromEntries(RULESET_IDS.map((id) => [id, RULESETS[id].label])) as Record<"escalation", string>,
    requiresReload: true,
  });
}
