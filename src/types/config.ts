import type { FrayActor } from "../rulesets/escalation/foundry/documents/actor";
import type { FrayItem } from "../rulesets/escalation/foundry/documents/item";
import type { FrayCombat } from "../rulesets/escalation/foundry/documents/combat";
import type { FrayCombatant } from "../rulesets/escalation/foundry/documents/combatant";
import type { AbilityCardModel, AbilityModel, AttackCardModel, CharacterModel, CombatantModel, NpcModel, WeaponModel } from "../rulesets/escalation/foundry/data/models";
import type {
  ShockAttackCardModel, ShockCharacterModel, ShockNpcModel, ShockWeaponModel,
} from "../rulesets/shock/foundry/data/models";

/** Tells fvtt-types about Fray's document classes, subtypes, settings and flags. */
declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
    Combat: typeof FrayCombat;
    Combatant: typeof FrayCombatant;
  }
  // Merged declarations must repeat the type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: FrayActor;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ConfiguredItem<SubType extends Item.SubType> {
    document: FrayItem;
  }
  interface DataModelConfig {
    Actor: {
      escalationCharacter: typeof CharacterModel; escalationNpc: typeof NpcModel;
      shockCharacter: typeof ShockCharacterModel; shockNpc: typeof ShockNpcModel;
    };
    Item: { escalationWeapon: typeof WeaponModel; escalationAbility: typeof AbilityModel; shockWeapon: typeof ShockWeaponModel };
    Combatant: { base: typeof CombatantModel };
    ChatMessage: {
      escalationAttack: typeof AttackCardModel;
      escalationAbility: typeof AbilityCardModel;
      shockAttack: typeof ShockAttackCardModel;
    };
  }
  interface SettingConfig {
    "fray.ruleset": string;
    "fray.lastRuleset": string;
  }
  interface FlagConfig {
    Combat: {
      fray: {
        escalationOffset?: number;
        ambush?: boolean;
        /** Turn starts, ends and round starts already processed (see `turn-ledger.ts`). */
        turnLedger?: string[];
        /** The GM's engagement overrides on top of token adjacency (pair keys). */
        engagement?: { added: string[]; removed: string[] };
        /** Combatant ids acting in the surprise round. */
        surprise?: string[];
        /** shock: the sides caught unawares, the last round reset, turn starts handled. */
        surprised?: string[];
        roundReset?: number;
        turnStarts?: string[];
      };
    };
  }
}
export {};
