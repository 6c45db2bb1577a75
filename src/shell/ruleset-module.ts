/**
 * What a ruleset gives the Foundry shell. The entry point (`src/fray.ts`) registers every
 * ruleset's document data models in every world, so compendium documents of any ruleset stay
 * valid whichever one the world plays, and then installs only the active ruleset: its document
 * classes, combat rules, tracker, status effects, config, sheets and hooks.
 */
export type ModelDocument = "Actor" | "Item" | "ChatMessage";

/** A TypeDataModel class as `CONFIG.<Document>.dataModels` holds it. */
export type ModelClass = abstract new (...args: never[]) => unknown;

export interface FoundryRuleset {
  /** The ruleset id, as the world setting stores it (`escalation`). */
  readonly id: string;
  /** Document subtypes this ruleset owns, with their TypeDataModels (registered in every world). */
  readonly dataModels: Readonly<
    Partial<Record<ModelDocument, Readonly<Record<string, ModelClass>>>>
  >;
  /**
   * Installs the ruleset as the world's active one. Called once, during `init`, after the
   * settings and every ruleset's data models are registered, and before the GM relay starts.
   */
  install(): void;
}
