import { opportunityAttackers } from "../rules/actions";
import { attack } from "./attacks";
import type { Context } from "./context";
import { armedForMelee, isUp, type Fighter } from "./fighter";
import { bestWeapon } from "./reactions";

/**
 * An action that provokes (or leaving reach) offers each adjacent foe armed for melee a free
 * melee attack, unless the mover Disengaged this round. Returns whether the mover is still up.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions; RULINGS.md §shock Attacks of Opportunity.
 */
export function provoke(ctx: Context, mover: Fighter): boolean {
  // Nobody adjacent offers nothing (most moves): no lists to make.
  if (!mover.engaged.size) return isUp(mover);
  const foes = Array.from({ length: mover.engaged.size }, (_, i) => mover.engaged.itemAt(i));
  // A surprised side takes no action in the others' free round, this free attack included.
  const adjacent = foes.map((f) => ({
    key: f.key,
    armedForMelee: armedForMelee(f),
    able: isUp(f) && !ctx.sittingOut.has(f.side),
  }));
  const attackers = opportunityAttackers(true, mover.budget, adjacent);
  for (const k of attackers) {
    if (!isUp(mover)) break;
    const foe = ctx.byKey.get(k) as Fighter;
    const w = bestWeapon(ctx, foe, mover, "melee");
    if (!w) continue;
    if (ctx.record) {
      ctx.emit({ kind: "opportunity", round: ctx.round, attacker: foe.key, target: mover.key });
    }
    attack(ctx, foe, mover, w, { kind: "opportunity" });
  }
  return isUp(mover);
}
