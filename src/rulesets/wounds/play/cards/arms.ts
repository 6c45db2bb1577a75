import type { Statblock, Weapon } from "../../rules/statblock";

/**
 * What a card's item is on its attacker now: a weapon, or an attack spell rolled as a ranged
 * weapon of the spell's damage (§Spell Casting: "the method of dealing damage varies depending on
 * the weapon or spell"); null when the attacker has neither by that id (or the spell deals none).
 */
export function armsOf(block: Statblock, itemId: string):
  { readonly weapon: Weapon | null; readonly spell: boolean; readonly improvement: number } {
  const weapon = block.weapons.find((w) => w.id === itemId);
  if (weapon) return { weapon, spell: false, improvement: 0 };
  const spell = block.spells.find((s) => s.id === itemId);
  if (!spell?.damage) return { weapon: null, spell: false, improvement: 0 };
  return {
    weapon: { id: spell.id, name: spell.name, kind: "ranged", damage: spell.damage }, spell: true,
    improvement: spell.improvement,
  };
}
