import {
  ShockAttackCardModel, ShockCharacterModel, ShockCombatantModel, ShockNpcModel, ShockWeaponModel,
} from "./models";

/**
 * shock's TypeDataModels by document name and subtype, as `init` registers them in
 * `CONFIG.<Document>.dataModels` in every world. Combatants keep Foundry's core `base` type, so
 * their model is registered for `base` only while shock is the world's ruleset (never declared in
 * the manifest: common/packages/sub-types.mjs rejects core types there).
 */
export const DATA_MODELS = {
  Actor: { shockCharacter: ShockCharacterModel, shockNpc: ShockNpcModel },
  Item: { shockWeapon: ShockWeaponModel },
  ChatMessage: { shockAttack: ShockAttackCardModel },
} as const;

/** The Combatant model: registered only while shock is the world's ruleset. */
export const COMBATANT_MODELS = { base: ShockCombatantModel } as const;
