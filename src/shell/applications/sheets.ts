import type { FoundryRuleset } from "../ruleset-module";

/**
 * Registers a ruleset's sheet as the default for its subtypes, under Fray's scope
 * (`foundry.applications.apps.DocumentSheetConfig.registerSheet`, client/applications/apps/
 * document-sheet-config.mjs); typed loosely because fvtt-types wants the configured classes.
 * @param label the localization key of the sheet's name in the sheet-config dialog.
 */
export function registerDefaultSheet(
  document: typeof Actor | typeof Item, sheet: unknown, types: readonly string[], label: string,
): void {
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as {
    registerSheet(
      doc: unknown, scope: string, sheet: unknown,
      options: { types: string[]; makeDefault: boolean; label: string },
    ): void;
  };
  config.registerSheet(document, "fray", sheet, { types: [...types], makeDefault: true, label });
}

/**
 * Registers every ruleset's sheets for its subtypes, in every world: without them Foundry opens
 * another ruleset's documents in its bare BaseSheet (name and image only, editable;
 * client/documents/abstract/client-document.mjs `_getSheetClass`). An inactive ruleset's sheets
 * show its documents read-only (shell/applications/ruleset-view.ts).
 */
export function registerRulesetSheets(rulesets: readonly FoundryRuleset[]): void {
  for (const ruleset of rulesets) {
    for (const s of ruleset.sheets) {
      registerDefaultSheet(s.document === "Actor" ? Actor : Item, s.sheet, s.types, s.label);
    }
  }
}
