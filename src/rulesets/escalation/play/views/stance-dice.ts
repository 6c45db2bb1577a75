import type { DieSize, Stance } from "../../rules/constants";
import type { DamageFormula } from "../../rules/damage";
import type { AbilitySource, CharacterSource, WeaponSource } from "../../rules/models";
import { stanceDiceOf } from "../../rules/stance";
import { abilityDamage, NPC_STANCE_DICE } from "../../rules/statblock";

/**
 * The die of each stance for an actor in Foundry, as its statblock has them (`stanceDiceOf`): a
 * character's sheet die for the stance it is in, the other stance's weapon's die (equipped first)
 * for the other; an NPC's d6 in either. A basic attack rolls the die of the stance it is made in
 * (a Basic Ranged Attack the ranged die, whatever stance the sheet shows). Pure: the sheets, the
 * item sheet and the attack roll read the same dice.
 * Source: `000_c2dc3d650823e22d.txt` §Basic Attacks, §Action Types; RULINGS.md §escalation Basic
 * attacks.
 */
export type StanceDice = Readonly<Record<Stance, DieSize>>;

/**
 * @param character a character's data (its stance and die), or null for an NPC.
 * @param weapons the actor's weapons' data, in item order.
 */
export function stanceDiceFor(
  character: Pick<CharacterSource, "stance"> | null,
  weapons: readonly WeaponSource[],
): StanceDice {
  if (!character) return NPC_STANCE_DICE;
  const die = Number(character.stance.die) as DieSize;
  return stanceDiceOf(
    character.stance.mode,
    die,
    weapons.map((w) => ({ stance: w.stance, die: Number(w.die) as DieSize, equipped: w.equipped })),
  );
}

/**
 * An ability's hit damage for an attacker with these stance dice: a basic attack's is Level dice
 * of its own stance's die + Volition (`abilityDamage`); other abilities' do not read the die.
 */
export function abilityDamageIn(ability: AbilitySource, dice: StanceDice): DamageFormula {
  return abilityDamage(ability, ability.basic === "none" ? dice.melee : dice[ability.basic]);
}
