import { STANCES, type DieSize, type Stance } from "./constants";

/**
 * The damage die of each stance. A basic attack deals "X x Level + Volition, where X is the damage
 * die indicated by your stance", and switching stances is switching weapons (a Quick action), so
 * each stance has its own die: the character sheet's stance die for the stance it is in, and for
 * the other stance the die of that stance's weapon (an equipped one first, else the first listed);
 * with no weapon for it, the sheet's die (nothing says otherwise).
 * Source: `000_c2dc3d650823e22d.txt` §Basic Attacks, §Action Types (Quick: "switching
 * stances/weapons"); RULINGS.md §escalation Basic attacks.
 * @param mode the stance on the sheet; `die` its die.
 * @param weapons the character's weapons, in item order.
 * @returns the die of each stance.
 */
export function stanceDiceOf(
  mode: Stance,
  die: DieSize,
  weapons: readonly { readonly stance: Stance; readonly die: DieSize; readonly equipped: boolean }[],
): Readonly<Record<Stance, DieSize>> {
  const dice: Record<Stance, DieSize> = { melee: die, ranged: die };
  for (const stance of STANCES) {
    if (stance === mode) continue;
    const own = weapons.filter((w) => w.stance === stance);
    const weapon = own.find((w) => w.equipped) ?? own[0];
    if (weapon) dice[stance] = weapon.die;
  }
  return dice;
}
