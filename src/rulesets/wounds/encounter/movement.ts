import type { MoveMode } from "../rules/constants";
import { mayTakeFreeHit, moveProvokes } from "../rules/free-hits";
import { movementSpaces } from "../rules/movement";
import type { Context } from "./context";
import type { Paid, Square } from "./events";
import { nearestOf, stepAway, stepToward } from "./field";
import { derivedOf, distance, freeHitsLeft, freeHitWeapon, type Fighter } from "./fighter";
import { mayAct, strike } from "./strike";
import { chooseAim } from "./tactics";

/**
 * A move in a headless `wounds` fight: square by square towards a goal, at most its allowance
 * (`rules/movement.ts`: derived movement, +2 per Bonus Action bought, half while sneaking unless
 * Maneuverer). Each enemy watches its melee zone along the path (`rules/free-hits.ts`
 * `moveProvokes`): the first step that leaves the zone, or the third within it, gives it a free
 * hit if it has a slot left and the mover did not disengage; the hit lands before the mover
 * takes that step, and a mover who falls stops there. Source: `001_dbc5fcc02a99a518.txt` §Move
 * Action, §Free Hits, §Disengage; RULINGS.md §wounds Free hit slots.
 */

/** Spaces `f` may move now with its Move Action in `mode`. */
export function allowanceOf(f: Fighter, round: number, mode: MoveMode = "normal"): number {
  return movementSpaces({
    movement: derivedOf(f, round).movement,
    movementPurchases: f.bought.movement,
    mode, prone: f.states.prone, feats: f.block.feats,
  });
}

export interface MoveOrder {
  /** Where to: it stops once within `within` squares of it. */
  readonly goal: Square;
  /**
   * A retreat instead: away from these squares until `within` squares from the nearest (the
   * goal is not used then).
   */
  readonly away?: readonly Square[];
  readonly within: number;
  readonly allowance: number;
  readonly paid: Paid;
  readonly mode: MoveMode;
  readonly disengaged: boolean;
  /** Whether enemies notice it (the opening's sneaking move provokes nothing). */
  readonly watched: boolean;
}

/** Moves `f`; returns the spaces moved. */
export function move(ctx: Context, f: Fighter, order: MoveOrder): number {
  const { round } = ctx;
  const path: Square[] = [{ ...f.at }];
  const watchers = !order.watched ? [] : ctx.fighters
    .filter((e) => e.side !== f.side && mayAct(e, round) && freeHitWeapon(e) !== null)
    .map((e) => ({
      e, inside: [distance(f.at, e.at) <= derivedOf(e, round).meleeZone], done: false,
    }));
  let stopped = false;
  const away = order.away;
  const arrived = () => (away ? nearestOf(f.at, away) >= order.within
    : distance(f.at, order.goal) <= order.within);
  for (let k = 0; k < order.allowance && !arrived(); k++) {
    const next = away ? stepAway(ctx, f, f.at, away) : stepToward(ctx, f, f.at, order.goal);
    if (!next) break;
    for (const w of watchers) {
      if (w.done || !mayAct(w.e, round)) continue;
      w.inside.push(distance(next, w.e.at) <= derivedOf(w.e, round).meleeZone);
      const p = moveProvokes(w.inside, order.disengaged);
      if (!p) continue;
      w.done = true;
      const left = freeHitsLeft(w.e, round);
      const taken = mayTakeFreeHit(left, "move");
      if (ctx.record) {
        ctx.emit({
          kind: "freeHit", round, actor: w.e.key, target: f.key, trigger: p.trigger,
          slotsLeft: left, taken,
        });
      }
      if (!taken) continue;
      w.e.freeUsed++;
      const weapon = freeHitWeapon(w.e)!;
      const aim = chooseAim(ctx, w.e, f, weapon);
      strike(ctx, w.e, f, weapon, "freeHit", aim);
      if (f.out) break;
    }
    if (f.out) {
      stopped = true;
      break;
    }
    f.at.i = next.i;
    f.at.j = next.j;
    path.push(next);
  }
  if (ctx.record) {
    ctx.emit({
      kind: "move", round, actor: f.key, paid: order.paid, mode: order.mode, path,
      spaces: path.length - 1, allowance: order.allowance, disengaged: order.disengaged, stopped,
    });
  }
  return path.length - 1;
}
