/**
 * Fray's entry point (the one ES module in system.json). At `init` it registers the world
 * settings, every ruleset's document data models and sheets (so documents of any ruleset stay
 * valid in every world and open there, read-only when their ruleset is not the world's), installs
 * the ruleset the world plays, and starts the GM relay.
 */
import "../styles/fray.scss";
import "./types/config";
import { startRelay } from "./shell/relay/gm-relay";
import { installCardRuntime } from "./shell/cards/install";
import { activeRulesetId, registerSettings } from "./shell/setup/settings";
import { registerSwitchNotice } from "./shell/setup/ruleset-switch";
import { setActiveRuleset } from "./shell/setup/active-ruleset";
import { registerRulesetSheets } from "./shell/applications/sheets";
import type { ModelDocument } from "./shell/ruleset-module";
import { RULESETS } from "./rulesets/registry";
import { FOUNDRY_RULESETS } from "./rulesets/foundry-registry";

Hooks.once("init", () => {
  registerSettings(RULESETS.map((r) => ({ id: r.id, label: r.label })));
  for (const ruleset of FOUNDRY_RULESETS) {
    for (const [document, models] of Object.entries(ruleset.dataModels)) {
      const config = CONFIG[document as ModelDocument] as unknown as { dataModels: Record<string, unknown> };
      Object.assign(config.dataModels, models);
    }
  }
  const id = activeRulesetId(FOUNDRY_RULESETS.map((r) => r.id));
  const active = FOUNDRY_RULESETS.find((r) => r.id === id) ?? FOUNDRY_RULESETS[0];
  if (!active) return;
  setActiveRuleset(active.id);
  registerRulesetSheets(FOUNDRY_RULESETS);
  active.install();
  installCardRuntime();
  registerSwitchNotice(active);
  startRelay();
});
