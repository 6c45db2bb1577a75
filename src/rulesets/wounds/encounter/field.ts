import { STEP_I, STEP_J } from "./board";
import { placeUnit, type Context } from "./context";
import type { Square } from "./events";
import type { Fighter } from "./fighter";

/**
 * The field of a headless `wounds` fight: a square grid where diagonals count 1 (the melee zone
 * is "all the squares adjacent", §Melee Zone), the party on row 0 two columns apart, the foes on
 * row `gap` likewise; summons appear on a free square next to their summoner. Moves go one
 * square at a time to the free neighbour nearest the goal. Squares are read as their two
 * integers (row, column), so looking at the eight neighbours of every step makes no object.
 * Source: `001_dbc5fcc02a99a518.txt` §Move Action, §Melee Zone.
 */

/** The rows between the lines at the start: a Move Action and a bought +2 close them. */
export const DEFAULT_GAP = 7;

export function layField(ctx: Context, gap: number): void {
  let party = 0;
  let foes = 0;
  for (const f of ctx.fighters) {
    if (f.side === "party") placeUnit(ctx, f, 0, 2 * party++);
    else placeUnit(ctx, f, gap, 2 * foes++);
  }
}

/** The step to each square of the 3×3 block around a unit, row by row (−1: its own square). */
const STEP_AT: readonly number[] = [4, 0, 5, 2, -1, 3, 6, 1, 7];

/** The bits of `blocked` for the steps onto squares where `units` stand. */
function blockedBy(units: readonly Fighter[], i: number, j: number, blocked: number): number {
  for (const u of units) {
    const row = u.at.i - i + 1;
    const col = u.at.j - j + 1;
    if (row < 0 || row > 2 || col < 0 || col > 2) continue;
    const step = STEP_AT[row * 3 + col] as number;
    if (step >= 0) blocked |= 1 << step;
  }
  return blocked;
}

/**
 * Which of the eight squares around (i, j) a unit still in the fight stands on: bit `k` for the
 * step `STEP_I[k]`, `STEP_J[k]` (`board.ts`). The board answers for every neighbour a step
 * weighs; near its window's edge, one look at the units does (whoever stands on (i, j) itself is
 * not a neighbour: the mover may).
 */
export function blockedAround(ctx: Context, i: number, j: number): number {
  const blocked = ctx.board.around(i, j);
  return blocked >= 0 ? blocked : blockedAmong(ctx, i, j);
}

/** {@link blockedAround} read from the units themselves (what the board stands for). */
export function blockedAmong(ctx: Context, i: number, j: number): number {
  return blockedBy(ctx.foesUp, i, j, blockedBy(ctx.partyUp, i, j, 0));
}
/** Squares between (i, j) and (gi, gj), diagonals counting 1. */
const gapTo = (i: number, j: number, gi: number, gj: number): number =>
  Math.max(Math.abs(i - gi), Math.abs(j - gj));

/** The straight-line distance squared, the tie-break between squares equally far. */
const line2 = (i: number, j: number, gi: number, gj: number): number =>
  (i - gi) * (i - gi) + (j - gj) * (j - gj);

/**
 * The step from `mover`'s square towards `goal`: the free neighbour nearest it (diagonal measure,
 * then straight-line), as an index of {@link STEP_I}/{@link STEP_J}, or −1 when none is nearer
 * than where it stands.
 */
export function stepToward(ctx: Context, mover: Fighter, goal: Square): number {
  const { i: fi, j: fj } = mover.at;
  const { i: gi, j: gj } = goal;
  const blocked = blockedAround(ctx, fi, fj);
  let best = -1;
  let bestD = gapTo(fi, fj, gi, gj);
  let bestE = line2(fi, fj, gi, gj);
  for (let k = 0; k < 8; k++) {
    const i = fi + (STEP_I[k] as number);
    const j = fj + (STEP_J[k] as number);
    const d = gapTo(i, j, gi, gj);
    const e = line2(i, j, gi, gj);
    if ((d < bestD || (d === bestD && e < bestE)) && (blocked & (1 << k)) === 0) {
      best = k;
      bestD = d;
      bestE = e;
    }
  }
  return best;
}

/** The fewest squares from (i, j) to any of `squares` (Infinity when there are none). */
export function nearestOf(i: number, j: number, squares: readonly Square[]): number {
  let n = Infinity;
  for (const q of squares) n = Math.min(n, gapTo(i, j, q.i, q.j));
  return n;
}

/** The straight-line distances squared from (i, j) to all of `squares`, added up. */
function spread(i: number, j: number, squares: readonly Square[]): number {
  let n = 0;
  for (const q of squares) n += line2(i, j, q.i, q.j);
  return n;
}

/**
 * The step from `mover`'s square away from `threats`: the free neighbour farthest from the
 * nearest of them (then from all of them), as an index of {@link STEP_I}/{@link STEP_J}, or −1
 * when none is farther than where it stands.
 */
export function stepAway(ctx: Context, mover: Fighter, threats: readonly Square[]): number {
  const { i: fi, j: fj } = mover.at;
  const blocked = blockedAround(ctx, fi, fj);
  let best = -1;
  let bestD = nearestOf(fi, fj, threats);
  let bestE = spread(fi, fj, threats);
  for (let k = 0; k < 8; k++) {
    const i = fi + (STEP_I[k] as number);
    const j = fj + (STEP_J[k] as number);
    const d = nearestOf(i, j, threats);
    const e = spread(i, j, threats);
    if ((d > bestD || (d === bestD && e > bestE)) && (blocked & (1 << k)) === 0) {
      best = k;
      bestD = d;
      bestE = e;
    }
  }
  return best;
}

/** A free square next to `f`, the nearest to `toward`, or null when it is hemmed in. */
export function freeNeighbour(ctx: Context, f: Fighter, toward: Square): Square | null {
  const blocked = blockedAround(ctx, f.at.i, f.at.j);
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < 8; k++) {
    const i = f.at.i + (STEP_I[k] as number);
    const j = f.at.j + (STEP_J[k] as number);
    const d = line2(i, j, toward.i, toward.j);
    if (d < bestD && (blocked & (1 << k)) === 0) {
      best = k;
      bestD = d;
    }
  }
  return best < 0 ? null
    : { i: f.at.i + (STEP_I[best] as number), j: f.at.j + (STEP_J[best] as number) };
}
