import { weaponFromItem, type Weapon } from "../../rules/statblock";
import type { CharacterSource, NpcSource, WeaponSource } from "../../rules/models";
import type { ShockCard } from "../../play/cards/card-spec";
import type { CombatantSource } from "../../play/data/combatant-spec";

/**
 * Typed views of system data. The TypeDataModels' schemas are generated from the specs
 * (`models.ts`), so the data has exactly the spec's shape; this is the one place that says so.
 */
export const characterData = (system: unknown): CharacterSource => system as CharacterSource;
export const npcData = (system: unknown): NpcSource => system as NpcSource;
export const weaponData = (system: unknown): WeaponSource => system as WeaponSource;
export const combatantData = (system: unknown): CombatantSource => system as CombatantSource;
export const cardData = (system: unknown): ShockCard => system as ShockCard;

/** A weapon item as the rules read it (`weaponFromItem`), from its stored data. */
export function weaponOfItem(item: { toObject(): unknown }): Weapon {
  type ItemSource = { _id: string; name: string; system: Record<string, unknown> };
  return weaponFromItem(item.toObject() as ItemSource);
}
