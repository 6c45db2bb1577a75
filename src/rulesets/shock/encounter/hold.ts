import { MOVE_FEET } from "../rules/constants";
import { maxDamage } from "../rules/damage";
import type { Weapon } from "../rules/statblock";
import type { Context } from "./context";
import { isUp, prefersRange, type Fighter } from "./fighter";
import { distance, nearestFoe } from "./position";
import { bestWeapon, dualBonusOn, inMelee } from "./reactions";

/**
 * Hold an Action in a headless `shock` fight (a Move): the rest of the turn waits as an Instant
 * until the round ends; taken in response to another's action, it resolves first. The runner holds
 * where a careful fighter would:
 * - a melee fighter with no foe within a run (it could only reach one with a charge, −2 AC until
 *   the round ends) when a foe who acts later this round is coming at it (the foe's own tactics
 *   pick it: the nearest, then the weakest, and it can reach it): its blow lands first when that
 *   foe attacks, on a charger at its −2 AC (`wantsToHold`);
 * - a shooter whose foes still to act this round are all tied up (none free to come at it in
 *   melee): it holds its shot to answer the first attack that could drop an ally
 *   (`wantsToHoldShot`);
 * - a shooter with nothing it can shoot now waits for a foe to show itself (`turn.ts`).
 * A held action answers an attack on the holder, or one that could drop an ally, from an attacker
 * it can reach; one still waiting when the round ends is used then (`turn.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Hold An Action, §Charge; RULINGS.md §shock Held action.
 */
export function wantsToHold(ctx: Context, f: Fighter, foes: readonly Fighter[]): boolean {
  if (f.prone || f.engaged.size || f.grappling || f.grappledBy.size || prefersRange(f))
    return false;
  if (f.budget.main || f.budget.moves || !ctx.pending.size) return false;
  // An ally no further forward and weaker is always nearer or first for every foe's pick.
  for (const g of ctx.fighters) {
    if (g.party === f.party && g !== f && isUp(g) && g.advance >= f.advance && g.hp < f.hp)
      return false;
  }
  // Most turns after the first round, no foe is free to come: the cheap test first.
  let coming = false;
  for (const x of foes) if (comesToFight(ctx, x)) coming = true;
  if (!coming) return false;
  for (const x of foes) if (distance(ctx, f, x) <= MOVE_FEET) return false;
  const mine = ctx.fighters.filter((x) => x.party === f.party && isUp(x));
  for (const x of foes) {
    if (!comesToFight(ctx, x)) continue;
    if (nearestFoe(ctx, x, mine) === f && distance(ctx, x, f) <= 2 * MOVE_FEET) return true;
  }
  return false;
}

/** A foe who acts later this round and is free to close in melee (not engaged, held or down). */
function comesToFight(ctx: Context, x: Fighter): boolean {
  return ctx.pending.has(x.side) && !x.engaged.size && !x.grappling && !x.grappledBy.size &&
    !x.prone && !prefersRange(x);
}

/** A shooter holds its shot: foes act later this round, and none of them can come at it. */
export function wantsToHoldShot(ctx: Context, f: Fighter, foes: readonly Fighter[]): boolean {
  if (f.engaged.size || f.budget.main || f.budget.moves || !ctx.pending.size) return false;
  let later = false;
  for (const x of foes) {
    if (!ctx.pending.has(x.side)) continue;
    later = true;
    if (comesToFight(ctx, x) && distance(ctx, x, f) <= 2 * MOVE_FEET) return false;
  }
  return later;
}

/** Whether `f` still holds an action: it held this round and has not spent its Main. */
export const holds = (f: Fighter): boolean => f.budget.holding && !f.budget.main;

/**
 * The weapon `holder`'s held action answers `attacker`'s attack on `target` with (`weapon`):
 * when the attack is on the holder or could drop its ally, melee when next to the attacker, a shot
 * when no foe is next to the holder; null when it holds nothing, need not answer or cannot reach.
 */
export function heldWeapon(
  ctx: Context, holder: Fighter, attacker: Fighter, target: Fighter, weapon: Weapon,
): Weapon | null {
  if (!holds(holder) || !isUp(holder) || !isUp(attacker)) return null;
  if (target !== holder) {
    const dual = dualBonusOn(ctx, attacker, weapon, target);
    if (maxDamage(attacker.block, weapon, dual) < target.hp) return null;
  }
  if (holder.engaged.has(attacker.key)) return bestWeapon(ctx, holder, attacker, "melee");
  return inMelee(ctx, holder) ? null : bestWeapon(ctx, holder, attacker, "ranged");
}
