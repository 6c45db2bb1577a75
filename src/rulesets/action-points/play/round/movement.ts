import { spend } from "../../../../engine/economy/points";
import { apEconomy, TAGS } from "../../rules/pools";
import type { Statblock } from "../../rules/statblock";
import { keptOfPoints, pointsOf, type KeptSource } from "../data/kept-spec";

/**
 * What a move on the map costs an action-points combatant in its own turn: 1 AP buys one Move
 * Speed of hexes (6 for most), at most 2 AP of movement a turn. The hexes moved this turn are
 * kept, so a move is paid only for the Move Speed it starts to use beyond what the turn's
 * movement AP already bought (the sheet's Move buys it ahead); a Take a Step's one hex was paid
 * by the step. Source: `004_2cc57162401858c9.txt` §Actions (Movement), §Taking a Step;
 * RULINGS.md §action-points Costs.
 */
export interface MoveFacts {
  readonly kept: KeptSource;
  readonly pools: Statblock["pools"];
  /** Its Move Speed in hexes (at least 1). */
  readonly speed: number;
  readonly ownTurn: boolean;
  /** Up (not down or defeated). */
  readonly up: boolean;
  /** Lying prone: it stands up (1 AP, on its sheet) before it moves (`rules/silent.ts`). */
  readonly prone?: boolean;
}

export type MoveRuling =
  | { readonly ok: true; readonly patch: Partial<KeptSource>; readonly apSpent: number }
  | { readonly ok: false; readonly key: string };

const REFUSAL: Readonly<Record<string, string>> = {
  notEnough: "FRAY.ActionPoints.Refuse.MoveNoAP",
  capReached: "FRAY.ActionPoints.Refuse.MoveCapHexes",
};

/**
 * The kept fields a move of `hexes` writes, or why it may not be made (a lang key taking
 * `{name}` and `{hexes}`, or the relay reason `notYourTurn`).
 * @param hexes the hexes the move walked (0: nothing changes)
 */
export function moveRuling(hexes: number, facts: MoveFacts): MoveRuling {
  if (hexes <= 0) return { ok: true, patch: {}, apSpent: 0 };
  if (!facts.up) return { ok: false, key: "FRAY.ActionPoints.Refuse.Down" };
  if (!facts.ownTurn) return { ok: false, key: "notYourTurn" };
  const { kept } = facts;
  if (kept.totalDefense) return { ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" };
  if (facts.prone) return { ok: false, key: "FRAY.ActionPoints.Refuse.Prone" };
  if (kept.stepping && hexes === 1) return { ok: true, patch: { stepping: false }, apSpent: 0 };
  const moved = kept.moveHexes + hexes;
  const speed = Math.max(1, facts.speed);
  const owed = Math.max(0, Math.ceil(moved / speed) - kept.moveAp);
  const points = pointsOf(kept);
  const paid = owed ? spend(apEconomy({ pools: facts.pools }), points, "ap", owed, TAGS.move)
    : { ok: true as const, state: points };
  if (!paid.ok) return { ok: false, key: REFUSAL[paid.reason] ?? "badRequest" };
  const patch = { ...keptOfPoints(paid.state), moveHexes: moved, stepping: false };
  return { ok: true, patch, apSpent: owed };
}
