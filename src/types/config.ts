import type { FrayActorBase } from "../shell/documents/actor";
import type { FrayItemBase } from "../shell/documents/item";
import type { FrayCombatBase } from "../shell/documents/combat";
import type { FrayCombatantBase } from "../shell/documents/combatant";

/**
 * Fray's subtypes' data models and Combat flags, filled in by each ruleset: a ruleset's
 * `foundry/types.ts` merges its own members into these interfaces (declaration merging), so
 * adding a ruleset never edits this file.
 */
declare global {
  /* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by each ruleset */
  interface FrayActorModels {}
  interface FrayItemModels {}
  interface FrayChatMessageModels {}
  interface FrayCombatantModels {}
  interface FrayCombatFlags {
    /** Turn and round edges already processed (`shell/combat/turn-combat.ts`). */
    turnLedger?: string[];
    /** Each combatant's fields the GM trusts, by combatant id (`shell/combat/kept.ts`). */
    kept?: Record<string, Record<string, unknown>>;
    /** The last spend the GM made for a player, by combatant id (`shell/combat/kept-spend.ts`). */
    keptReceipts?: Record<string, unknown>;
  }
  /* eslint-enable @typescript-eslint/no-empty-object-type */
}

/**
 * Tells fvtt-types about Fray's document classes, subtypes, settings and flags. The document
 * classes are the shell's neutral bases (`src/shell/documents`), which every ruleset's own
 * classes extend, so a ruleset narrows a document to its class with a plain `as` (the active
 * ruleset's `install()` sets the runtime classes).
 */
declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FrayActorBase;
    Item: typeof FrayItemBase;
    Combat: typeof FrayCombatBase;
    Combatant: typeof FrayCombatantBase;
  }
  // Merged declarations must repeat the type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: FrayActorBase;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredItem<SubType extends Item.SubType> {
    document: FrayItemBase;
  }
  interface DataModelConfig {
    Actor: FrayActorModels;
    Item: FrayItemModels;
    Combatant: FrayCombatantModels;
    ChatMessage: FrayChatMessageModels;
  }
  interface SettingConfig {
    "fray.ruleset": string;
    "fray.lastRuleset": string;
    "fray.cardRecords": Record<string, number>;
    "fray.combatLedger": number;
    "fray.keptEconomy": number;
  }
  interface FlagConfig {
    Combat: { fray: FrayCombatFlags };
  }
}
export {};
