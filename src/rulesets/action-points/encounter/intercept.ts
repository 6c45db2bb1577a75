import { line } from "../../../engine/space/measure";
import { INTERCEPT_HEXES } from "../rules/constants";
import { REACTION_RP } from "../rules/reaction-window";
import type { Context } from "./context";
import type { Hex } from "./events";
import {
  AP_GRID, cellOf, cellsAt, cellsDistance, DIRECTIONS, hexOf, sameHex, type Shape,
} from "./field";
import { isUp, pool, type Fighter } from "./fighter";
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
 * found on the runner's axial hexes: `test/field.test.ts` checks the two agree on random fields.
 * Source: `004_2cc57162401858c9.txt` §Intercept.
 */
export function interceptorsFor(
  ctx: Context, attacker: Fighter, target: Fighter, kind: "melee" | "ranged", attackRank: number,
  worst: number,
): Map<string, Hex> | null {
  const melee = kind === "melee";
  if (!interceptWanted(target, attacker, attackRank, worst, melee)) return null;
  let out: Map<string, Hex> | null = null;
  let between: Hex[] | null = null;
  const reach = distanceBetween(attacker, target);
  for (const f of ctx.fighters) {
    if (f === target || f.side !== target.side || !isUp(f) || f.grappling || f.grappledBy) continue;
    if (pool(f, "rp") < REACTION_RP.intercept) continue;
    if (!allyWouldIntercept(f, target, attackRank, worst)) continue;
    // Nearer than this it must be: 3 hexes of movement to a hex next to both (melee), or on the
    // line between them, itself within `reach` of either (ranged).
    const near = INTERCEPT_HEXES + (melee ? 1 : reach);
    if (distanceBetween(f, target) > near || distanceBetween(f, attacker) > near) continue;
    if (!melee) between ??= lineBetween(attacker.cells, target.cells);
    const spot = spotsFor(f.shape, f.at, target.cells, attacker.cells, between, INTERCEPT_HEXES, {
      passable: (h) => passableAt(ctx, f, h.q, h.r), canEnd: (h) => endableAt(ctx, f, h.q, h.r),
    }, true)[0];
    if (spot) (out ??= new Map()).set(f.key, spot);
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
 * The top-left hexes a token of `shape` at `at` can walk to through hexes it may pass within
 * `budget` steps and end on, from which it intercepts: next to both `ally` and `attacker` (melee,
 * `between` null) or covering a hex of `between` (ranged); cheapest first, breadth first in
 * `DIRECTIONS` order as the engine's `reachable` finds them. `first`: stop at the first.
 */
export function spotsFor(
  shape: Shape, at: Hex, ally: readonly Hex[], attacker: readonly Hex[],
  between: readonly Hex[] | null, budget: number,
  rules: {
    /** Whether the token may step into (or end on) this top-left hex. */
    readonly passable: (at: Hex) => boolean;
    readonly canEnd: (at: Hex) => boolean;
  },
  first: boolean,
): Hex[] {
  const seenQ: number[] = [at.q];
  const seenR: number[] = [at.r];
  const depth: number[] = [0];
  const out: Hex[] = [];
  const seen = new SeenHexes(at, budget);
  for (let k = 0; k < seenQ.length; k++) {
    const h = { q: seenQ[k] as number, r: seenR[k] as number };
    const cells = cellsAt(shape, h);
    const good = between
      ? cells.some((c) => between.some((b) => sameHex(b, c)))
      : cellsDistance(cells, ally) === 1 && cellsDistance(cells, attacker) === 1;
    if (good && rules.canEnd(h)) {
      out.push(h);
      if (first) return out;
    }
    if ((depth[k] as number) >= budget) continue;
    for (const d of DIRECTIONS) {
      const nq = h.q + d.q;
      const nr = h.r + d.r;
      if (seen.has(nq, nr) || !rules.passable({ q: nq, r: nr })) continue;
      seen.add(nq, nr);
      seenQ.push(nq);
      seenR.push(nr);
      depth.push((depth[k] as number) + 1);
    }
  }
  return out;
}

/**
 * An interceptor moves to its spot when it takes the Intercept: by a shortest walk of at most
 * 3 hexes, with no AP and provoking nothing (`rules/silent.ts`), logged as an `intercept` move.
 */
export function moveToIntercept(ctx: Context, f: Fighter, spot: Hex): void {
  if (sameHex(spot, f.at)) return;
  const path = walkTo(ctx, f, spot, INTERCEPT_HEXES) as Hex[];
  placeAt(ctx, f, spot);
  if (ctx.record) {
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, reason: "intercept", path, ap: 0 });
  }
}
