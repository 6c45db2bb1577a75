/**
 * World settings. The ruleset setting offers only implemented rulesets (the entry point passes
 * them in) and needs a reload: the ruleset decides what `init` installs.
 * @param rulesets each ruleset's id and the localization key of its name; the first is the default.
 */
export function registerSettings(rulesets: readonly { id: string; label: string }[]): void {
  game.settings!.register("fray", "ruleset", {
    name: "FRAY.Ruleset.Label",
    hint: "FRAY.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    default: rulesets[0]?.id ?? "",
    choices: Object.fromEntries(rulesets.map((r) => [r.id, r.label])),
    requiresReload: true,
  });
  // The ruleset the world played at its last start, so a switch can be reported once.
  game.settings!.register("fray", "lastRuleset", {
    scope: "world", config: false, type: String, default: "",
  });
  // The version each card type's records were migrated to (shell/cards/migration.ts).
  game.settings!.register("fray", "cardRecords", {
    scope: "world", config: false, type: Object, default: {},
  });
  // The version encounters' turn ledgers were seeded to (shell/combat/ledger-migration.ts).
  game.settings!.register("fray", "combatLedger", {
    scope: "world", config: false, type: Number, default: 0,
  });
  // The version combats' kept combatant fields were moved to (shell/combat/kept-migration.ts).
  game.settings!.register("fray", "keptEconomy", {
    scope: "world", config: false, type: Number, default: 0,
  });
}

/**
 * The ruleset the world plays: the setting's value when it names one of `ids`, else the first
 * (a world whose stored ruleset was removed keeps working on the default).
 */
export function activeRulesetId(ids: readonly string[]): string {
  const stored = String(game.settings!.get("fray", "ruleset") ?? "");
  return ids.includes(stored) ? stored : (ids[0] ?? "");
}
