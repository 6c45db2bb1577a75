import {
  endTurn, gain, spend, startRound, startTurn, type PointsState,
} from "../../../engine/economy/points";
import type { SuccessLevel } from "../../../engine/dice/roll-under";
import { afterSurprise, gainForHit, gainForKill, gainForReaction } from "../rules/pools";
import type { Context } from "./context";
import type { Pool } from "./events";
import type { Fighter } from "./fighter";

/**
 * Every change of a fighter's AP, RP and FP in a headless fight, made through the engine's point
 * economy with the rules of `rules/pools.ts` and logged as one `pool` event per pool that changed
 * (`{pool, delta, before, after, cause}`), after the change. Source: `004_2cc57162401858c9.txt`
 * §Actions/Turn Cheat Sheet, §Surprise Attacks; RULINGS.md §action-points Pools.
 */
const POOLS: readonly Pool[] = ["ap", "rp", "fp"];

/** Sets the fighter's pools and logs each one that changed. */
export function setPoints(ctx: Context, f: Fighter, next: PointsState, cause: string): void {
  const before = f.points;
  f.points = next;
  if (!ctx.record) return;
  for (const pool of POOLS) {
    const b = before.pools[pool] ?? 0;
    const a = next.pools[pool] ?? 0;
    if (a !== b) {
      ctx.emit({
        kind: "pool", round: ctx.round, actor: f.key, pool, delta: a - b, before: b, after: a, cause,
      });
    }
  }
}

/**
 * Spends from a pool (tagged for the economy's caps and limits: `move`, `step`, `shove`).
 * @returns false, with nothing spent, when the economy refuses.
 */
export function pay(
  ctx: Context, f: Fighter, pool: Pool, amount: number, cause: string, tag?: string,
): boolean {
  const r = spend(f.econ, f.points, pool, amount, tag);
  if (!r.ok) return false;
  setPoints(ctx, f, r.state, cause);
  return true;
}

/** Whether the economy would take the spend. */
export function canPay(f: Fighter, pool: Pool, amount: number, tag?: string): boolean {
  return spend(f.econ, f.points, pool, amount, tag).ok;
}

/** Adds to a pool (a refund, Total Defense's RP). */
export function give(ctx: Context, f: Fighter, pool: Pool, amount: number, cause: string): void {
  const r = gain(f.econ, f.points, pool, amount);
  if (r.ok) setPoints(ctx, f, r.state, cause);
}

/** The start of the fighter's turn: AP and RP refilled, the turn's tallies cleared. */
export const turnStarts = (ctx: Context, f: Fighter): void =>
  setPoints(ctx, f, startTurn(f.econ, f.points), "turnStart");

/** The end of its turn: unspent AP lost, FP −1 unless Flow State was taken. */
export const turnEnds = (ctx: Context, f: Fighter): void =>
  setPoints(ctx, f, endTurn(f.econ, f.points), "turnEnd");

/** A new round: once-a-round actions and gains come back (nothing is logged: no pool changes). */
export function roundStarts(f: Fighter): void {
  f.points = startRound(f.points);
}

/** The first normal round after a surprise: a surprised fighter gets its starting FP. */
export const surpriseOver = (ctx: Context, f: Fighter): void =>
  setPoints(ctx, f, afterSurprise(f.econ, f.points), "surpriseOver");

/** A hit's FP: +3 on a Critical success, else +2. */
export const hitGain = (ctx: Context, f: Fighter, level: SuccessLevel): void =>
  setPoints(ctx, f, gainForHit(f.econ, f.points, level), level === "critical" ? "criticalHit" : "hit");

/** A killing blow's FP. */
export const killGain = (ctx: Context, f: Fighter): void =>
  setPoints(ctx, f, gainForKill(f.econ, f.points), "kill");

/** A successful reaction's FP, once a round. */
export const reactionGain = (ctx: Context, f: Fighter): void =>
  setPoints(ctx, f, gainForReaction(f.econ, f.points).state, "successfulReaction");
