import type { Context } from "./context";
import type { Hex } from "./events";
import {
  cellsAt, cellsDistance, cellsOverlap, DIRECTIONS, sameHex, threatensCells,
} from "./field";
import { isUp, type Fighter } from "./fighter";

/**
 * Where fighters stand and where they may go in a headless `action-points` fight: distances and
 * threat between tokens, who a hex is blocked by, walks toward a foe that never pass through an
 * enemy's hex and never end on another token, and shortest walks to a hex (an Intercept's spot).
 * Source: `004_2cc57162401858c9.txt` §Movement In Combat ("You can move through allies' hexes…
 * you cannot move through an enemy hex… You may not end your movement in the same square as any
 * other enemy or ally"), §Threat Range.
 */

/** Hexes between two fighters' tokens (1: adjacent). */
export const distanceBetween = (a: Fighter, b: Fighter): number => cellsDistance(a.cells, b.cells);

/** Whether `a` (in the fight) threatens `b`'s token, with its reach (`fighter.ts` `Arms`). */
export const threatens = (a: Fighter, b: Fighter): boolean =>
  isUp(a) && threatensCells(a.cells, a.arms.reach, b.cells);

/** Whether `a` threatens a token covering `cells`. */
export const threatensHexes = (a: Fighter, cells: readonly Hex[]): boolean =>
  isUp(a) && threatensCells(a.cells, a.arms.reach, cells);

/** Moves a fighter's token to `at`. */
export function placeAt(f: Fighter, at: Hex): void {
  f.at = at;
  f.cells = cellsAt(f.shape, at);
}

/** Whether `f` may pass a token covering `cells`: no foe in the fight stands there. */
export function passable(ctx: Context, f: Fighter, cells: readonly Hex[]): boolean {
  for (const x of ctx.fighters) {
    if (x === f || x.side === f.side || !isUp(x)) continue;
    if (cellsOverlap(x.cells, cells)) return false;
  }
  return true;
}

/** Whether `f` may end a move covering `cells`: no other token there, up or fallen. */
export function endable(ctx: Context, f: Fighter, cells: readonly Hex[]): boolean {
  for (const x of ctx.fighters) if (x !== f && cellsOverlap(x.cells, cells)) return false;
  return true;
}

/** Sidesteps around a blocker a walk may take without getting nearer. */
const SIDESTEPS = 2;

/**
 * A walk from `f`'s hex toward `target`, one hex at a time, at most `steps` hexes: each step goes
 * to the neighbouring hex nearest the target that `f` may pass (the first such in `DIRECTIONS`
 * order, one it may end on preferred), stopping once within `within` hexes of it on a hex it may
 * end on; a few sidesteps are allowed around a blocker. The walk is cut back to the last hex it may
 * end on.
 * @returns its hexes from `f`'s own (a walk of length 1 goes nowhere).
 */
export function walkToward(
  ctx: Context, f: Fighter, target: Fighter, within: number, steps: number,
): Hex[] {
  const path: Hex[] = [f.at];
  const ends: boolean[] = [true];
  let cur = f.at;
  let curD = distanceBetween(f, target);
  let sidesteps = 0;
  for (let s = 0; s < steps; s++) {
    if (curD <= within && ends[ends.length - 1]) break;
    let best: Hex | null = null;
    let bestD = Infinity;
    let bestEnds = false;
    for (const d of DIRECTIONS) {
      const n = { q: cur.q + d.q, r: cur.r + d.r };
      if (path.some((h) => sameHex(h, n))) continue;
      const cells = cellsAt(f.shape, n);
      const dist = cellsDistance(cells, target.cells);
      if (dist < 1 || dist > bestD || !passable(ctx, f, cells)) continue;
      const canEnd = endable(ctx, f, cells);
      if (dist < bestD || (canEnd && !bestEnds)) {
        best = n;
        bestD = dist;
        bestEnds = canEnd;
      }
    }
    if (best === null || bestD > curD) break;
    if (bestD === curD && ++sidesteps > SIDESTEPS) break;
    path.push(best);
    ends.push(bestEnds);
    cur = best;
    curD = bestD;
  }
  while (path.length > 1 && !ends[ends.length - 1]) {
    path.pop();
    ends.pop();
  }
  return path;
}

/**
 * A shortest walk of `f` to `dest` of at most `steps` hexes through hexes it may pass, or null
 * (breadth first: an Intercept's few hexes).
 */
export function walkTo(ctx: Context, f: Fighter, dest: Hex, steps: number): Hex[] | null {
  const seen: Hex[] = [f.at];
  const parent: number[] = [-1];
  for (let k = 0, depth = [0]; k < seen.length; k++) {
    const h = seen[k] as Hex;
    if (sameHex(h, dest)) {
      const out: Hex[] = [];
      for (let i = k; i >= 0; i = parent[i] as number) out.unshift(seen[i] as Hex);
      return out;
    }
    if ((depth[k] as number) >= steps) continue;
    for (const d of DIRECTIONS) {
      const n = { q: h.q + d.q, r: h.r + d.r };
      if (seen.some((x) => sameHex(x, n)) || !passable(ctx, f, cellsAt(f.shape, n))) continue;
      seen.push(n);
      parent.push(k);
      depth.push((depth[k] as number) + 1);
    }
  }
  return null;
}

/**
 * The hexes next to `f` it may step to and end on, none of them threatened by a foe in the fight
 * (where a Take a Step out of reach can go).
 */
export function safeSteps(ctx: Context, f: Fighter): Hex[] {
  const out: Hex[] = [];
  for (const d of DIRECTIONS) {
    const n = { q: f.at.q + d.q, r: f.at.r + d.r };
    const cells = cellsAt(f.shape, n);
    if (!passable(ctx, f, cells) || !endable(ctx, f, cells)) continue;
    let safe = true;
    for (const x of ctx.fighters) {
      if (x.side !== f.side && threatensHexes(x, cells)) {
        safe = false;
        break;
      }
    }
    if (safe) out.push(n);
  }
  return out;
}

/**
 * Where a push sends `target` away from `from`: the neighbouring hex farthest from `from` (nearer
 * than before never), on which it may end; null when there is none.
 */
export function pushHex(ctx: Context, from: Fighter, target: Fighter): Hex | null {
  const now = distanceBetween(from, target);
  let best: Hex | null = null;
  let bestD = now;
  for (const d of DIRECTIONS) {
    const n = { q: target.at.q + d.q, r: target.at.r + d.r };
    const cells = cellsAt(target.shape, n);
    const dist = cellsDistance(cells, from.cells);
    if (dist > bestD && passable(ctx, target, cells) && endable(ctx, target, cells)) {
      best = n;
      bestD = dist;
    }
  }
  return best;
}

/** The foes in the fight that threaten `f` now. */
export function threatenedBy(ctx: Context, f: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const x of ctx.fighters) if (x.side !== f.side && threatens(x, f)) out.push(x);
  return out;
}
