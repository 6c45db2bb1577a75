import {
  AbilityCardModel,
  AbilityModel,
  AttackCardModel,
  CharacterModel,
  CombatantModel,
  NpcModel,
  WeaponModel,
} from "./models";

/**
 * escalation's TypeDataModels by document name and subtype, as `init` registers them in
 * `CONFIG.<Document>.dataModels`. Combatants keep Foundry's core `base` type (the tracker creates
 * them without a type), so their model is registered for `base` and never declared in the manifest:
 * Foundry reserves core types there (common/packages/sub-types.mjs rejects the whole
 * `documentTypes` otherwise).
 */
export const DATA_MODELS = {
  Actor: { escalationCharacter: CharacterModel, escalationNpc: NpcModel },
  Item: { escalationWeapon: WeaponModel, escalationAbility: AbilityModel },
  ChatMessage: { escalationAttack: AttackCardModel, escalationAbility: AbilityCardModel },
} as const;

/** The Combatant model: registered only while escalation is the world's ruleset. */
export const COMBATANT_MODELS = { base: CombatantModel } as const;

type ModelConfig = Record<
  keyof typeof DATA_MODELS | "Combatant",
  { dataModels: Record<string, unknown> }
>;

/**
 * Registers every model in `config` (Foundry's `CONFIG`, or the Foundry tier's stand-in) as a
 * world playing escalation has them: its document models (which the entry point registers in
 * every world) and its Combatant model (which `install` registers).
 */
export function registerDataModels(config: ModelConfig): void {
  for (const [document, models] of Object.entries(DATA_MODELS)) {
    Object.assign(config[document as keyof typeof DATA_MODELS].dataModels, models);
  }
  Object.assign(config.Combatant.dataModels, COMBATANT_MODELS);
}
