import { FLOW_STATE } from "../rules/pools";
import { perform } from "./actions";
import type { Context } from "./context";
import { condition } from "./damage";
import { isUp, pool, type Fighter } from "./fighter";
import { turnEnds, turnStarts } from "./ledger";
import { breakFree, keepGrapple } from "./special";
import { nextPlan } from "./tactics";
import { GRAPPLE_UPKEEP_AP } from "../rules/special-actions";

/**
 * One combatant's turn in a headless `action-points` fight. It begins with its AP and RP refilled
 * and its Total Defense over; a grappled combatant tries to break free (and does nothing else
 * while held); a grappler pays 2 AP to keep its hold, or lets go; then it acts as its tactics
 * choose (`tactics.ts`) until it has no AP left, chooses to stop, takes Total Defense (which ends
 * the turn) or the fight is decided. Its end loses the unspent AP and, unless Flow State was
 * taken, 1 FP. Source: `004_2cc57162401858c9.txt` §Individual Turn Sequence, §Actions, §Grapple,
 * §Total Defense, §Flow State.
 */
const MAX_ACTIONS = 20;

/** Plays the turn. */
export function takeTurn(ctx: Context, f: Fighter): void {
  ctx.acting = f;
  f.swings = 0;
  f.walkBlocked = false;
  turnStarts(ctx, f);
  if (f.totalDefense) {
    f.totalDefense = false;
    condition(ctx, f, "totalDefense", false, f, "turnStart");
  }
  if (f.grappledBy && !breakFree(ctx, f)) return;
  if (f.grappling) {
    const held = f.grappling;
    keepGrapple(ctx, f, isUp(held) && pool(f, "ap") >= GRAPPLE_UPKEEP_AP);
  }
  for (let n = 0; n < MAX_ACTIONS && isUp(f); n++) {
    const plan = nextPlan(ctx, f);
    if (!plan) return;
    perform(ctx, f, plan);
    if (plan.do === "totalDefense") return;
  }
}

/** The end of its turn: AP lost, FP decay unless Flow State. */
export function endTurn(ctx: Context, f: Fighter): void {
  const flow = f.points.hasFlag(FLOW_STATE);
  turnEnds(ctx, f);
  if (flow) condition(ctx, f, "flowState", false, f, "turnEnd");
  ctx.acting = null;
}
