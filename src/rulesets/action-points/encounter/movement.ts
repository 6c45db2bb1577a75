import { movesNeeded } from "../../../engine/space/movement-cost";
import { MAX_MOVE_AP } from "../rules/constants";
import { SPECIAL } from "../rules/special-actions";
import { TAGS } from "../rules/pools";
import { foesUp, type Context } from "./context";
import type { Hex } from "./events";
import { cellsDistance, leavesAlong } from "./field";
import { isUp, pool, type Fighter } from "./fighter";
import { pay } from "./ledger";
import { placeAt } from "./position";
import { mayReactionAttack, provoke } from "./provoke";

/**
 * Movement in a headless `action-points` fight: a move pays 1 AP per Move Speed (6 hexes unless
 * the sheet says otherwise) of the hexes walked, at most 2 AP of movement a turn; Take a Step moves
 * one hex for 1 AP once a round, outside that maximum, and provokes nothing. Walking out of a hex a
 * foe threatens provokes that foe's reaction attack — even into another hex it threatens — the
 * first time in the move; the walk stops where the mover falls. Source:
 * `004_2cc57162401858c9.txt` §Movement In Combat, §Taking a Step, §Threat Range; RULINGS.md
 * §action-points Costs, Reaction attack.
 */

/** AP of movement left to `f` this turn (the cap and its AP). */
export function moveApLeft(f: Fighter): number {
  const used = f.points.tallied("turn", TAGS.move);
  return Math.min(pool(f, "ap"), MAX_MOVE_AP - used);
}

/** AP a walk of `path` costs `f`. */
export const moveCost = (f: Fighter, path: readonly Hex[]): number =>
  movesNeeded(path.length - 1, f.block.moveHexes);

/**
 * A move action along `path` (from `f`'s hex).
 * @throws Error when the economy refuses its AP (the tactics ask `moveApLeft` first).
 */
export function move(ctx: Context, f: Fighter, path: readonly Hex[]): void {
  const ap = moveCost(f, path);
  if (!pay(ctx, f, "ap", ap, "move", TAGS.move)) {
    throw new Error(`${f.key} cannot pay a move of ${ap} AP`);
  }
  walk(ctx, f, path, ap);
}

/**
 * Take a Step to `to`, next to `f`.
 * @throws Error when the economy refuses it (once a round, 1 AP).
 */
export function takeStep(ctx: Context, f: Fighter, to: Hex): void {
  if (!pay(ctx, f, "ap", SPECIAL.step.ap, "step", TAGS.step)) throw new Error(`${f.key} cannot step`);
  const from = f.at;
  placeAt(ctx, f, to);
  if (ctx.record) {
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, reason: "step", path: [from, to], ap: 0 });
  }
}

/**
 * Walks `path` in legs: each step out of a hex threatened by a foe that may make a reaction attack,
 * the first time in this walk (`field.ts` `leavesAlong`), ends a leg, and that foe's reaction
 * attack comes before the step.
 */
function walk(ctx: Context, f: Fighter, path: readonly Hex[], ap: number): void {
  // Only foes the walk could come within reach of can be left (a step is one hex).
  let near: Fighter[] | null = null;
  const foes = foesUp(ctx, f.side);
  for (let k = 0; k < foes.length; k++) {
    const x = foes[k] as Fighter;
    if (!mayReactionAttack(x) || x.arms.reach <= 0) continue;
    if (cellsDistance(x.cells, f.cells) <= x.arms.reach + path.length) (near ??= []).push(x);
  }
  let legStart = 0;
  let apLeft = ap;
  if (near) {
    const threats = near.map((x) => ({ cells: x.cells, reach: x.arms.reach }));
    const leaves = leavesAlong(f.shape, path, threats);
    for (let k = 0; k < leaves.length;) {
      const step = (leaves[k] as (typeof leaves)[number]).step;
      const left: Fighter[] = [];
      for (; k < leaves.length && (leaves[k] as (typeof leaves)[number]).step === step; k++) {
        left.push(near[(leaves[k] as (typeof leaves)[number]).index] as Fighter);
      }
      apLeft = leg(ctx, f, path, legStart, step - 1, apLeft);
      legStart = step - 1;
      provoke(ctx, f, { kind: "leave", hex: path[step - 1] as Hex }, left);
      if (!isUp(f)) return;
    }
  }
  leg(ctx, f, path, legStart, path.length - 1, apLeft);
}

/** Moves `f` along `path[from..to]` and logs it (nothing when it is no step). */
function leg(
  ctx: Context, f: Fighter, path: readonly Hex[], from: number, to: number, ap: number,
): number {
  if (to <= from) return ap;
  placeAt(ctx, f, path[to] as Hex);
  if (ctx.record) {
    ctx.emit({
      kind: "move", round: ctx.round, actor: f.key, reason: "move", path: path.slice(from, to + 1), ap,
    });
  }
  return 0;
}
