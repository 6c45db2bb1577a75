import { WOUND_THRESHOLD, type Aim } from "../rules/constants";
import type { Weapon } from "../rules/statblock";
import { enemiesOf, type Context } from "./context";
import { derivedOf, distance, type Fighter } from "./fighter";

/**
 * The simple tactics of a headless `wounds` fight, the same for every unit so fights replay:
 * - the target: the nearest enemy still in the fight, then the one with the fewest HP, then the
 *   first listed;
 * - the aim, chosen before the roll: center mass (+1 to hit) when the hit cannot reach a wound
 *   without a critical; fatal when an average hit wounds; otherwise the wound that hurts this
 *   target most — disrupting a shooter or caster, slowing a nimble one (Agility ≥ 2), weakening a
 *   strong one (Strength ≥ 2) — else center mass;
 * - how to fight: a unit that prefers its ranged weapon (or has an attack spell and the MP) stays
 *   and shoots; the others close in and strike.
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Attacking; RULINGS.md §wounds Aim.
 */

/** The target of `f`: nearest, then fewest HP, then first listed; null when none is left. */
export function pickTarget(ctx: Context, f: Fighter): Fighter | null {
  let bestF: Fighter | null = null;
  let bestD = 0;
  for (const e of enemiesOf(ctx, f)) {
    const d = distance(f.at, e.at);
    if (!bestF || d < bestD || (d === bestD && e.hp < bestF.hp)) {
      bestF = e;
      bestD = d;
    }
  }
  return bestF;
}

/** Whether a unit fights from afar: a ranged weapon it prefers, or an attack spell it can pay. */
export const shoots = (f: Fighter): boolean =>
  f.arms.prefersRange || (f.arms.attackSpell !== null && f.mp >= f.arms.attackSpell.mp);

const meanDice = (w: Pick<Weapon, "damage">) => (w.damage.dice * (w.damage.die + 1)) / 2;

/**
 * The aim of an attack by `f` on `target` with `weapon` (see the file's comment).
 * @param extraAttack the extra attack adds no Strength.
 */
export function chooseAim(
  ctx: Context, f: Fighter, target: Fighter, weapon: Pick<Weapon, "kind" | "damage">,
  extraAttack = false,
): Aim {
  const melee = weapon.kind === "melee";
  const flat = weapon.damage.bonus
    + (melee && !extraAttack ? derivedOf(f, ctx.round).strength : 0)
    + (melee ? f.bought.meleeDamageIn(ctx.round) : 0)
    - derivedOf(target, ctx.round).armor;
  const most = weapon.damage.dice * weapon.damage.die + flat;
  if (most < WOUND_THRESHOLD) return "centerMass";
  if (meanDice(weapon) + flat >= WOUND_THRESHOLD) return "fatal";
  if (shoots(target)) return "disrupting";
  const t = derivedOf(target, ctx.round);
  if (t.agility >= 2) return "slowing";
  if (t.strength >= 2) return "weakening";
  return "centerMass";
}
