import type {
  ShockAttackCardModel, ShockCharacterModel, ShockNpcModel, ShockWeaponModel,
} from "./data/models";

/** shock's subtypes and Combat flags, merged into Fray's type configuration (src/types). */
declare global {
  interface FrayActorModels {
    shockCharacter: typeof ShockCharacterModel;
    shockNpc: typeof ShockNpcModel;
  }
  interface FrayItemModels {
    shockWeapon: typeof ShockWeaponModel;
  }
  interface FrayChatMessageModels {
    shockAttack: typeof ShockAttackCardModel;
  }
  interface FrayCombatFlags {
    /** The sides caught unawares (the surprise round's marks). */
    surprised?: string[];
    /** The Morale score the GM set on NPC groups (chat/morale-score.ts); GM-only writes. */
    moraleScores?: { group: string; score: number }[];
  }
}
export {};
