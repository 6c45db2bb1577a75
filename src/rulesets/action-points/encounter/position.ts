import { foesUp, type Context } from "./context";
import type { Hex } from "./events";
import {
  axialSteps, cellsAt, cellsDistance, DIRECTIONS, threatensCells, threatensShapeAt,
} from "./field";
import { isUp, type Fighter } from "./fighter";
import { SeenHexes } from "./seen-hexes";

/**
 * Where fighters stand and where they may go in a headless `action-points` fight: distances and
 * threat between tokens, who a hex is blocked by, walks toward a foe that never pass through an
 * enemy's hex and never end on another token, and shortest walks to a hex (an Intercept's spot).
 * Asked at every step of every move, so a token's would-be place is read as its top-left hex and
 * shape, without making its hexes. Source: `004_2cc57162401858c9.txt` §Movement In Combat ("You
 * can move through allies' hexes… you cannot move through an enemy hex… You may not end your
 * movement in the same square as any other enemy or ally"), §Threat Range.
 */

/** Hexes between two fighters' tokens (1: adjacent). */
export const distanceBetween = (a: Fighter, b: Fighter): number => cellsDistance(a.cells, b.cells);

/** Whether `a` (in the fight) threatens `b`'s token, with its reach (`fighter.ts` `Arms`). */
export const threatens = (a: Fighter, b: Fighter): boolean =>
  isUp(a) && threatensCells(a.cells, a.arms.reach, b.cells);

/**
 * Moves a fighter's token to `at` (on the board: every hex it covers names it). Its list of hexes
 * is its own and rewritten in place (a token's shape keeps its number of hexes on either row):
 * whoever keeps a position reads `at`, or copies the hexes (`rounds.ts`).
 */
export function placeAt(ctx: Context, f: Fighter, at: Hex): void {
  const board = ctx.board;
  const cells = f.cells as Hex[];
  for (const c of cells) if (board.get(c.q, c.r) === f) board.set(c.q, c.r, undefined);
  f.at = at;
  ctx.placed++;
  const offsets = f.shape[at.r & 1] as readonly Hex[];
  if (offsets.length !== cells.length) f.cells = cellsAt(f.shape, at);
  else {
    for (let k = 0; k < offsets.length; k++) {
      const o = offsets[k] as Hex;
      const c = cells[k] as { q: number; r: number };
      c.q = at.q + o.q;
      c.r = at.r + o.r;
    }
  }
  for (const c of f.cells) board.set(c.q, c.r, f);
}

/** Who stands on hex (q, r) in `f`'s way: a foe in the fight (`foesOnly`), else any other token. */
function blocker(ctx: Context, f: Fighter, q: number, r: number, foesOnly: boolean): boolean {
  const x = ctx.board.get(q, r);
  return x !== undefined && x !== f && (!foesOnly || (x.side !== f.side && isUp(x)));
}

/**
 * Whether `f`'s token with its top-left hex at (q, r) would meet another: a foe in the fight
 * (`foesOnly`: what it may not pass) or any other token, in the fight or fallen (what it may not
 * end on).
 */
function meets(ctx: Context, f: Fighter, q: number, r: number, foesOnly: boolean): boolean {
  const offsets = f.shape[r & 1] as readonly Hex[];
  for (let k = 0; k < offsets.length; k++) {
    const o = offsets[k] as Hex;
    if (blocker(ctx, f, q + o.q, r + o.r, foesOnly)) return true;
  }
  return false;
}

/** Whether `f` may pass with its top-left hex at (q, r): no foe in the fight stands there. */
export const passableAt = (ctx: Context, f: Fighter, q: number, r: number): boolean =>
  !meets(ctx, f, q, r, true);

/** Whether `f` may end a move with its top-left hex at (q, r): no other token there. */
export const endableAt = (ctx: Context, f: Fighter, q: number, r: number): boolean =>
  !meets(ctx, f, q, r, false);

/** Hexes from `f`'s token with its top-left hex at (q, r) to `target`'s token. */
export function distanceAt(f: Fighter, q: number, r: number, target: Fighter): number {
  const offsets = f.shape[r & 1] as readonly Hex[];
  let best = Infinity;
  for (let k = 0; k < offsets.length; k++) {
    const o = offsets[k] as Hex;
    const hq = q + o.q;
    const hr = r + o.r;
    for (const c of target.cells) {
      const d = axialSteps(hq - c.q, hr - c.r);
      if (d < best) best = d;
    }
  }
  return best;
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
  let lastEnd = 0;
  let q = f.at.q;
  let r = f.at.r;
  let curD = distanceBetween(f, target);
  let sidesteps = 0;
  // One hex walking toward one hex (most walks): each neighbour's distance and blocker at once.
  const single = f.cells.length === 1 && target.cells.length === 1;
  const t = target.cells[0] as Hex;
  for (let s = 0; s < steps; s++) {
    if (curD <= within && lastEnd === path.length - 1) break;
    let bq = 0;
    let br = 0;
    let bestD = Infinity;
    let bestEnds = false;
    for (const d of DIRECTIONS) {
      const nq = q + d.q;
      const nr = r + d.r;
      const dist = single ? axialSteps(nq - t.q, nr - t.r) : distanceAt(f, nq, nr, target);
      // Farther than now is never taken (the walk stops instead): no need to look there. Nearer
      // than now it cannot have been (the walk never gets farther).
      if (dist < 1 || dist > bestD || dist > curD) continue;
      if (dist === curD && visited(path, nq, nr)) continue;
      let canEnd: boolean;
      if (single) {
        const x = ctx.board.get(nq, nr);
        if (x !== undefined && x !== f && x.side !== f.side && isUp(x)) continue;
        canEnd = x === undefined || x === f;
      } else {
        if (!passableAt(ctx, f, nq, nr)) continue;
        canEnd = endableAt(ctx, f, nq, nr);
      }
      if (dist < bestD || (canEnd && !bestEnds)) {
        bq = nq;
        br = nr;
        bestD = dist;
        bestEnds = canEnd;
        // A step changes the gap by at most one, so no later hex is nearer than a nearer one;
        // one it may end on is then kept whatever follows.
        if (bestEnds && bestD < curD) break;
      }
    }
    if (bestD === Infinity || bestD > curD) break;
    if (bestD === curD && ++sidesteps > SIDESTEPS) break;
    path.push({ q: bq, r: br });
    if (bestEnds) lastEnd = path.length - 1;
    q = bq;
    r = br;
    curD = bestD;
  }
  if (lastEnd < path.length - 1) path.length = lastEnd + 1;
  return path;
}


function visited(path: readonly Hex[], q: number, r: number): boolean {
  for (let k = 0; k < path.length; k++) {
    const h = path[k] as Hex;
    if (h.q === q && h.r === r) return true;
  }
  return false;
}

/**
 * A shortest walk of `f` to `dest` of at most `steps` hexes through hexes it may pass, or null
 * (breadth first: an Intercept's few hexes).
 */
export function walkTo(ctx: Context, f: Fighter, dest: Hex, steps: number): Hex[] | null {
  const seen: Hex[] = [f.at];
  const parent: number[] = [-1];
  const depth: number[] = [0];
  // Marked on a square of stamps, not looked up in `seen` (that scan grew with its square).
  const met = new SeenHexes(f.at, steps);
  for (let k = 0; k < seen.length; k++) {
    const h = seen[k] as Hex;
    if (h.q === dest.q && h.r === dest.r) {
      const out: Hex[] = [];
      for (let i = k; i >= 0; i = parent[i] as number) out.unshift(seen[i] as Hex);
      return out;
    }
    if ((depth[k] as number) >= steps) continue;
    for (const d of DIRECTIONS) {
      const nq = h.q + d.q;
      const nr = h.r + d.r;
      if (met.has(nq, nr) || !passableAt(ctx, f, nq, nr)) continue;
      met.add(nq, nr);
      seen.push({ q: nq, r: nr });
      parent.push(k);
      depth.push((depth[k] as number) + 1);
    }
  }
  return null;
}

/** Whether any foe of `f` in the fight threatens its token with its top-left hex at `at`. */
function threatenedAt(ctx: Context, f: Fighter, at: Hex): boolean {
  for (const x of foesUp(ctx, f.side)) {
    if (threatensShapeAt(x.cells, x.arms.reach, f.shape, at.q, at.r)) return true;
  }
  return false;
}

/**
 * The first hex next to `f` it may step to and end on that no foe in the fight threatens (where a
 * Take a Step out of reach goes), or null.
 */
export function safeStep(ctx: Context, f: Fighter): Hex | null {
  for (const d of DIRECTIONS) {
    const q = f.at.q + d.q;
    const r = f.at.r + d.r;
    if (!passableAt(ctx, f, q, r) || !endableAt(ctx, f, q, r)) continue;
    const to = { q, r };
    if (!threatenedAt(ctx, f, to)) return to;
  }
  return null;
}

/** A hex next to `f` from which it reaches `target` with `reach`, which it may end on, or null. */
export function stepInto(ctx: Context, f: Fighter, target: Fighter, reach: number): Hex | null {
  for (const d of DIRECTIONS) {
    const q = f.at.q + d.q;
    const r = f.at.r + d.r;
    const dist = distanceAt(f, q, r, target);
    if (dist >= 1 && dist <= reach && passableAt(ctx, f, q, r) && endableAt(ctx, f, q, r)) {
      return { q, r };
    }
  }
  return null;
}

/**
 * Where a push sends `target` away from `from`: the neighbouring hex farthest from `from` (nearer
 * than before never), on which it may end; null when there is none.
 */
export function pushHex(ctx: Context, from: Fighter, target: Fighter): Hex | null {
  let best: Hex | null = null;
  let bestD = distanceBetween(from, target);
  for (const d of DIRECTIONS) {
    const q = target.at.q + d.q;
    const r = target.at.r + d.r;
    const dist = distanceAt(target, q, r, from);
    if (dist > bestD && passableAt(ctx, target, q, r) && endableAt(ctx, target, q, r)) {
      best = { q, r };
      bestD = dist;
    }
  }
  return best;
}

/** How many foes in the fight threaten `f` now. */
export function threatCount(ctx: Context, f: Fighter): number {
  let n = 0;
  for (const x of foesUp(ctx, f.side)) if (threatensCells(x.cells, x.arms.reach, f.cells)) n++;
  return n;
}
