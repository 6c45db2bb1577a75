import {
  WoundsAttackCardModel, WoundsCharacterModel, WoundsFeatModel, WoundsNpcModel, WoundsSpellModel,
  WoundsWeaponModel,
} from "./models";

/**
 * wounds' TypeDataModels by document name and subtype, as `init` registers them in
 * `CONFIG.<Document>.dataModels` in every world.
 */
export const DATA_MODELS = {
  Actor: { woundsCharacter: WoundsCharacterModel, woundsNpc: WoundsNpcModel },
  Item: {
    woundsWeapon: WoundsWeaponModel, woundsSpell: WoundsSpellModel, woundsFeat: WoundsFeatModel,
  },
  ChatMessage: { woundsAttack: WoundsAttackCardModel },
} as const;

/** The Combatant models registered while wounds is the world's ruleset: none. */
export const COMBATANT_MODELS = {} as const;
