import type {
  AbilityCardModel,
  AbilityModel,
  AttackCardModel,
  CharacterModel,
  CombatantModel,
  NpcModel,
  WeaponModel,
} from "./data/models";
import type { FRAY_CONFIG } from "../play/views/labels";

/** escalation's subtypes and Combat flags, merged into Fray's type configuration (src/types). */
declare global {
  /** escalation's label maps (`play/views/labels.ts`), set by its install(). */
  interface CONFIG {
    FRAY: typeof FRAY_CONFIG;
  }
  interface FrayActorModels {
    escalationCharacter: typeof CharacterModel;
    escalationNpc: typeof NpcModel;
  }
  interface FrayItemModels {
    escalationWeapon: typeof WeaponModel;
    escalationAbility: typeof AbilityModel;
  }
  interface FrayChatMessageModels {
    escalationAttack: typeof AttackCardModel;
    escalationAbility: typeof AbilityCardModel;
  }
  // Combatants keep Foundry's `base` type; the active ruleset registers its model (install()).
  interface FrayCombatantModels {
    base: typeof CombatantModel;
  }
  interface FrayCombatFlags {
    escalationOffset?: number;
    ambush?: boolean;
    /** The GM's engagement overrides on top of token adjacency (pair keys). */
    engagement?: { added: string[]; removed: string[] };
    /** Combatant ids acting in the surprise round. */
    surprise?: string[];
  }
}
export {};
