import {
  chainOdds, chainPlan, readChain, WOUNDS_CHAIN, type ChainResult, type Fraction,
} from "../../../engine/dice/chain";
import type { RollPlan } from "../../../engine/dice/plan";
import { CRITICAL_MULTIPLIER } from "./constants";

/**
 * What the engine's die chains (`engine/dice/chain.ts`, `WOUNDS_CHAIN`: d4, d6, d8 …) mean in
 * `wounds`. A natural 20 is a critical (damage ×2); a d4 of 4 makes it super critical (×2 again);
 * a d6 of 6 then is a decisive blow (the target is defeated). A natural 1 is an auto fail; a d4
 * of 4 makes it a tragedy (the target's free hit is a critical, slot or not); a d6 of 6 then is a
 * fatal blow (the attacker dies). Further links are rolled and reported only.
 * Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals, §Combat specific Fails/Criticals;
 * RULINGS.md §wounds Natural 20, Natural 1, Free hit.
 */

/** Links that must land on their top face: 1 for a super critical (tragedy), 2 for the blow. */
export const SUPER_LINKS = 1;
export const BLOW_LINKS = 2;

export interface CriticalChain {
  readonly kind: "critical";
  readonly chain: ChainResult;
  readonly superCritical: boolean;
  /** The target is defeated, no further rolls needed. */
  readonly decisive: boolean;
  /** What the damage dealt is multiplied by: 2, or 4 on a super critical. */
  readonly multiplier: number;
}

export interface TragedyChain {
  readonly kind: "tragedy";
  readonly chain: ChainResult;
  readonly tragedy: boolean;
  /** The attacked unit kills the attacker, no further rolls needed. */
  readonly fatalBlow: boolean;
}

export type ChainOutcome = CriticalChain | TragedyChain;

/** A critical chain's meaning. */
export function criticalOf(chain: ChainResult): CriticalChain {
  const superCritical = chain.reached >= SUPER_LINKS;
  return {
    kind: "critical", chain, superCritical, decisive: chain.reached >= BLOW_LINKS,
    multiplier: superCritical ? CRITICAL_MULTIPLIER * CRITICAL_MULTIPLIER : CRITICAL_MULTIPLIER,
  };
}

/** A tragedy chain's meaning. */
export function tragedyOf(chain: ChainResult): TragedyChain {
  return {
    kind: "tragedy", chain, tragedy: chain.reached >= SUPER_LINKS,
    fatalBlow: chain.reached >= BLOW_LINKS,
  };
}

/**
 * A chain read from its rolls (Foundry rolls one die per link).
 * @throws RangeError as the engine's `readChain`.
 */
export function chainOutcome(kind: ChainOutcome["kind"], rolls: readonly number[]): ChainOutcome {
  const chain = readChain(WOUNDS_CHAIN, rolls);
  return kind === "critical" ? criticalOf(chain) : tragedyOf(chain);
}

/** The plan of a chain, read as its meaning. */
export function* chainOutcomePlan(kind: ChainOutcome["kind"]): RollPlan<ChainOutcome> {
  const chain = yield* chainPlan(WOUNDS_CHAIN);
  return kind === "critical" ? criticalOf(chain) : tragedyOf(chain);
}

/**
 * Exact odds, given the chain started: a super critical or tragedy 1/4, a decisive or fatal blow
 * 1/24 (the engine's `chainOdds`).
 */
export function chainStepOdds(): { super: Fraction; blow: Fraction } {
  return {
    super: chainOdds(WOUNDS_CHAIN, SUPER_LINKS).atLeast,
    blow: chainOdds(WOUNDS_CHAIN, BLOW_LINKS).atLeast,
  };
}
