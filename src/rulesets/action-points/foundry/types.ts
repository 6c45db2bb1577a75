import type {
  ActionPointsAttackCardModel, ActionPointsCharacterModel, ActionPointsNpcModel,
  ActionPointsSpellModel, ActionPointsWeaponModel,
} from "./data/models";

/** action-points' subtypes and Combat flags, merged into Fray's type configuration (src/types). */
declare global {
  interface FrayActorModels {
    actionPointsCharacter: typeof ActionPointsCharacterModel;
    actionPointsNpc: typeof ActionPointsNpcModel;
  }
  interface FrayItemModels {
    actionPointsWeapon: typeof ActionPointsWeaponModel;
    actionPointsSpell: typeof ActionPointsSpellModel;
  }
  interface FrayChatMessageModels {
    actionPointsAttack: typeof ActionPointsAttackCardModel;
  }
  interface FrayCombatFlags {
    /** The combatants the GM marked as surprisers (the surprise round's marks). */
    surprisers?: string[];
  }
}
export {};
