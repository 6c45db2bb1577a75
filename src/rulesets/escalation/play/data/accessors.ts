import type {
  AbilitySource,
  CharacterSource,
  CombatantSource,
  NpcSource,
  WeaponSource,
} from "../../rules/models";
import type { AttackCard } from "../cards/card-spec";

/**
 * Typed views of document system data. The TypeDataModels' schemas are generated from the core's
 * specs (see `fields.ts`), so the data has exactly the spec's shape; this is the one place that
 * says so to the compiler.
 */
export const characterData = (system: unknown): CharacterSource => system as CharacterSource;
export const npcData = (system: unknown): NpcSource => system as NpcSource;
export const abilityData = (system: unknown): AbilitySource => system as AbilitySource;
export const weaponData = (system: unknown): WeaponSource => system as WeaponSource;
export const combatantData = (system: unknown): CombatantSource => system as CombatantSource;
export const cardData = (system: unknown): AttackCard => system as AttackCard;
