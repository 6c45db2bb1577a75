/**
 * What a ruleset gives the Foundry shell. The entry point (`src/fray.ts`) registers every
 * ruleset's document data models and sheets in every world, so documents of any ruleset stay
 * valid and open whichever one the world plays (an inactive ruleset's read-only), and then
 * installs only the active ruleset: its document classes, combat rules, tracker, status effects,
 * config and hooks.
 */
export type ModelDocument = "Actor" | "Item" | "ChatMessage";

/** A TypeDataModel class as `CONFIG.<Document>.dataModels` holds it. */
export type ModelClass = abstract new (...args: never[]) => unknown;

/** A sheet a ruleset registers for some of its subtypes (as the default, in every world). */
export interface SheetRegistration {
  readonly document: "Actor" | "Item";
  /** The AppV2 sheet class; it must render without the ruleset's `install()`. */
  readonly sheet: unknown;
  readonly types: readonly string[];
  /** The localization key of the sheet's name in Foundry's sheet-config dialog. */
  readonly label: string;
}

/** One sheet as `sheetRegistrations` reads it: its document, class, subtypes and label's name. */
export type SheetRow = readonly ["Actor" | "Item", unknown, readonly string[], string];

/**
 * A ruleset's sheet registrations from one row each, the label's key `${prefix}.${name}`
 * (`FRAY.Wounds.Sheet` + `Character`).
 */
export function sheetRegistrations(prefix: string, rows: readonly SheetRow[]):
  SheetRegistration[] {
  return rows.map(([document, sheet, types, name]) =>
    ({ document, sheet, types: [...types], label: `${prefix}.${name}` }));
}

export interface FoundryRuleset {
  /** The ruleset id, as the world setting stores it (`escalation`). */
  readonly id: string;
  /** Document subtypes this ruleset owns, with their TypeDataModels (registered in every world). */
  readonly dataModels: Readonly<
    Partial<Record<ModelDocument, Readonly<Record<string, ModelClass>>>>
  >;
  /**
   * The sheets of its Actor and Item subtypes, registered in every world: a document of a ruleset
   * the world does not play opens in its own ruleset's sheet, read-only (shell/applications/
   * ruleset-view.ts).
   */
  readonly sheets: readonly SheetRegistration[];
  /**
   * Installs the ruleset as the world's active one. Called once, during `init`, after the
   * settings and every ruleset's data models are registered, and before the GM relay starts.
   */
  install(): void;
}
