import { canTake } from "../rules/actions";
import { SWARM_ASSISTANTS_MAX } from "../rules/constants";
import type { Context } from "./context";
import { isUp, prefersRange, type Fighter } from "./fighter";
import { bestWeapon, expected } from "./reactions";

/**
 * A side's swarm plan for its turn (§Make a Swarm Attack): for each foe that two or more of the
 * side's melee fighters stand next to, compare the exact expected damage of their separate attacks
 * with one swarm (the others assist, the best striker attacks with +2/+1 per assistant and Shock
 * that lands through AC and shield). Where the swarm is worth more, the assistants act first and
 * the striker last (the side's members act "in whatever order they'd like").
 */
export interface SwarmRole {
  readonly role: "assist" | "strike";
  readonly target: string;
}

/**
 * Plans the swarms of `side` (its members still up, in listed order), reordering it in place:
 * assistants first, those without a role next, strikers last (a stable sort).
 * @returns each planned member's role by key (the shared empty map when none swarms).
 */
export function planSwarms(ctx: Context, side: Fighter[]): ReadonlyMap<string, SwarmRole> {
  // Who could swarm anyone this turn (planning changes none of it); most turns, fewer than two.
  let count = 0;
  for (const f of side) if (canSwarm(f)) count++;
  if (count < 2) return NO_ROLES;
  const able = side.filter(canSwarm);
  const roles = new Map<string, SwarmRole>();
  // The crew of each foe in turn, in a list kept from call to call (planning is never nested).
  const crew = CREW;
  for (const target of ctx.fighters) {
    if (!isUp(target) || target.party === side[0]?.party) continue;
    // The able fighters next to it not yet given a role, at most a striker and its assistants.
    let size = 0;
    for (const f of able) {
      if (size > SWARM_ASSISTANTS_MAX) break;
      if (!roles.has(f.key) && f.engaged.has(target.key)) crew[size++] = f;
    }
    if (size < 2) continue;
    let separate = 0;
    let best: Fighter | null = null;
    let bestValue = 0;
    for (let i = 0; i < size; i++) {
      const f = crew[i] as Fighter;
      const w = bestWeapon(ctx, f, target, "melee");
      if (!w) continue;
      separate += expected(ctx, f, target, w);
      const value = expected(ctx, f, target, w, size - 1);
      if (!best || value > bestValue) {
        best = f;
        bestValue = value;
      }
    }
    if (!best || bestValue <= separate) continue;
    for (let i = 0; i < size; i++) {
      const f = crew[i] as Fighter;
      roles.set(f.key, { role: f === best ? "strike" : "assist", target: target.key });
    }
  }
  const rank = (f: Fighter) => {
    const role = roles.get(f.key)?.role;
    return role === "assist" ? 0 : role === "strike" ? 2 : 1;
  };
  // Without a swarm every rank is equal, and the sort (stable) would change nothing.
  if (roles.size) side.sort((a, b) => rank(a) - rank(b));
  return roles;
}

const NO_ROLES: ReadonlyMap<string, SwarmRole> = new Map();
const CREW: Fighter[] = [];

/** Up, next to a foe, a melee fighter, free of grapples, its Main unspent. */
function canSwarm(f: Fighter): boolean {
  return isUp(f) && f.engaged.size > 0 && !prefersRange(f) && !f.grappling &&
    !f.grappledBy.size && canTake(f.budget, "swarmAttack");
}
