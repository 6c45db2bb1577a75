import {
  isSuccess, levelRank, opposedByLevel, type SuccessLevel,
} from "../../../engine/dice/roll-under";
import { sizeRank, type Size } from "./constants";
import { TAGS } from "./pools";

/**
 * The special actions of `action-points` with their AP costs, limits and results: Disarm (an
 * attack at Disadvantage on a target no larger than the attacker; where the item goes by success
 * level), Draw/Sheathe, Feint (once a round; Advantage on the next physical attack on that target),
 * Flow State (no FP decay this turn), Grapple (a target no larger; both grappled; 2 AP a round to
 * keep it), Ready, Shove (once a round, a target no larger; push back or knock prone, both on a
 * Hard success or better), Take a Step (once a round, 1 hex without provoking), Total Defense
 * (ends the turn; +1 RP and Advantage on reactions to the next own turn) and Tumble Through (an
 * Agility check; not through a creature larger than Medium).
 * Source: `004_2cc57162401858c9.txt` §Special Actions and each action's section; RULINGS.md
 * §action-points Costs, Breaking free.
 */
export const SPECIAL_ACTIONS = [
  "disarm", "draw", "feint", "flowState", "grapple", "ready", "shove", "step", "totalDefense",
  "tumble",
] as const;
export type SpecialAction = (typeof SPECIAL_ACTIONS)[number];

export interface SpecialActionRule {
  readonly ap: number;
  /** The economy's tag of a once-a-round action (`pools.ts` limits). */
  readonly onceARound?: string;
  /** Its target may be at most the actor's size. */
  readonly targetNoLarger?: boolean;
  /** Its target may be at most this size (Tumble Through: Medium). */
  readonly targetAtMost?: Size;
  readonly endsTurn?: boolean;
}

export const SPECIAL: Readonly<Record<SpecialAction, SpecialActionRule>> = {
  disarm: { ap: 2, targetNoLarger: true },
  draw: { ap: 1 },
  feint: { ap: 1, onceARound: TAGS.feint },
  flowState: { ap: 1 },
  grapple: { ap: 2, targetNoLarger: true },
  ready: { ap: 0 },
  shove: { ap: 1, onceARound: TAGS.shove, targetNoLarger: true },
  step: { ap: 1, onceARound: TAGS.step },
  totalDefense: { ap: 3, endsTurn: true },
  tumble: { ap: 1, targetAtMost: "medium" },
};

/** AP a grappler spends each round to keep its grapple (§Grapple). */
export const GRAPPLE_UPKEEP_AP = 2;
/** RP Total Defense gives (§Total Defense). */
export const TOTAL_DEFENSE_RP = 1;

/**
 * Why the action cannot target a creature of `targetSize` (a localization key), or null.
 */
export function sizeRefusal(action: SpecialAction, actor: Size, target: Size): string | null {
  const rule = SPECIAL[action];
  if (rule.targetNoLarger && sizeRank(target) > sizeRank(actor)) {
    return "FRAY.ActionPoints.Refuse.TargetLarger";
  }
  if (rule.targetAtMost && sizeRank(target) > sizeRank(rule.targetAtMost)) {
    return "FRAY.ActionPoints.Refuse.TumbleLarge";
  }
  return null;
}

/**
 * Where a disarmed item may go, by the Disarm's success level: Normal, an adjacent hex of the
 * target's choosing; Hard, Major and Critical, the attacker takes it (with a free hand) or puts it
 * within 2, 3 or 4 hexes. Null when the Disarm failed (§Disarm).
 */
export function disarmResult(
  level: SuccessLevel,
): { readonly hexes: number; readonly attackerChooses: boolean } | null {
  if (!isSuccess(level)) return null;
  const hexes = level === "normal" ? 1 : levelRank(level) - levelRank("normal") + 1;
  return { hexes, attackerChooses: level !== "normal" };
}

export const SHOVE_EFFECTS = ["pushBack", "prone"] as const;
export type ShoveEffect = (typeof SHOVE_EFFECTS)[number];

/**
 * What a Shove does: nothing when the shover lost; the chosen effect on a Normal success; both
 * when it won with a Hard success or better and wants both (§Shove).
 */
export function shoveEffects(
  won: boolean, level: SuccessLevel, chosen: ShoveEffect, both: boolean,
): ShoveEffect[] {
  if (!won) return [];
  return both && levelRank(level) >= levelRank("hard") ? ["pushBack", "prone"] : [chosen];
}

/**
 * An opposed check the actor starts (Feint, Grapple, Shove): it must succeed ("On success"), and
 * then wins unless the other side rolls a higher level (ties go to the active side, RULINGS.md
 * §action-points Opposed). A check that fails outright does nothing (Fray's reading of "On
 * success").
 */
export function actorWins(actor: SuccessLevel, other: SuccessLevel): boolean {
  return isSuccess(actor) && opposedByLevel(actor, other).winner === "active";
}

/**
 * A grappled creature's break-free check against its grappler's: only an outright win frees it;
 * ties keep the grapple (RULINGS.md §action-points Breaking free).
 */
export function breaksFree(breaker: SuccessLevel, grappler: SuccessLevel): boolean {
  return opposedByLevel(grappler, breaker).winner === "defender";
}
