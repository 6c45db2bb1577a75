import type { SuccessLevel } from "../../../engine/dice/roll-under";
import { FP_KILL, FP_REACTION } from "../rules/constants";
import { FLOW_STATE, hitFp, TAGS } from "../rules/pools";
import type { Context } from "./context";
import type { Pool } from "./events";
import type { Fighter } from "./fighter";

/**
 * Every change of a fighter's AP, RP and FP in a headless fight, made on its `PointsLedger` (the
 * engine's point economy over `rules/pools.ts` `apEconomy`, in place) and logged as one `pool`
 * event per pool that changed (`{pool, delta, before, after, cause}`), after the change.
 * Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Surprise Attacks; RULINGS.md
 * §action-points Pools.
 */
function logged(ctx: Context, f: Fighter, pool: Pool, before: number, cause: string): void {
  const after = f.points.get(pool);
  if (after !== before) {
    ctx.emit({
      kind: "pool", round: ctx.round, actor: f.key, pool, delta: after - before, before, after,
      cause,
    });
  }
}

/**
 * Spends from a pool (tagged for the economy's caps and limits: `move`, `step`, `shove`).
 * @returns false, with nothing spent, when the economy refuses.
 */
export function pay(
  ctx: Context, f: Fighter, pool: Pool, amount: number, cause: string, tag?: string,
): boolean {
  // The value before is only logged: an unrecorded fight does not look it up.
  const before = ctx.record ? f.points.get(pool) : 0;
  if (f.points.spend(pool, amount, tag) !== null) return false;
  if (ctx.record) logged(ctx, f, pool, before, cause);
  return true;
}

/** Whether the economy would take the spend. */
export const canPay = (f: Fighter, pool: Pool, amount: number, tag?: string): boolean =>
  f.points.refusal(pool, amount, tag) === null;

/** Adds to a pool (a refund, Total Defense's RP, FP), tagged when once a round. */
export function give(
  ctx: Context, f: Fighter, pool: Pool, amount: number, cause: string, tag?: string,
): void {
  const before = ctx.record ? f.points.get(pool) : 0;
  if (f.points.gain(pool, amount, tag) === null && ctx.record) logged(ctx, f, pool, before, cause);
}

/** A turn edge on `f`'s pools (`start`: its start, else its end), each change logged. */
function edge(ctx: Context, f: Fighter, start: boolean): void {
  const p = f.points;
  if (!ctx.record) return start ? p.startTurn() : p.endTurn();
  const ap = p.get("ap");
  const rp = p.get("rp");
  const fp = p.get("fp");
  if (start) p.startTurn();
  else p.endTurn();
  const cause = start ? "turnStart" : "turnEnd";
  logged(ctx, f, "ap", ap, cause);
  logged(ctx, f, "rp", rp, cause);
  logged(ctx, f, "fp", fp, cause);
}

/** The start of the fighter's turn: AP and RP refilled, the turn's tallies cleared. */
export const turnStarts = (ctx: Context, f: Fighter): void => edge(ctx, f, true);

/** The end of its turn: unspent AP lost, FP −1 unless Flow State was taken. */
export const turnEnds = (ctx: Context, f: Fighter): void => edge(ctx, f, false);

/** A new round: once-a-round actions and gains come back (no pool changes). */
export const roundStarts = (f: Fighter): void => f.points.startRound();

/**
 * The first normal round after a surprise: a surprised fighter gets the FP it would have started
 * with (`rules/pools.ts` `afterSurprise`).
 */
export const surpriseOver = (ctx: Context, f: Fighter): void =>
  give(ctx, f, "fp", f.econ.pools.fp?.atCombatStart ?? 0, "surpriseOver");

/** A hit's FP: +3 on a Critical success, else +2 (`rules/pools.ts` `hitFp`). */
export const hitGain = (ctx: Context, f: Fighter, level: SuccessLevel): void =>
  give(ctx, f, "fp", hitFp(level), level === "critical" ? "criticalHit" : "hit");

/** A killing blow's FP. */
export const killGain = (ctx: Context, f: Fighter): void => give(ctx, f, "fp", FP_KILL, "kill");

/** A successful reaction's FP, once a round. */
export const reactionGain = (ctx: Context, f: Fighter): void =>
  give(ctx, f, "fp", FP_REACTION, "successfulReaction", TAGS.reactionFp);

/** Flow State: this turn's FP decay is skipped. */
export const flowStateTaken = (f: Fighter): void => f.points.raiseFlag(FLOW_STATE);
