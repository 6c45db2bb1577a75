import type { AttackPower, MovementPower } from "../rules/statblock";
import { foesUp, type Context } from "./context";
import type { Square } from "./events";
import { apart, squares } from "./field";
import { has, mayMove, type Fighter } from "./fighter";
import { chargeLine, walkAway, walkToward } from "./paths";

/**
 * How a headless `phases` fighter plays, simply and the same way every time:
 * - it seizes the initiative only when it would rather shoot, is hurt to half its HP, a foe stands
 *   next to it and it may move (to step away before the foes move);
 * - in the Movement phase a shooter hurt to half with a foe next to it Shifts away when one
 *   square clears it of every foe, else (or when hurt to a quarter) Disengages; unhurt, it shoots
 *   where it stands (a ranged power has no penalty next to a foe); one out of range walks until
 *   in range; a melee fighter next to a foe stays, unless that is its only foe next to it and a
 *   shooter no ally of its own stands next to is within a Walk (it goes for the shooter, leaving
 *   its square all the same: one opportunity attack); else it Charges the nearest foe when a
 *   straight line reaches it, else Walks, Hustles or (when neither reaches, and it has nothing to
 *   shoot with) Runs toward it;
 * - in the Battle phase it heals or cures itself with an item when hurt to a third or bearing what
 *   the item ends; a shooter Disengages when hurt to a quarter with a foe next to it; else it
 *   attacks with the power that scores best (mean damage, four more for each of its conditions
 *   the target lacks) the weakest foe in reach (more foes for a power of several targets), after
 *   Delaying for an ally still to act that can make that foe Exposed; with no attack, it Defends.
 * Source: `003_d18720f6cd315cc2.txt` §Initiative Phase, §Movement Phase, §Battle Actions.
 */

/** How many foes stand next to `f`. */
function foesNextTo(ctx: Context, f: Fighter): number {
  let n = 0;
  for (const e of foesUp(ctx, f.side)) if (apart(e, f) === 1) n++;
  return n;
}

/** Whether a foe stands next to `f`. */
export function engaged(ctx: Context, f: Fighter): boolean {
  for (const e of foesUp(ctx, f.side)) if (apart(e, f) === 1) return true;
  return false;
}

/** Hurt to half its HP or worse. */
const hurt = (f: Fighter): boolean => f.hp * 2 <= f.block.hpMax;

/** Whether it seizes the initiative this round (after the rolls). */
export function seizes(ctx: Context, f: Fighter): boolean {
  return f.arms.prefersRange && hurt(f) && mayMove(f) && engaged(ctx, f);
}

/** The nearest foe still in the fight (listed order among equals), or null. */
export function nearest(ctx: Context, f: Fighter): Fighter | null {
  let best: Fighter | null = null;
  let bd = Infinity;
  for (const e of foesUp(ctx, f.side)) {
    const d = apart(e, f);
    if (d < bd) {
      bd = d;
      best = e;
    }
  }
  return best;
}

/** A Movement-phase plan: the power, the walk (its square first) and a Charge's enemy. */
export interface MovePlan {
  readonly power: MovementPower;
  readonly path: readonly Square[];
  readonly enemy: Fighter | null;
}

const ends = (path: readonly Square[], goal: Square, within: number): boolean => {
  const end = path[path.length - 1] as Square;
  return Math.max(Math.abs(end.i - goal.i), Math.abs(end.j - goal.j)) <= within;
};

/** Its Movement-phase plan, or null to stay where it is. */
export function planMove(ctx: Context, f: Fighter): MovePlan | null {
  const { moves, range, prefersRange } = f.arms;
  if (prefersRange) {
    if (engaged(ctx, f)) {
      if (!hurt(f)) return null;
      const shift = f.hp * 4 <= f.block.hpMax ? [] : walkAway(ctx, f, f.arms.squares.shift);
      const clear = shift.length > 1 && !foesUp(ctx, f.side).some((e) =>
        squares(e.at, shift[1] as Square) <= 1);
      if (clear) return { power: moves.shift, path: shift, enemy: null };
      const away = walkAway(ctx, f, f.arms.squares.disengage);
      return away.length > 1 ? { power: moves.disengage, path: away, enemy: null } : null;
    }
    const target = nearest(ctx, f);
    if (!target || apart(f, target) <= range) return null;
    const walk = walkToward(ctx, f, target.at, range, f.arms.squares.walk);
    return walk.length > 1 ? { power: moves.walk, path: walk, enemy: null } : null;
  }
  if (engaged(ctx, f)) return hurt(f) || foesNextTo(ctx, f) > 1 ? null : goForShooter(ctx, f);
  const target = nearest(ctx, f);
  if (!target) return null;
  const charge = chargeLine(ctx, f, target, f.arms.squares.charge);
  if (charge) return { power: moves.charge, path: charge, enemy: target };
  // Each step brings it one square nearer at most, for one square of its allowance at least:
  // a walk that cannot end next to the target is not drawn to find out.
  const gap = apart(f, target) - 1;
  const walkSquares = f.arms.squares.walk;
  const walk = gap <= walkSquares || range > 0
    ? walkToward(ctx, f, target.at, 1, walkSquares) : null;
  if (walk && ends(walk, target.at, 1)) return { power: moves.walk, path: walk, enemy: null };
  const hustleSquares = f.arms.squares.hustle;
  if (gap <= hustleSquares) {
    const hustle = walkToward(ctx, f, target.at, 1, hustleSquares);
    if (ends(hustle, target.at, 1)) return { power: moves.hustle, path: hustle, enemy: null };
  }
  const far = range > 0 ? (walk as readonly Square[])
    : walkToward(ctx, f, target.at, 1, f.arms.squares.run);
  if (far.length === 1) return null;
  return { power: range > 0 ? moves.walk : moves.run, path: far, enemy: null };
}

/** A Walk to a shooter no ally of `f` stands next to, if one ends next to it; else null. */
function goForShooter(ctx: Context, f: Fighter): MovePlan | null {
  const walkPower = f.arms.moves.walk;
  const allowance = f.arms.squares.walk;
  for (const e of foesUp(ctx, f.side)) {
    // Each step brings it one square nearer at most, for one square of its allowance at least.
    if (!e.arms.prefersRange || apart(e, f) === 1 || apart(e, f) - 1 > allowance) continue;
    if (engaged(ctx, e)) continue;
    const walk = walkToward(ctx, f, e.at, 1, allowance);
    if (ends(walk, e.at, 1)) return { power: walkPower, path: walk, enemy: null };
  }
  return null;
}

/** Whether `power` reaches `target` from where `f` stands. */
export function inReach(f: Fighter, power: AttackPower, target: Fighter): boolean {
  const d = apart(f, target);
  return power.kind === "melee" ? d === 1 : d >= 1 && d <= power.range;
}

/** A Battle-phase plan. */
export type BattlePlan =
  | { readonly do: "attack"; readonly power: AttackPower; readonly targets: readonly Fighter[] }
  | { readonly do: "item"; readonly index: number }
  | { readonly do: "delay"; readonly after: Fighter }
  | { readonly do: "disengage"; readonly path: readonly Square[] }
  | { readonly do: "defend" };

/** The item it would use now: one that heals it when hurt to a third, or ends what it bears. */
function itemToUse(f: Fighter): number {
  const items = f.block.activatables;
  for (let k = 0; k < items.length; k++) {
    const item = items[k] as (typeof items)[number];
    if (item.uses.max > 0 && (f.uses[k] as number) <= 0) continue;
    const heals = item.heal.dice > 0 || item.heal.bonus > 0;
    if (heals && f.hp * 3 <= f.block.hpMax) return k;
    for (const c of item.ends) if (has(f, c)) return k;
  }
  return -1;
}

/** How much it wants to use `power` on `target`. */
function score(power: AttackPower, mean: number, target: Fighter): number {
  let lacks = 0;
  const effects = power.effects;
  for (let k = 0; k < effects.length; k++) {
    if (!has(target, (effects[k] as (typeof effects)[number]).condition)) lacks++;
  }
  return mean + 4 * lacks;
}

/** The ally still to act in `upcoming` that can make `target` Exposed, if any. */
function exposer(
  ctx: Context, f: Fighter, target: Fighter, upcoming: readonly Fighter[],
): Fighter | null {
  if (f.delayed || !ctx.exposers[f.side] || has(target, "exposed")) return null;
  for (const a of upcoming) {
    if (a.side !== f.side || a.out || a.acted || a.noAttack) continue;
    for (const p of a.arms.exposing) if (inReach(a, p, target)) return a;
  }
  return null;
}

/** Its Battle-phase plan; `upcoming` the Battle turns still to come this round. */
export function planBattle(ctx: Context, f: Fighter, upcoming: readonly Fighter[]): BattlePlan {
  const item = itemToUse(f);
  if (item >= 0) return { do: "item", index: item };
  if (f.arms.prefersRange && f.hp * 4 <= f.block.hpMax && mayMove(f) && engaged(ctx, f)) {
    const path = walkAway(ctx, f, f.arms.squares.disengage);
    if (path.length > 1) return { do: "disengage", path };
  }
  if (!f.noAttack) {
    let power: AttackPower | null = null;
    let target: Fighter | null = null;
    let best = -Infinity;
    let bestM = -1;
    const foes = foesUp(ctx, f.side);
    const { attacks, means, reach } = f.arms;
    for (let k = 0; k < foes.length; k++) {
      const e = foes[k] as Fighter;
      const d = apart(f, e);
      if (d > reach) continue;
      for (let m = 0; m < attacks.length; m++) {
        const p = attacks[m] as AttackPower;
        if (p.kind === "melee" ? d !== 1 : d < 1 || d > p.range) continue;
        const s = score(p, means[m] as number, e);
        // The best score; among equals the power of more mean damage, then the foe of fewer HP,
        // then the foe listed first.
        const better = s > best
          || (s === best && (m < bestM || (m === bestM && e.hp < (target as Fighter).hp)));
        if (better) {
          best = s;
          bestM = m;
          power = p;
          target = e;
        }
      }
    }
    if (power && target) {
      const ally = exposer(ctx, f, target, upcoming);
      if (ally) return { do: "delay", after: ally };
      const targets = [target];
      for (const e of foesUp(ctx, f.side)) {
        if (targets.length >= power.targets) break;
        if (e !== target && inReach(f, power, e)) targets.push(e);
      }
      return { do: "attack", power, targets };
    }
  }
  return { do: "defend" };
}
