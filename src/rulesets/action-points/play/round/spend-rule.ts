import { gain, raiseFlag, spend, type PointsState } from "../../../../engine/economy/points";
import { ATTACK_AP } from "../../rules/constants";
import { apEconomy, FLOW_STATE, TAGS } from "../../rules/pools";
import { SPECIAL, TOTAL_DEFENSE_RP, GRAPPLE_UPKEEP_AP } from "../../rules/special-actions";
import type { Statblock } from "../../rules/statblock";
import { STAND_UP_AP } from "../../rules/silent";
import { keptOfPoints, type KeptSource } from "../data/kept-spec";

/**
 * What an action costs in AP on the combatant's own turn, and the active GM's check of a player's
 * spend: the cost comes from the rules (never from the request), and the pools, the once-a-round
 * uses and the turn are read from what the GM keeps. Move (1 AP per Move Speed, at most 2 AP a
 * turn), an attack (2 AP), a spell (its own AP), the special actions at their table costs and
 * limits, a grapple's upkeep (2 AP), standing up from prone (1 AP: `rules/silent.ts`). Flow
 * State keeps the FP this turn; Total Defense gives +1 RP and Advantage on reactions (its turn
 * then ends: the owner ends it).
 * Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions, §Grapple; RULINGS.md
 * §action-points Costs.
 */
export const SPEND_ACTIONS = [
  "move", "attack", "spell", "draw", "feint", "flowState", "grapple", "grappleUpkeep", "disarm",
  "shove", "step", "totalDefense", "tumble", "standUp",
] as const;
export type SpendAction = (typeof SPEND_ACTIONS)[number];

/** What an action costs and the tag it is counted under (caps, once-a-round limits). */
export function costOf(
  action: SpendAction, spellAp = ATTACK_AP,
): { readonly ap: number; readonly tag?: string } {
  if (action === "move") return { ap: 1, tag: TAGS.move };
  if (action === "attack") return { ap: ATTACK_AP };
  if (action === "spell") return { ap: spellAp };
  if (action === "grappleUpkeep") return { ap: GRAPPLE_UPKEEP_AP };
  if (action === "standUp") return { ap: STAND_UP_AP };
  const rule = SPECIAL[action];
  return rule.onceARound ? { ap: rule.ap, tag: rule.onceARound } : { ap: rule.ap };
}

export interface SpendFacts {
  readonly kept: KeptSource;
  readonly pools: Statblock["pools"];
  /** It is this combatant's turn. */
  readonly ownTurn: boolean;
  /** Up (not down or defeated). */
  readonly up: boolean;
  /** AP of the spell named, when the action is a spell it knows (null: it has no such spell). */
  readonly spellAp: number | null;
  /** Lying prone (a Shove's): only then may it stand up. */
  readonly prone?: boolean;
}

export type SpendRuling =
  | { readonly ok: true; readonly patch: Partial<KeptSource> }
  | { readonly ok: false; readonly key: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const REFUSAL: Readonly<Record<string, string>> = {
  notEnough: "FRAY.ActionPoints.Refuse.NotEnoughAP",
  capReached: "FRAY.ActionPoints.Refuse.MoveCap",
  limitReached: "FRAY.ActionPoints.Refuse.OnceARound",
};

/** The state after the action's own effect (Flow State's flag, Total Defense's RP). */
function withEffect(action: SpendAction, state: PointsState, facts: SpendFacts): PointsState {
  if (action === "flowState") return raiseFlag(state, FLOW_STATE);
  if (action !== "totalDefense") return state;
  const r = gain(apEconomy({ pools: facts.pools }), state, "rp", TOTAL_DEFENSE_RP);
  return r.ok ? r.state : state;
}

/**
 * The kept fields a spend writes, or the refusal's lang key (or a relay reason: `badRequest`,
 * `notYourTurn`).
 * @param args `{action, spellId?}` as the player's client sent them.
 * @param points the combatant's points state now (`pointsOf(kept)`).
 */
export function spendRuling(args: unknown, facts: SpendFacts, points: PointsState): SpendRuling {
  if (!isRecord(args) || typeof args.action !== "string"
    || !(SPEND_ACTIONS as readonly string[]).includes(args.action)) {
    return { ok: false, key: "badRequest" };
  }
  const action = args.action as SpendAction;
  if (!facts.up) return { ok: false, key: "FRAY.ActionPoints.Refuse.Down" };
  if (!facts.ownTurn) return { ok: false, key: "notYourTurn" };
  // Total Defense ends the turn at once: nothing more is spent in it (§Total Defense).
  if (facts.kept.totalDefense) return { ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" };
  if (action === "spell" && facts.spellAp === null) return { ok: false, key: "badRequest" };
  if (action === "standUp" && !facts.prone) return { ok: false, key: "FRAY.ActionPoints.Refuse.NotProne" };
  const cost = costOf(action, facts.spellAp ?? ATTACK_AP);
  const paid = spend(apEconomy({ pools: facts.pools }), points, "ap", cost.ap, cost.tag);
  if (!paid.ok) return { ok: false, key: REFUSAL[paid.reason] ?? "badRequest" };
  const after = withEffect(action, paid.state, facts);
  const patch = keptOfPoints(after);
  if (action === "totalDefense") return { ok: true, patch: { ...patch, totalDefense: true } };
  return { ok: true, patch: action === "step" ? { ...patch, stepping: true } : patch };
}
