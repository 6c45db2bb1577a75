import {
  gain, raiseFlag, startCombat, type PointsEconomy, type PointsResult, type PointsState,
} from "../../../engine/economy/points";
import type { SuccessLevel } from "../../../engine/dice/roll-under";
import {
  FP_CRIT, FP_DECAY, FP_HIT, FP_KILL, FP_REACTION, MAX_MOVE_AP,
} from "./constants";
import type { Statblock } from "./statblock";

/**
 * action-points' three pools on the engine's point economy (`engine/economy/points.ts`): AP
 * refilled at the start of the combatant's own turn and lost at its end; RP full at the start of
 * combat and refilled at the start of each own turn; FP at their starting value at the start of
 * combat, kept from turn to turn and −1 at the end of each own turn unless Flow State was taken.
 * Abilities raise what a combatant refills to or starts with (its statblock's `pools`). At most
 * 2 AP of movement a turn; Take a Step, Feint and Shove once a round; the FP for a successful
 * reaction once a round; one break-free check a round.
 * Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Actions, §Reactions, §Special
 * Actions, §Grapple, §Surprise Attacks; RULINGS.md §action-points Pools, Costs, Surprise.
 */
export const FLOW_STATE = "flowState";

/** Tags of spends and gains the economy caps or limits. */
export const TAGS = {
  move: "move", step: "step", feint: "feint", shove: "shove", reactionFp: "reactionFp",
  breakFree: "breakFree",
} as const;

/** A combatant's economy from its statblock's pools. */
export function apEconomy(block: Pick<Statblock, "pools">): PointsEconomy {
  const { ap, rp, fp } = block.pools;
  return {
    pools: {
      ap: { full: ap, atCombatStart: ap, atTurnStart: "refill", atTurnEnd: "lose" },
      rp: { full: rp, atCombatStart: rp, atTurnStart: "refill", atTurnEnd: "keep" },
      fp: {
        full: fp, atCombatStart: fp, atTurnStart: "keep", atTurnEnd: "decay", decay: FP_DECAY,
        decayUnless: FLOW_STATE,
      },
    },
    caps: { [TAGS.move]: { pool: "ap", max: MAX_MOVE_AP, per: "turn" } },
    limits: {
      [TAGS.step]: { max: 1, per: "round" },
      [TAGS.feint]: { max: 1, per: "round" },
      [TAGS.shove]: { max: 1, per: "round" },
      [TAGS.reactionFp]: { max: 1, per: "round" },
      [TAGS.breakFree]: { max: 1, per: "round" },
    },
  };
}

/**
 * The pools when combat starts: full, or all 0 for a surprised combatant (§Surprise Attacks: "The
 * surprised party starts the Surprise round with 0 AP, 0 RP, and 0 FP").
 */
export function poolsAtStart(econ: PointsEconomy, surprised: boolean): PointsState {
  return startCombat(econ, { surprised });
}

/**
 * The start of the first normal round for a combatant that was surprised: it gets the FP it
 * would have started with ("they get their 2 free FP at the start of the first normal round").
 */
export function afterSurprise(econ: PointsEconomy, state: PointsState): PointsState {
  const r = gain(econ, state, "fp", econ.pools.fp?.atCombatStart ?? 0);
  return r.ok ? r.state : state;
}

/** What a hit gives its attacker in FP: +3 on a Critical success, else +2. */
export function hitFp(level: SuccessLevel): number {
  return level === "critical" ? FP_CRIT : FP_HIT;
}

/** A hit's FP. */
export const gainForHit = (econ: PointsEconomy, s: PointsState, level: SuccessLevel): PointsState =>
  okOr(gain(econ, s, "fp", hitFp(level)), s);

/** A killing blow's FP. */
export const gainForKill = (econ: PointsEconomy, s: PointsState): PointsState =>
  okOr(gain(econ, s, "fp", FP_KILL), s);

/**
 * A successful reaction's FP, once a round.
 * @returns the new state, and whether it was given (false: already given this round).
 */
export function gainForReaction(
  econ: PointsEconomy, s: PointsState,
): { readonly state: PointsState; readonly given: boolean } {
  const r = gain(econ, s, "fp", FP_REACTION, TAGS.reactionFp);
  return r.ok ? { state: r.state, given: true } : { state: s, given: false };
}

/** Flow State: the FP kept at the end of this turn (1 AP; `spend` it first). */
export const takeFlowState = (s: PointsState): PointsState => raiseFlag(s, FLOW_STATE);

const okOr = (r: PointsResult, s: PointsState): PointsState => (r.ok ? r.state : s);
