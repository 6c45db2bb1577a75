import {
  PhasesActivatableModel, PhasesAttackCardModel, PhasesAttackModel, PhasesCharacterModel,
  PhasesMovementModel, PhasesNpcModel,
} from "./models";

/**
 * phases' TypeDataModels by document name and subtype, as `init` registers them in
 * `CONFIG.<Document>.dataModels` in every world. Its Combatants keep Foundry's own data.
 */
export const DATA_MODELS = {
  Actor: { phasesCharacter: PhasesCharacterModel, phasesNpc: PhasesNpcModel },
  Item: {
    phasesAttack: PhasesAttackModel, phasesMovement: PhasesMovementModel,
    phasesActivatable: PhasesActivatableModel,
  },
  ChatMessage: { phasesAttack: PhasesAttackCardModel },
} as const;

/** The Combatant models registered while phases is the world's ruleset: none. */
export const COMBATANT_MODELS = {} as const;
