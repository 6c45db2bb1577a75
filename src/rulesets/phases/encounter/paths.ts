import { line } from "../../../engine/space/measure";
import { squareGrid } from "../../../engine/space/grid";
import { DIFFICULT_FACTOR } from "../rules/constants";
import { foesUp, type Context } from "./context";
import type { Square } from "./events";
import { isDifficult, occupied, squaresAt } from "./field";
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
    // The step straight at the goal (each coordinate one nearer, or kept when level) is both the
    // nearest as the grid counts and as the crow flies: taken when free and affordable, it is
    // what the search below would pick.
    let bi = i + Math.sign(goal.i - i);
    let bj = j + Math.sign(goal.j - j);
    let found = stepCost(ctx, bi, bj) <= left && !occupied(ctx, bi, bj, f);
    if (!found) {
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
function nearestFoe(foes: readonly Fighter[], i: number, j: number): number {
  let d = Infinity;
  for (let k = 0; k < foes.length; k++) {
    const e = foes[k] as Fighter;
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
  const foes = foesUp(ctx, f.side);
  for (;;) {
    const here = nearestFoe(foes, i, j);
    let bd = here;
    let bi = 0;
    let bj = 0;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        if (di === 0 && dj === 0) continue;
        const ni = i + di;
        const nj = j + dj;
        if (stepCost(ctx, ni, nj) > left) continue;
        const d = nearestFoe(foes, ni, nj);
        if (d > bd && !occupied(ctx, ni, nj, f)) {
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
  const { i, j } = f.at;
  // Each step brings it one square nearer at most, for one square of its allowance at least.
  if (squaresAt(i, j, enemy.at.i, enemy.at.j) - 1 > allowance) return null;
  let ei = 0;
  let ej = 0;
  let bd = Infinity;
  let bc = Infinity;
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      if (di === 0 && dj === 0) continue;
      const ci = enemy.at.i + di;
      const cj = enemy.at.j + dj;
      const d = squaresAt(i, j, ci, cj);
      const crow = (ci - i) ** 2 + (cj - j) ** 2;
      if (d > bd || (d === bd && crow >= bc)) continue;
      if (d > 0 && occupied(ctx, ci, cj, f)) continue;
      ei = ci;
      ej = cj;
      bd = d;
      bc = crow;
    }
  }
  if (bd === Infinity || bd === 0 || bd > allowance) return null;
  const path = line(GRID, f.at, { i: ei, j: ej }) as Square[];
  let cost = 0;
  for (let k = 1; k < path.length; k++) {
    const c = path[k] as Square;
    if (occupied(ctx, c.i, c.j, f)) return null;
    cost += stepCost(ctx, c.i, c.j);
  }
  return cost <= allowance ? path : null;
}
