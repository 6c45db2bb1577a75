import type { Cell } from "../../../engine/space/cell";
import { interceptSpots } from "../../../engine/space/intercept";
import { INTERCEPT_HEXES } from "../rules/constants";
import { REACTION_RP } from "../rules/reaction-window";
import type { Context } from "./context";
import type { Hex } from "./events";
import { AP_GRID, cellOf, cellsAt, hexOf, sizeOf } from "./field";
import { isUp, pool, type Fighter } from "./fighter";
import { distanceBetween, endable, passable } from "./position";

/**
 * Who can Intercept an attack, and where each would stand: allies of the target in the fight with
 * the RP, free to move (neither grappling nor grappled), able to reach within 3 hexes of movement
 * a hex next to both the target and the attacker (melee) or on the line between them (ranged), as
 * the engine's `space/intercept.ts` finds it on the runner's grid. Listed only when the tactics
 * could want one (`reaction-tactics.ts`: a hit that could drop the target, an ally who could take
 * it): nobody passes anything else up, and the search is the costliest step of an attack.
 * Source: `004_2cc57162401858c9.txt` §Intercept.
 */
export function interceptorsFor(
  ctx: Context,
  a: {
    readonly attacker: Fighter; readonly target: Fighter; readonly kind: "melee" | "ranged";
    readonly hits: boolean; readonly worst: number; readonly allowed: boolean;
  },
): Map<string, Hex> {
  const out = new Map<string, Hex>();
  const { attacker, target } = a;
  if (!a.allowed || !a.hits || target.hp > a.worst) return out;
  const reach = distanceBetween(attacker, target);
  for (const f of ctx.fighters) {
    if (f === target || f.side !== target.side || !isUp(f) || f.grappling || f.grappledBy) continue;
    if (pool(f, "rp") < REACTION_RP.intercept || f.hp <= a.worst || f.hp <= target.hp) continue;
    // Nearer than this it cannot be: 3 hexes of movement, then next to (or between) them.
    const near = a.kind === "melee" ? INTERCEPT_HEXES + 1 : INTERCEPT_HEXES + reach;
    if (distanceBetween(f, target) > near || distanceBetween(f, attacker) > near + reach) continue;
    const spot = spotFor(ctx, f, target, attacker, a.kind);
    if (spot) out.set(f.key, spot);
  }
  return out;
}

/** The cheapest spot from which `f` intercepts, or null (engine `interceptSpots`). */
function spotFor(
  ctx: Context, f: Fighter, ally: Fighter, attacker: Fighter, kind: "melee" | "ranged",
): Hex | null {
  const fp = (x: Fighter) => ({ origin: cellOf(x.at), size: sizeOf(x.block.size) });
  const cells = (c: Cell) => cellsAt(f.shape, hexOf(c));
  const spots = interceptSpots(AP_GRID, fp(f), fp(ally), fp(attacker), {
    attack: kind, budget: INTERCEPT_HEXES,
    passable: (c) => passable(ctx, f, cells(c)),
    canEnd: (c) => endable(ctx, f, cells(c)),
  }) as Cell[];
  const first = spots[0];
  return first ? hexOf(first) : null;
}
