import type { FrayActor } from "../rulesets/escalation/foundry/documents/actor";
import type { FrayItem } from "../rulesets/escalation/foundry/documents/item";
import type { FrayCombat } from "../rulesets/escalation/foundry/documents/combat";
import type { FrayCombatant } from "../rulesets/escalation/foundry/documents/combatant";

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
  interface FrayCombatFlags {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */
}

/**
 * Tells fvtt-types about Fray's document classes, subtypes, settings and flags. The document
 * classes are escalation's, the first ruleset's: every ruleset's documents are those classes' shape
 * at the type level (the active ruleset's `install()` sets the runtime classes).
 */
declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
    Combat: typeof FrayCombat;
    Combatant: typeof FrayCombatant;
  }
  // Merged declarations must repeat the type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: FrayActor;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredItem<SubType extends Item.SubType> {
    document: FrayItem;
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
  }
  interface FlagConfig {
    Combat: { fray: FrayCombatFlags };
  }
}
export {};
