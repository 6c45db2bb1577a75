import { line } from "../../../engine/space/measure";
import { INTERCEPT_HEXES } from "../rules/constants";
import { REACTION_RP } from "../rules/reaction-window";
import { upOf, type Context } from "./context";
import type { Hex } from "./events";
import {
  AP_GRID, axialSteps, cellOf, cellsAt, cellsDistance, DIRECTIONS, hexOf, sameHex, type Shape,
} from "./field";
import { pool, type Fighter } from "./fighter";
import { distanceBetween, endableAt, passableAt, placeAt, walkTo } from "./position";
import { allyWouldIntercept, interceptWanted } from "./reaction-tactics";
import { SeenHexes } from "./seen-hexes";

/**
 * Who can Intercept an attack, and where each would stand: allies of the target in the fight with
 * the RP, free to move (neither grappling nor grappled), able to reach within 3 hexes of movement
 * a hex next to both the target and the attacker (melee) or on the line between them (ranged).
 * Listed only when the tactics could take one (`reaction-tactics.ts` `interceptWanted`,
 * `allyWouldIntercept`): nobody passes
 * anything else up, and the search is the costliest step of an attack.
 *
 * The spots are the engine's `space/intercept.ts` `interceptSpots` (cheapest first, the same order)
 * found on the runner's axial hexes: `test/runner-space.test.ts` checks the two agree on random
 * fields, for `spotsFor` and for the ally and spot each listed here.
 *
 * `firstOnly`: list only the first ally found (a fight that logs nothing: the tactics take the
 * first Intercept offered that `allyWouldIntercept` passes, which is the first listed, so the
 * others' searches change nothing there; a recorded fight logs every offer).
 * Source: `004_2cc57162401858c9.txt` §Intercept.
 */
export function interceptorsFor(
  ctx: Context, attacker: Fighter, target: Fighter, kind: "melee" | "ranged", attackRank: number,
  worst: number, firstOnly = false,
): Map<string, Hex> | null {
  const melee = kind === "melee";
  if (!interceptWanted(target, attacker, attackRank, worst, melee)) return null;
  let out: Map<string, Hex> | null = null;
  let between: Hex[] | null = null;
  // Only a ranged attack's line reads the gap between attacker and target.
  const reach = melee ? 0 : distanceBetween(attacker, target);
  // The target's side in the fight, in listed order (nothing here makes anyone fall).
  const allies = upOf(ctx, target.side);
  for (let k = 0; k < allies.length; k++) {
    const f = allies[k] as Fighter;
    if (f === target || f.grappling || f.grappledBy) continue;
    if (pool(f, "rp") < REACTION_RP.intercept) continue;
    if (!allyWouldIntercept(f, target, attackRank, worst)) continue;
    // Nearer than this it must be: 3 hexes of movement to a hex next to both (melee), or on the
    // line between them, itself within `reach` of either (ranged).
    const near = INTERCEPT_HEXES + (melee ? 1 : reach);
    if (distanceBetween(f, target) > near || distanceBetween(f, attacker) > near) continue;
    if (!melee) between ??= lineBetween(attacker.cells, target.cells);
    const spot = spotsFor(ctx, f, target.cells, attacker.cells, between, INTERCEPT_HEXES, true)[0];
    if (spot) {
      (out ??= new Map()).set(f.key, spot);
      if (firstOnly) break;
    }
  }
  return out;
}

/**
 * The hexes of the straight line from the attacker's hex nearest the ally to the ally's hex
 * nearest the attacker (the first such pair), less both tokens' own: where a ranged attack can be
 * intercepted (the engine's reading of "directly between", `space/intercept.ts`).
 */
export function lineBetween(attacker: readonly Hex[], ally: readonly Hex[]): Hex[] {
  let from = attacker[0] as Hex;
  let to = ally[0] as Hex;
  let d = Infinity;
  for (const x of attacker) {
    for (const y of ally) {
      const here = cellsDistance([x], [y]);
      if (here < d) {
        d = here;
        from = x;
        to = y;
      }
    }
  }
  const own = (h: Hex) => attacker.some((c) => sameHex(c, h)) || ally.some((c) => sameHex(c, h));
  return (line(AP_GRID, cellOf(from), cellOf(to)) ?? []).map(hexOf).filter((h) => !own(h));
}

/**
 * The top-left hexes `f`'s token can walk to from where it stands within `budget` steps through
 * hexes it may pass (`position.ts` `passableAt`) and end on (`endableAt`), from which it
 * intercepts: next to both `ally` and `attacker` (melee, `between` null) or covering a hex of
 * `between` (ranged); cheapest first, breadth first in `DIRECTIONS` order as the engine's
 * `reachable` finds them. `first`: stop at the first. The search reads each hex as numbers, and
 * makes a token's hexes only for one of several: a fight runs one or two a turn.
 */
export function spotsFor(
  ctx: Context, f: Fighter, ally: readonly Hex[], attacker: readonly Hex[],
  between: readonly Hex[] | null, budget: number, first: boolean,
): Hex[] {
  const at = f.at;
  const seenQ: number[] = [at.q];
  const seenR: number[] = [at.r];
  const depth: number[] = [0];
  const out: Hex[] = [];
  const seen = new SeenHexes(at, budget);
  for (let k = 0; k < seenQ.length; k++) {
    const q = seenQ[k] as number;
    const r = seenR[k] as number;
    if (intercepts(f.shape, q, r, ally, attacker, between) && endableAt(ctx, f, q, r)) {
      out.push({ q, r });
      if (first) return out;
    }
    if ((depth[k] as number) >= budget) continue;
    for (const d of DIRECTIONS) {
      const nq = q + d.q;
      const nr = r + d.r;
      if (seen.has(nq, nr) || !passableAt(ctx, f, nq, nr)) continue;
      seen.add(nq, nr);
      seenQ.push(nq);
      seenR.push(nr);
      depth.push((depth[k] as number) + 1);
    }
  }
  return out;
}

/**
 * Whether a token of `shape` with its top-left hex at (q, r) intercepts: covers a hex of
 * `between` (ranged), else is next to both `ally` and `attacker` (melee). A one-hex token is read
 * as its hex, without making its list of hexes.
 */
function intercepts(
  shape: Shape, q: number, r: number, ally: readonly Hex[], attacker: readonly Hex[],
  between: readonly Hex[] | null,
): boolean {
  const offsets = shape[r & 1] as readonly Hex[];
  if (offsets.length !== 1) {
    const cells = cellsAt(shape, { q, r });
    return between
      ? cells.some((c) => between.some((b) => sameHex(b, c)))
      : cellsDistance(cells, ally) === 1 && cellsDistance(cells, attacker) === 1;
  }
  const hq = q + (offsets[0] as Hex).q;
  const hr = r + (offsets[0] as Hex).r;
  if (between) {
    for (let k = 0; k < between.length; k++) {
      const b = between[k] as Hex;
      if (b.q === hq && b.r === hr) return true;
    }
    return false;
  }
  return distanceTo(hq, hr, ally) === 1 && distanceTo(hq, hr, attacker) === 1;
}

/** The least distance from hex (q, r) to a set of hexes (`cellsDistance` of that one hex). */
function distanceTo(q: number, r: number, cells: readonly Hex[]): number {
  let best = Infinity;
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k] as Hex;
    const d = axialSteps(q - c.q, r - c.r);
    if (d < best) best = d;
  }
  return best;
}

/**
 * An interceptor moves to its spot when it takes the Intercept: by a shortest walk of at most
 * 3 hexes, with no AP and provoking nothing (`rules/silent.ts`), logged as an `intercept` move.
 */
export function moveToIntercept(ctx: Context, f: Fighter, spot: Hex): void {
  if (sameHex(spot, f.at)) return;
  // The walk is only logged: the spot was found reachable (`spotsFor`), so an unrecorded fight
  // places the token without finding it again.
  const path = ctx.record ? (walkTo(ctx, f, spot, INTERCEPT_HEXES) as Hex[]) : null;
  placeAt(ctx, f, spot);
  if (path) {
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, reason: "intercept", path, ap: 0 });
  }
}
