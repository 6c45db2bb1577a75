import { line } from "../../../engine/space/measure";
import { squareGrid } from "../../../engine/space/grid";
import { DIFFICULT_FACTOR } from "../rules/constants";
import { foesUp, type Context } from "./context";
import type { Square } from "./events";
import { isDifficult, occupied, squares, squaresAt } from "./field";
import type { Fighter } from "./fighter";

/**
 * Where a headless `phases` fighter walks: one square at a time to a free square (no token still
 * in the fight stands there), each square of difficult terrain costing two of its allowance. A
 * walk toward a square takes each step that brings it nearer (the nearest first as the grid
 * counts, then as the crow flies, then the neighbours' fixed order) until it is `stop` squares
 * away, its squares run out or no step brings it nearer; a walk away takes each step that puts
 * it further from its nearest foe. A Charge walks the grid's straight line (engine `line`) to a
 * free square next to its enemy. Source: `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement
 * Phase Notes; RULINGS.md §phases Movement power defaults (Charge's straight line).
 */
const GRID = squareGrid("equidistant");

/** The cost of entering a square. */
export const stepCost = (ctx: Context, i: number, j: number): number =>
  isDifficult(ctx, i, j) ? DIFFICULT_FACTOR : 1;

/** A walk toward `goal` until `stop` squares from it, within `allowance` (start first). */
export function walkToward(
  ctx: Context, f: Fighter, goal: Square, stop: number, allowance: number,
): Square[] {
  const path: Square[] = [{ i: f.at.i, j: f.at.j }];
  let { i, j } = f.at;
  let left = allowance;
  for (;;) {
    const here = squaresAt(i, j, goal.i, goal.j);
    if (here <= stop) break;
    let found = false;
    let bi = 0;
    let bj = 0;
    let bd = here;
    let bc = Infinity;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        if (di === 0 && dj === 0) continue;
        const ni = i + di;
        const nj = j + dj;
        const dist = squaresAt(ni, nj, goal.i, goal.j);
        if (dist >= here) continue;
        const crow = (ni - goal.i) ** 2 + (nj - goal.j) ** 2;
        if (found && (dist > bd || (dist === bd && crow >= bc))) continue;
        if (stepCost(ctx, ni, nj) > left || occupied(ctx, ni, nj, f)) continue;
        found = true;
        bd = dist;
        bc = crow;
        bi = ni;
        bj = nj;
      }
    }
    if (!found) break;
    left -= stepCost(ctx, bi, bj);
    i = bi;
    j = bj;
    path.push({ i, j });
  }
  return path;
}

/** The distance from a square to the nearest foe of `f` still in the fight. */
function nearestFoe(ctx: Context, f: Fighter, i: number, j: number): number {
  let d = Infinity;
  for (const e of foesUp(ctx, f.side)) {
    const x = squaresAt(i, j, e.at.i, e.at.j);
    if (x < d) d = x;
  }
  return d;
}

/** A walk of at most `allowance` away from its foes, each step further from the nearest. */
export function walkAway(ctx: Context, f: Fighter, allowance: number): Square[] {
  const path: Square[] = [{ i: f.at.i, j: f.at.j }];
  let { i, j } = f.at;
  let left = allowance;
  for (;;) {
    const here = nearestFoe(ctx, f, i, j);
    let bd = here;
    let bi = 0;
    let bj = 0;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        if (di === 0 && dj === 0) continue;
        const ni = i + di;
        const nj = j + dj;
        if (stepCost(ctx, ni, nj) > left || occupied(ctx, ni, nj, f)) continue;
        const d = nearestFoe(ctx, f, ni, nj);
        if (d > bd) {
          bd = d;
          bi = ni;
          bj = nj;
        }
      }
    }
    if (bd === here) break;
    left -= stepCost(ctx, bi, bj);
    i = bi;
    j = bj;
    path.push({ i, j });
  }
  return path;
}

/**
 * A Charge at `enemy`: the straight line to the free square next to it nearest the charger (as
 * the grid counts, then as the crow flies), if every square of it is free and it costs at most
 * `allowance`; else null. At least one square.
 */
export function chargeLine(
  ctx: Context, f: Fighter, enemy: Fighter, allowance: number,
): Square[] | null {
  let end: Square | null = null;
  let bd = Infinity;
  let bc = Infinity;
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      if (di === 0 && dj === 0) continue;
      const c = { i: enemy.at.i + di, j: enemy.at.j + dj };
      const d = squares(f.at, c);
      const crow = (c.i - f.at.i) ** 2 + (c.j - f.at.j) ** 2;
      if (d > bd || (d === bd && crow >= bc)) continue;
      if (d > 0 && occupied(ctx, c.i, c.j, f)) continue;
      end = c;
      bd = d;
      bc = crow;
    }
  }
  if (!end || bd === 0 || bd > allowance) return null;
  const path = line(GRID, f.at, end) as Square[];
  let cost = 0;
  for (let k = 1; k < path.length; k++) {
    const c = path[k] as Square;
    if (occupied(ctx, c.i, c.j, f)) return null;
    cost += stepCost(ctx, c.i, c.j);
  }
  return cost <= allowance ? path : null;
}
