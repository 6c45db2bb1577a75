import type { Context } from "./context";
import type { Square } from "./events";
import { distance, type Fighter } from "./fighter";

/**
 * The field of a headless `wounds` fight: a square grid where diagonals count 1 (the melee zone
 * is "all the squares adjacent", §Melee Zone), the party on row 0 two columns apart, the foes on
 * row `gap` likewise; summons appear on a free square next to their summoner. Moves go one
 * square at a time to the free neighbour nearest the goal. Source: `001_dbc5fcc02a99a518.txt`
 * §Move Action, §Melee Zone.
 */

/** The rows between the lines at the start: a Move Action and a bought +2 close them. */
export const DEFAULT_GAP = 7;

export function layField(ctx: Context, gap: number): void {
  let party = 0;
  let foes = 0;
  for (const f of ctx.fighters) {
    const at = f.at;
    if (f.side === "party") {
      at.i = 0;
      at.j = 2 * party++;
    } else {
      at.i = gap;
      at.j = 2 * foes++;
    }
  }
}

/** Whether a square is free of units still in the fight (`except` may stand there). */
export function isFree(ctx: Context, s: Square, except: Fighter | null = null): boolean {
  return !ctx.fighters.some((f) => !f.out && f !== except && f.at.i === s.i && f.at.j === s.j);
}

/** The eight neighbours, in a fixed order (so paths replay). */
const STEPS: readonly Square[] = [
  { i: -1, j: 0 }, { i: 1, j: 0 }, { i: 0, j: -1 }, { i: 0, j: 1 },
  { i: -1, j: -1 }, { i: -1, j: 1 }, { i: 1, j: -1 }, { i: 1, j: 1 },
];

/**
 * The next square from `from` towards `goal`: the free neighbour nearest it (diagonal measure,
 * then straight-line), or null when none is nearer than `from`.
 */
export function stepToward(
  ctx: Context, mover: Fighter, from: Square, goal: Square,
): Square | null {
  const d2 = (s: Square) => (s.i - goal.i) ** 2 + (s.j - goal.j) ** 2;
  let bestSq: Square | null = null;
  let bestD = distance(from, goal);
  let bestE = d2(from);
  for (const s of STEPS) {
    const n = { i: from.i + s.i, j: from.j + s.j };
    const d = distance(n, goal);
    const e = d2(n);
    if ((d < bestD || (d === bestD && e < bestE)) && isFree(ctx, n, mover)) {
      bestSq = n;
      bestD = d;
      bestE = e;
    }
  }
  return bestSq;
}

/** The fewest squares from `s` to any of `squares` (Infinity when there are none). */
export const nearestOf = (s: Square, squares: readonly Square[]): number =>
  squares.reduce((n, q) => Math.min(n, distance(s, q)), Infinity);

/**
 * The next square from `from` away from `threats`: the free neighbour farthest from the nearest
 * of them (then from all of them), or null when none is farther than `from`.
 */
export function stepAway(
  ctx: Context, mover: Fighter, from: Square, threats: readonly Square[],
): Square | null {
  const spread = (s: Square) => threats.reduce((n, q) => n + (s.i - q.i) ** 2 + (s.j - q.j) ** 2, 0);
  let bestSq: Square | null = null;
  let bestD = nearestOf(from, threats);
  let bestE = spread(from);
  for (const s of STEPS) {
    const n = { i: from.i + s.i, j: from.j + s.j };
    const d = nearestOf(n, threats);
    const e = spread(n);
    if ((d > bestD || (d === bestD && e > bestE)) && isFree(ctx, n, mover)) {
      bestSq = n;
      bestD = d;
      bestE = e;
    }
  }
  return bestSq;
}

/** A free square next to `f`, the nearest to `toward`, or null when it is hemmed in. */
export function freeNeighbour(ctx: Context, f: Fighter, toward: Square): Square | null {
  let bestSq: Square | null = null;
  let bestD = Infinity;
  for (const s of STEPS) {
    const n = { i: f.at.i + s.i, j: f.at.j + s.j };
    const d = (n.i - toward.i) ** 2 + (n.j - toward.j) ** 2;
    if (d < bestD && isFree(ctx, n)) {
      bestSq = n;
      bestD = d;
    }
  }
  return bestSq;
}
