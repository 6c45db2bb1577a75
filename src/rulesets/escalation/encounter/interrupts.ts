import { useBlockWith, type AbilityEntry } from "../rules/statblock";
import type { TurnContext } from "./context";
import { hasInterrupt, payUse } from "./economy";
import { popOff } from "./engagement";
import { cannotMove, mayActNow, type Fighter } from "./fighter";

/**
 * Interrupts in a headless encounter: one per round, outside the user's own turn, taken when its
 * trigger happens. The packs' two are played as `readings.ts` reads them: Slip Away when a foe
 * swings at its user, Ward of the Oath when an ally is struck. Source: `000_c2dc3d650823e22d.txt`
 * §Actions ("When it's not your turn, you may take one Interrupt action"), §Action Types
 * (Interrupt); RULINGS.md §escalation Turn ("one Interrupt per round outside the turn").
 */

/** Whether `f` may take `entry` as its Interrupt now. */
function canInterrupt(f: Fighter, entry: AbilityEntry, ctx: TurnContext): boolean {
  return mayActNow(f) && hasInterrupt(f, ctx) && !f.expended.includes(entry.id) &&
    useBlockWith(entry.system, ctx.escalation, f.summary) === null;
}

/**
 * Slip Away against a melee attack about to be rolled at `target`: the runner takes it when the
 * attack would be a Coup de Grace or the target is Staggered, and the target can move. The attack
 * then has no effect and the target pops free of the attacker.
 * @returns true when the attack is evaded (nothing is rolled).
 */
export function trySlipAway(
  attacker: Fighter,
  target: Fighter,
  coupDeGrace: boolean,
  attack: string,
  ctx: TurnContext,
): boolean {
  const entry = target.utilities.slipAway;
  if (
    !entry
    || !(coupDeGrace || target.state === "staggered")
    || cannotMove(target)
    || !canInterrupt(target, entry, ctx)
  )
    return false;
  payUse(target, entry, "interrupt", ctx);
  if (ctx.record) {
    ctx.emit({
      kind: "evade",
      round: ctx.round,
      actor: target.key,
      attacker: attacker.key,
      attack,
    });
    ctx.emit({ kind: "move", round: ctx.round, actor: target.key, to: null, reason: "slipAway" });
  }
  popOff(target, [attacker], "slipAway", ctx);
  return true;
}

/**
 * Ward of the Oath as a hit lands on `target`: an ally of the target takes it when the hit's
 * damage would drop the target to 0 HP or below. The hit then deals no damage.
 * @returns true when the damage is prevented.
 */
export function tryWard(
  target: Fighter,
  amount: number,
  attack: string,
  ctx: TurnContext,
): boolean {
  if (amount < target.hp || amount <= 0) return false;
  for (const ally of ctx.fighters) {
    const entry = ally.utilities.ward;
    if (!entry || ally === target || ally.side !== target.side || !canInterrupt(ally, entry, ctx))
      continue;
    payUse(ally, entry, "interrupt", ctx);
    if (ctx.record)
      ctx.emit({
        kind: "ward",
        round: ctx.round,
        actor: ally.key,
        target: target.key,
        attack,
        prevented: amount,
      });
    return true;
  }
  return false;
}
