import {
  ActionPointsAttackCardModel, ActionPointsCharacterModel, ActionPointsNpcModel,
  ActionPointsSpellModel, ActionPointsWeaponModel,
} from "./models";

/**
 * action-points' TypeDataModels by document name and subtype, as `init` registers them in
 * `CONFIG.<Document>.dataModels` in every world.
 */
export const DATA_MODELS = {
  Actor: {
    actionPointsCharacter: ActionPointsCharacterModel, actionPointsNpc: ActionPointsNpcModel,
  },
  Item: { actionPointsWeapon: ActionPointsWeaponModel, actionPointsSpell: ActionPointsSpellModel },
  ChatMessage: { actionPointsAttack: ActionPointsAttackCardModel },
} as const;
