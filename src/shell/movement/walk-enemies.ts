import type { Footprint } from "../../engine/space/footprint";
import { tokenPlace } from "../combat/positions";
import type { Walked } from "./walked";

/** An enemy of a mover on its walk's grid: its combatant id, its footprint, and the ruleset's. */
export type WalkEnemy<T> = T & { readonly id: string; readonly at: Footprint };

/**
 * The mover's enemies on its walk's grid (`walked.ts`): the encounter's other combatants whose
 * token stands there with the other disposition (friendly against hostile; a neutral mover has
 * none), each with its footprint and what `read` makes of it (null leaves it out: another
 * ruleset's actor, one that cannot threaten). Used by phases' opportunity attacks and wounds'
 * free hits.
 */
export function enemiesOnWalk<T extends object>(
  combatants: Iterable<Combatant.Implementation>, mover: Combatant.Implementation, walked: Walked,
  read: (c: Combatant.Implementation, actor: Actor.Implementation) => T | null,
): WalkEnemy<T>[] {
  const side = Math.sign(mover.token?.disposition ?? 0);
  const out: WalkEnemy<T>[] = [];
  for (const c of combatants) {
    const token = c.token as TokenDocument.Implementation | null;
    const hostile = side !== 0 && Math.sign(token?.disposition ?? 0) === -side;
    if (c.id === mover.id || !token || !c.actor || !hostile) continue;
    const at = walked.placement.footprint(tokenPlace(token));
    const own = at ? read(c, c.actor) : null;
    if (at && own) out.push({ ...own, id: c.id ?? "", at });
  }
  return out;
}
