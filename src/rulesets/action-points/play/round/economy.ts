import { endTurn, startRound, startTurn } from "../../../../engine/economy/points";
import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import { afterSurprise, apEconomy, poolsAtStart } from "../../rules/pools";
import type { Statblock } from "../../rules/statblock";
import { keptOfPoints, pointsOf, type KeptSource } from "../data/kept-spec";

/**
 * What a combatant's pools and marks become at a turn or round edge, from what the GM keeps and
 * its statblock's pools (abilities may raise them). The first round's start sets every pool as
 * combat starts (full; all 0 for one caught by surprise); a turn's start refills AP and RP, resets
 * the turn's movement and ends Total Defense; its end loses unspent AP and takes 1 FP unless Flow
 * State was taken; a round's start resets the once-a-round uses, and at the first normal round one
 * that was surprised gets its starting FP. In the surprise round the surprised take no turns, so
 * their (skipped) turn edges change nothing. Source: `004_2cc57162401858c9.txt` §Actions/Turn
 * Cheat Sheet, §Reactions, §Total Defense, §Surprise Attacks; RULINGS.md §action-points Pools,
 * Surprise.
 */
export interface EdgeInput {
  readonly kept: KeptSource;
  readonly pools: Statblock["pools"];
  /** The edge's own round (1: the first, the surprise round when there are surprise marks). */
  readonly round: number;
  /** Surprise marks exist: round 1 is the surprise round. */
  readonly surpriseRound: boolean;
  /** Not among the marked surprisers while there are marks (read at the first round's start). */
  readonly caughtBySurprise: boolean;
}

/** The kept fields to write at `edge`, or null for none. */
export function economyAt(edge: TurnEdgeKind, input: EdgeInput): Partial<KeptSource> | null {
  const econ = apEconomy({ pools: input.pools });
  const { kept, round } = input;
  const points = pointsOf(kept);
  const sittingOut = input.surpriseRound && round === 1 && kept.surprised;
  if (edge === "roundStart" && round <= 1) {
    const surprised = input.surpriseRound && input.caughtBySurprise;
    return {
      ...keptOfPoints(poolsAtStart(econ, surprised)), surprised, totalDefense: false,
      grappling: "", grappledBy: [],
    };
  }
  if (edge === "roundStart") {
    const fresh = startRound(points);
    if (!kept.surprised) return keptOfPoints(fresh);
    return { ...keptOfPoints(afterSurprise(econ, fresh)), surprised: false };
  }
  if (sittingOut || edge === "roundEnd") return null;
  if (edge === "turnStart") {
    return { ...keptOfPoints(startTurn(econ, points)), totalDefense: false, moveHexes: 0 };
  }
  // A Take a Step not used by a move ends with the turn, as do the turn's movement and a readied
  // action its turn came back to (a Ready puts the turn off: its end comes once it has acted).
  return {
    ...keptOfPoints(endTurn(econ, points)), stepping: false, moveHexes: 0, readyTrigger: "",
    readyAction: "",
  };
}

/**
 * What the GM keeps of a combatant as it joins: its side (from its documents now), and when it
 * joins a started fight its pools as a combat starts (it missed the first round's start that sets
 * them; never caught by surprise then).
 * @param started its statblock's pools when it joins a started fight, else null.
 */
export function keptOnJoin(side: string, started: Statblock["pools"] | null): Partial<KeptSource> {
  if (!started) return { side };
  return { side, ...keptOfPoints(poolsAtStart(apEconomy({ pools: started }), false)) };
}
