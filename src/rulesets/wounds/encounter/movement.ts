import type { MoveMode } from "../rules/constants";
import { mayTakeFreeHit, type MoveTrigger } from "../rules/free-hits";
import { movementSpaces } from "../rules/movement";
import { enemiesOf, placeUnit, type Context } from "./context";
import type { Paid, Square } from "./events";
import { STEP_I, STEP_J } from "./board";
import { nearestOf, stepAway, stepToward } from "./field";
import { derivedOf, distance, freeHitsLeft, freeHitWeapon, type Fighter } from "./fighter";
import { mayAct, strike } from "./strike";
import { chooseAim } from "./tactics";
import { ZoneWatch } from "./zone-watch";

/**
 * A move in a headless `wounds` fight: square by square towards a goal, at most its allowance
 * (`rules/movement.ts`: derived movement, +2 per Bonus Action bought, half while sneaking unless
 * Maneuverer). Each enemy watches its melee zone along the path (`rules/free-hits.ts`
 * `moveProvokes`, read step by step by `zone-watch.ts`): the first step that leaves the zone, or
 * the third within it, gives it a free hit if it has a slot left and the mover did not disengage;
 * the hit lands before the mover takes that step, and a mover who falls stops there.
 * Source: `001_dbc5fcc02a99a518.txt` §Move Action, §Free Hits, §Disengage; RULINGS.md §wounds
 * Free hit slots.
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

/**
 * The enemies that watch `f` move (those that may act and have a weapon for a free hit), each
 * with its zone and whether `f` stands inside it now, in the context's reused watches.
 * @returns how many there are (the first that many of `ctx.watches`).
 */
function watch(ctx: Context, f: Fighter): number {
  const { round, watches } = ctx;
  let n = 0;
  for (const e of enemiesOf(ctx, f)) {
    if (!mayAct(e, round) || freeHitWeapon(e) === null) continue;
    if (n === watches.length) watches.push(new ZoneWatch());
    const zone = derivedOf(e, round).meleeZone;
    (watches[n++] as ZoneWatch).start(e, zone, distance(f.at, e.at) <= zone);
  }
  return n;
}

/** The free hit a watcher takes on `f` for `trigger`, if it has a slot left. */
function freeHitOnMover(ctx: Context, e: Fighter, f: Fighter, trigger: MoveTrigger): void {
  const left = freeHitsLeft(e, ctx.round);
  const taken = mayTakeFreeHit(left, "move");
  if (ctx.record) {
    ctx.emit({
      kind: "freeHit", round: ctx.round, actor: e.key, target: f.key, trigger, slotsLeft: left,
      taken,
    });
  }
  if (!taken) return;
  e.freeUsed++;
  const weapon = freeHitWeapon(e)!;
  strike(ctx, e, f, weapon, "freeHit", chooseAim(ctx, e, f, weapon));
}

/** Whether `f` is where `order` takes it. */
const arrived = (f: Fighter, order: MoveOrder): boolean => (order.away
  ? nearestOf(f.at.i, f.at.j, order.away) >= order.within
  : distance(f.at, order.goal) <= order.within);

/**
 * Moves `f`; returns the spaces moved. A disengaged or unseen mover provokes nothing, so nobody
 * watches it. Moves never overlap (a free hit struck during one moves nobody), so one list of
 * watches in the context serves every move.
 */
export function move(ctx: Context, f: Fighter, order: MoveOrder): number {
  const { round, watches } = ctx;
  const path: Square[] | null = ctx.record ? [{ ...f.at }] : null;
  const watchers = order.watched && !order.disengaged ? watch(ctx, f) : 0;
  let stopped = false;
  let spaces = 0;
  for (let k = 0; k < order.allowance && !arrived(f, order); k++) {
    const step = order.away ? stepAway(ctx, f, order.away) : stepToward(ctx, f, order.goal);
    if (step < 0) break;
    const i = f.at.i + (STEP_I[step] as number);
    const j = f.at.j + (STEP_J[step] as number);
    for (let w = 0; w < watchers && !f.out; w++) {
      const z = watches[w] as ZoneWatch;
      const e = z.enemy as Fighter;
      if (z.done || !mayAct(e, round)) continue;
      const trigger = z.step(Math.max(Math.abs(i - e.at.i), Math.abs(j - e.at.j)) <= z.zone);
      if (trigger === null) continue;
      z.done = true;
      freeHitOnMover(ctx, e, f, trigger);
    }
    if (f.out) {
      stopped = true;
      break;
    }
    placeUnit(ctx, f, i, j);
    spaces++;
    path?.push({ i, j });
  }
  if (path) {
    ctx.emit({
      kind: "move", round, actor: f.key, paid: order.paid, mode: order.mode, path, spaces,
      allowance: order.allowance, disengaged: order.disengaged, stopped,
    });
  }
  return spaces;
}
