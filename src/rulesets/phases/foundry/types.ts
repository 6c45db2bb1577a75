import type {
  PhasesActivatableModel, PhasesAttackCardModel, PhasesAttackModel, PhasesCharacterModel,
  PhasesMovementModel, PhasesNpcModel,
} from "./data/models";

/** phases' subtypes, merged into Fray's type configuration (src/types). */
declare global {
  interface FrayActorModels {
    phasesCharacter: typeof PhasesCharacterModel;
    phasesNpc: typeof PhasesNpcModel;
  }
  interface FrayItemModels {
    phasesAttack: typeof PhasesAttackModel;
    phasesMovement: typeof PhasesMovementModel;
    phasesActivatable: typeof PhasesActivatableModel;
  }
  interface FrayChatMessageModels {
    phasesAttack: typeof PhasesAttackCardModel;
  }
}
export {};
