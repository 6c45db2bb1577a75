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
    /** The sides caught unawares, the last round reset, turn starts handled. */
    surprised?: string[];
    roundReset?: number;
    turnStarts?: string[];
    /** The Morale score the GM set on NPC groups (chat/morale-score.ts); GM-only writes. */
    moraleScores?: { group: string; score: number }[];
  }
}
export {};
