import { PURCHASE_AMOUNTS, type MoveMode } from "./constants";
import { movesNormally, type FeatLike } from "./feats";

/**
 * Spaces a unit may move with its Move Action: its derived movement (the statblock's, Athlete's
 * +2, −2 per slowing wound: `derived.ts`) and +2 per Bonus Action bought; then half while
 * sneaking, swimming, climbing, tumbling or carrying its most (unless Maneuverer covers the way
 * of moving), and a third while prone; rounded down, never below 0.
 * Source: `001_dbc5fcc02a99a518.txt` §Move Action, §Bonus Actions, §Prone, §Feats; RULINGS.md
 * §wounds States.
 */
export interface MoveTerms {
  /** `derive(...).movement`. */
  readonly movement: number;
  /** Bonus Actions bought for +2 movement this turn. */
  readonly movementPurchases: number;
  readonly mode: MoveMode;
  readonly prone: boolean;
  readonly feats: readonly FeatLike[];
}

export function movementSpaces(t: MoveTerms): number {
  let spaces = t.movement + t.movementPurchases * PURCHASE_AMOUNTS.movement;
  if (t.mode !== "normal" && !movesNormally(t.feats, t.mode)) spaces = Math.floor(spaces / 2);
  if (t.prone) spaces = Math.floor(spaces / 3);
  return Math.max(0, spaces);
}
