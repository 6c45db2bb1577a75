import type {
  WoundsAttackCardModel, WoundsCharacterModel, WoundsFeatModel, WoundsNpcModel, WoundsSpellModel,
  WoundsWeaponModel,
} from "./data/models";

/** wounds' subtypes and Combat flags, merged into Fray's type configuration (src/types). */
declare global {
  interface FrayActorModels {
    woundsCharacter: typeof WoundsCharacterModel;
    woundsNpc: typeof WoundsNpcModel;
  }
  interface FrayItemModels {
    woundsWeapon: typeof WoundsWeaponModel;
    woundsSpell: typeof WoundsSpellModel;
    woundsFeat: typeof WoundsFeatModel;
  }
  interface FrayChatMessageModels {
    woundsAttack: typeof WoundsAttackCardModel;
  }
  interface FrayCombatFlags {
    /** The combatants the GM marked as having started the fight (they go last). */
    initiators?: string[];
  }
}
export {};
