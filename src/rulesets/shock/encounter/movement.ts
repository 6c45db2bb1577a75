import { MOVE_FEET } from "../rules/constants";
import { provoke } from "./provoke";
import { pay, type Context } from "./context";
import type { MoveAction, MoveEvent, Paid } from "./events";
import { armedForMelee, disengageAll, engage, type Fighter } from "./fighter";
import { distance, leaveSpot, locate, nearestFoe } from "./position";
import { strike } from "./strike";

/**
 * Moving in a headless `shock` fight. Every move is one action of the mover's, paid before it
 * moves: a Run (its Move, or its Main spent as a second Move), a Charge (both), a Screen (a Move).
 * Its event names that action and what paid, so the log alone shows that nobody moves more than
 * its two Moves a round allow. A push is the one move that is no action of the mover's: the
 * shover's attack forces it (`shove.ts`, paid "forced"). Positions are abstract (`position.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types (Move Actions), §Run, §Charge, §Screen
 * an Ally; RULINGS.md §shock Actions.
 */

/** Logs a move of `f`, naming the action that carried it and what paid for that action. */
export function moved(
  ctx: Context, f: Fighter, to: string | null, feet: number, reason: MoveEvent["reason"],
  action: MoveAction | null, paid: Paid | "forced",
): void {
  if (!ctx.record) return;
  ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to, feet, reason, action, paid });
}

/**
 * Close on the nearest foe: a Run then an attack when it is within a run, a charge (+2, −2 AC)
 * from 5–60 ft with a melee weapon, else up to two Runs, the second ending next to the foe when
 * it is within that run.
 */
export function approach(ctx: Context, f: Fighter, foes: readonly Fighter[]): void {
  if (f.grappling || f.grappledBy.size) return;
  const target = nearestFoe(ctx, f, foes);
  const d = distance(ctx, f, target);
  if (d <= MOVE_FEET) {
    const paid = pay(ctx, f, "run");
    if (!paid) return;
    arrive(ctx, f, target, d, "engage", "run", paid);
    strike(ctx, f, target, "meleeAttack");
    return;
  }
  if (d <= 2 * MOVE_FEET && armedForMelee(f)) {
    const paid = pay(ctx, f, "charge");
    if (paid) {
      f.chargeRound = ctx.round;
      arrive(ctx, f, target, d, "charge", "charge", paid);
      strike(ctx, f, target, "meleeAttack", "charge");
      return;
    }
  }
  for (let i = 0; i < 2; i++) {
    const paid = pay(ctx, f, "run");
    if (!paid || runTowards(ctx, f, target, paid)) return;
  }
}

/**
 * One paid Run towards `target`: it ends next to the foe when the foe is within the run, else a
 * run's length nearer. Returns whether it arrived.
 */
export function runTowards(ctx: Context, f: Fighter, target: Fighter, paid: Paid): boolean {
  const d = distance(ctx, f, target);
  if (d <= MOVE_FEET) {
    arrive(ctx, f, target, d, "engage", "run", paid);
    return true;
  }
  f.advance += MOVE_FEET;
  leaveSpot(f);
  moved(ctx, f, null, MOVE_FEET, "engage", "run", paid);
  return false;
}

/** `f` ends its move next to `target` (`feet` covered): off its spot, and `target` is found. */
function arrive(
  ctx: Context, f: Fighter, target: Fighter, feet: number, reason: "engage" | "charge",
  action: "run" | "charge", paid: Paid,
): void {
  f.advance = Math.max(f.advance, ctx.gap - target.advance);
  engage(f, target);
  leaveSpot(f);
  moved(ctx, f, target.key, feet, reason, action, paid);
  locate(ctx, target);
}

/**
 * Moves away from every adjacent foe (a Run; provokes unless Disengaged). Returns whether still
 * up.
 */
export function withdraw(ctx: Context, f: Fighter): boolean {
  const paid = pay(ctx, f, "run");
  if (!paid) return true;
  if (!provoke(ctx, f)) return false;
  disengageAll(f);
  f.advance = Math.max(0, f.advance - MOVE_FEET);
  leaveSpot(f);
  moved(ctx, f, null, MOVE_FEET, "withdraw", "run", paid);
  return true;
}
