import type { SuccessLevel } from "../../../../engine/dice/roll-under";
import { FP_KILL } from "../../rules/constants";
import { hitFp } from "../../rules/pools";
import type { ApWindowSettlement } from "../../rules/reaction-window";
import { settlementOf, type ApWindowState } from "./react";

/**
 * What applying a settled attack card does, pure: each hit of its window, the attack's own (on
 * whoever took it: the target, or an ally who intercepted) and a Riposte's counterattack (on the
 * attacker), deals its damage, and its striker gains +2 FP (+3 on a Critical) and +1 more for a
 * killing blow. Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet (FP), §Riposte;
 * RULINGS.md §action-points Pools, Attacks, Hit points.
 */
export interface Hit {
  /** Who strikes and who takes it (window keys). */
  readonly by: string;
  readonly on: string;
  readonly damage: number;
  readonly level: SuccessLevel;
  readonly multiplier: number;
  readonly dice: readonly number[];
}

const hitOf = (by: string, s: ApWindowSettlement): Hit | null =>
  s.hit && s.target
    ? { by, on: s.target, damage: s.damage, level: s.level, multiplier: s.multiplier, dice: s.dice }
    : null;

/** Every hit of a settled window: the attack's, then each counterattack's, in order. */
export function hitsOf(state: ApWindowState): Hit[] {
  const attack = state.settlement;
  const context = state.frames[0]?.context;
  if (!attack || !context) return [];
  const counters = state.closed.flatMap((c) => {
    const settlement = settlementOf(c.settlement);
    return settlement ? hitOf(c.frame.context.attacker, settlement) ?? [] : [];
  });
  const own = hitOf(context.attacker, attack);
  return [...counters, ...(own ? [own] : [])];
}

/** The FP a hit gives its striker: +2, +3 on a Critical, +1 more when it felled its target. */
export function fpForHit(hit: Pick<Hit, "level">, felled: boolean): number {
  return hitFp(hit.level) + (felled ? FP_KILL : 0);
}

/**
 * What a hit's striker keeps after it: its FP with the hit's gain (`fpForHit`; FP have no cap, so
 * a gain always adds). A killing blow fells a foe: the one struck stood before the hit, is at 0 HP
 * after it, and is not of the striker's side (§Actions/Turn Cheat Sheet).
 * @param struck the HP of the one struck before and after the hit, and whether it is a foe.
 */
export function strikerAfterHit(
  hit: Pick<Hit, "level">, fp: number,
  struck: { readonly before: number; readonly after: number; readonly foe: boolean },
): { fp: number } {
  const felled = struck.before > 0 && struck.after === 0 && struck.foe;
  return { fp: fp + fpForHit(hit, felled) };
}
