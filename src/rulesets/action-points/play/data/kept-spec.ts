import { array, bool, int, object, text, type SourceOf } from "../../../../engine/schema/spec";
import type { PointsState, Tally } from "../../../../engine/economy/points";
import { FLOW_STATE, TAGS } from "../../rules/pools";

/**
 * What the GM trusts of an action-points combatant, kept on its Combat (`shell/combat/kept.ts`)
 * where no player can write: its place in the order, its three pools, what it used this turn and
 * this round (movement AP, the once-a-round actions and FP), its marks (Flow State, Total Defense,
 * surprised) and its grapple. Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet,
 * §Special Actions, §Grapple, §Surprise Attacks; RULINGS.md §action-points Pools, Costs.
 */
export const KEPT_SPEC = object({
  /** Its place in the order (0 acts first); −1 until it has rolled. */
  order: int(-1, -1),
  ap: int(0, 0),
  rp: int(0, 0),
  fp: int(0, 0),
  /** AP spent on movement this turn (at most 2), and the hexes moved on the map this turn. */
  moveAp: int(0, 0),
  moveHexes: int(0, 0),
  /** Once-a-round uses this round. */
  step: bool(false),
  feint: bool(false),
  shove: bool(false),
  reactionFp: bool(false),
  breakFree: bool(false),
  /** Took a Step: its next move (one hex) provokes no reaction attack; the GM clears it then. */
  stepping: bool(false),
  /** Took Flow State this turn: its FP do not decay at the turn's end. */
  flowState: bool(false),
  /** Total Defense: Advantage on reactions until the start of its next turn. */
  totalDefense: bool(false),
  /** Caught by surprise: sits out the surprise round, FP at the first normal round. */
  surprised: bool(false),
  /**
   * Its side (`party` or `foes`), written by the GM when it joins from its actor's type and its
   * token's disposition then (`sideOf`); who is its enemy (reaction attacks, gang-up, Intercept).
   * "" until then, read as what those documents say now.
   */
  side: text(),
  /** The foe its won Feint gives Advantage against, on its next attack (a combatant id). */
  feinting: text(),
  /** A readied action waiting for its trigger (`round/ready.ts`): "" for none. */
  readyTrigger: text(),
  readyAction: text(),
  /** Whom it grapples (a combatant id; "" none) and who grapples it. */
  grappling: text(),
  grappledBy: array(text()),
});

export type KeptSource = SourceOf<typeof KEPT_SPEC>;

const ROUND_TAGS = [TAGS.step, TAGS.feint, TAGS.shove, TAGS.reactionFp, TAGS.breakFree] as const;
const used = (on: boolean): Tally => ({ amount: on ? 1 : 0, uses: on ? 1 : 0 });

/** The engine's points state of a combatant's kept fields (`engine/economy/points.ts`). */
export function pointsOf(kept: KeptSource): PointsState {
  const round: Record<string, Tally> = {};
  for (const tag of ROUND_TAGS) if (kept[tag]) round[tag] = used(true);
  const turn: Record<string, Tally> = kept.moveAp
    ? { [TAGS.move]: { amount: kept.moveAp, uses: kept.moveAp } } : {};
  return {
    pools: { ap: kept.ap, rp: kept.rp, fp: kept.fp },
    tallies: { turn, round },
    flags: kept.flowState ? [FLOW_STATE] : [],
  };
}

/** The kept fields a points state changes (its pools, tallies and flags). */
export function keptOfPoints(state: PointsState): Partial<KeptSource> {
  const round = state.tallies.round;
  const patch: Partial<KeptSource> = {
    ap: state.pools.ap ?? 0, rp: state.pools.rp ?? 0, fp: state.pools.fp ?? 0,
    moveAp: state.tallies.turn[TAGS.move]?.amount ?? 0,
    flowState: state.flags.includes(FLOW_STATE),
  };
  for (const tag of ROUND_TAGS) patch[tag] = (round[tag]?.uses ?? 0) > 0;
  return patch;
}

/** The two sides of an action-points fight. */
export const PARTY_SIDE = "party";
export const FOE_SIDE = "foes";

/** A combatant's side from its documents: a PC, or a token friendly to the party, is the party's. */
export function sideOf(isPC: boolean, disposition: number | null | undefined): string {
  return isPC || disposition === 1 ? PARTY_SIDE : FOE_SIDE;
}

/** The kept fields that hold other combatants' ids (`FrayKeptCombat.keptRefs`). */
export const KEPT_REFS: readonly string[] = ["feinting", "grappling", "grappledBy"];
