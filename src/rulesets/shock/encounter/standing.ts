import { maxDamage } from "../rules/damage";
import { provoke } from "./provoke";
import { pay, type Context } from "./context";
import { armedForMelee, dualBonus, isUp, type Fighter } from "./fighter";
import { setProne } from "./position";
import { bestWeapon } from "./reactions";
import { strike, weakest } from "./strike";

/**
 * A prone fighter's turn begins on the ground (§Stand Up: a Move that provokes an Attack of
 * Opportunity from adjacent foes armed for melee; §Go Prone: +2 to their melee attacks on it, −4
 * to its own). The runner's choice:
 * - no armed foe next to it (or it Disengaged): stand up and carry on;
 * - the attacks of opportunity cannot drop it (the sum of their maximum damage is below its HP):
 *   stand up, take them, carry on;
 * - else a trained fighter (a PC or a disciplined NPC) Disengages (its Main) and stands up safely,
 *   and anyone else stays down and fights from the ground (melee while prone, −4).
 * @returns whether the turn goes on (false: it fought from the ground, Disengaged, or fell).
 */
export function getUp(ctx: Context, f: Fighter): boolean {
  let risk = 0;
  const foes: Fighter[] = [];
  for (let i = 0; i < f.engaged.size; i++) {
    const foe = f.engaged.itemAt(i);
    if (!isUp(foe)) continue;
    foes.push(foe);
    if (!armedForMelee(foe)) continue;
    const w = bestWeapon(ctx, foe, f, "melee");
    if (w) risk += maxDamage(foe.block, w, dualBonus(foe, w, 0));
  }
  if (!risk || f.budget.disengaged || risk < f.hp) return standUp(ctx, f);
  if (f.block.snapAttack && pay(ctx, f, "disengage")) {
    standUp(ctx, f);
    return false;
  }
  strike(ctx, f, weakest(foes), "meleeAttack");
  return false;
}

/** Stand Up (a Move): the attacks of opportunity land while it is still down. */
function standUp(ctx: Context, f: Fighter): boolean {
  if (!pay(ctx, f, "standUp")) return true;
  if (!provoke(ctx, f)) return false;
  setProne(ctx, f, false, "stood");
  return true;
}
