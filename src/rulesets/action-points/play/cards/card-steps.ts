import type { Cell } from "../../../../engine/space/cell";
import { sameCell } from "../../../../engine/space/cell";
import { pushAway } from "../../../../engine/space/push";
import {
  applyRefusal as authorApply, parseNoArgs, undoRefusal as authorUndo,
} from "../../../../engine/requests/author-steps";
import type { Sender } from "../../../../engine/requests/sender";
import type { CardLedger } from "./card-view";
import type { ApSeal } from "./seal";
import type { ManeuverSeal } from "./maneuver";
import { attackingOf, interceptSpot, type CardField } from "./field";

/**
 * What an attack card's steps read from the GM's records and decide, pure: the seal and ledger
 * the active GM wrote (`records.seal`, `records.ledger`: no player can write them once the card is
 * sealed), who may apply and undo it (its author or a GM, once each, in order), and where a rule
 * moves tokens on the card: a won Intercept (into its spot, or swapping places with the ally it
 * covered) and a Shove's push back. The Foundry layer's `cards/steps.ts` and `maneuver-seal.ts`
 * read the documents, call these and write.
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Intercept, §Shove; RULINGS.md §action-points
 * Hit points.
 */

/** An attack card's seal (null before it is sealed, or for a maneuver's). */
export const sealOf = (records: { readonly seal: unknown }): ApSeal | null => {
  const seal = records.seal as ApSeal | ManeuverSeal | null;
  return seal && "posted" in seal ? seal : null;
};

/** A maneuver card's seal, or null. */
export const maneuverSealOf = (records: { readonly seal: unknown }): ManeuverSeal | null => {
  const seal = records.seal as ApSeal | ManeuverSeal | null;
  return seal && "maneuver" in seal ? seal : null;
};

/** The card's ledger as the GM keeps it (empty before anything was written). */
export const ledgerOf = (records: { readonly ledger: unknown }): CardLedger =>
  (records.ledger ?? {}) as CardLedger;

/**
 * Why the card's hits may not be applied now (a relay reason), or null: its author or a GM, once
 * the window settled, once.
 */
export const applyRefusal = (
  seal: ApSeal | null, ledger: CardLedger, sender: Sender,
): string | null =>
  authorApply(seal, ledger, sender, ledger.window?.settlement ? null : "apNotSettled");

/** Why the card's Apply may not be undone now (a relay reason), or null: once, after Apply. */
export { parseNoArgs };

/** Why the card's Apply may not be undone now (a relay reason), or null: once, after Apply. */
export const undoRefusal = (
  seal: ApSeal | null, ledger: CardLedger, sender: Sender,
): string | null => authorUndo(seal, ledger, sender);

/**
 * An Undo of Apply the shell's planner refused (`shell/cards/requests.ts` `undoStep`), as the
 * card's refusal key: the struck actor is gone, its HP changed since in a way an undo cannot
 * reverse exactly, or a striker's FP (kept on the combat) did.
 */
export function undoReason(reason: string, path: string): string {
  if (reason === "gone") return "noTarget";
  return path === "system.hp.value" ? "hpChangedSince" : "apFpChangedSince";
}

/** A token moved by a rule, one cell to another on its scene's grid (`shiftToken` moves it). */
export interface RuleMove {
  readonly uuid: string;
  readonly from: Cell;
  readonly to: Cell;
}

/**
 * Where a won Intercept's interceptor `by` moves to take the attack (`interceptSpot`, for the
 * kind of the card's weapon or spell, melee when it is gone), or null: off the grid, with no free
 * spot (the GM moves it then), or when it already stands there.
 */
export function interceptMove(field: CardField, itemId: string, by: string): RuleMove | null {
  const with_ = attackingOf(field.attacker.block, itemId);
  const kind = with_?.weapon?.kind ?? with_?.spell?.kind ?? "melee";
  const spot = interceptSpot(field, by, kind);
  const me = field.others.find((x) => x.combatantId === by);
  if (!spot || !me?.at || sameCell(spot, me.at.origin)) return null;
  return { uuid: me.uuid, from: me.at.origin, to: spot };
}

/**
 * A won Intercept's swap of places (§Intercept: optionally): the interceptor `who` onto the
 * ally it covered (the card's target) and the ally onto the interceptor's place, or null when
 * either is off the grid.
 */
export function swapMoves(field: CardField, who: string | null): readonly RuleMove[] | null {
  const me = field.others.find((x) => x.combatantId === who);
  const ally = field.target.at;
  if (!me?.at || !ally) return null;
  return [
    { uuid: me.uuid, from: me.at.origin, to: ally.origin },
    { uuid: field.target.uuid, from: ally.origin, to: me.at.origin },
  ];
}

/**
 * A Shove's push back: the target's token one hex straight away from the actor (engine
 * `space/push.ts`), or null off the grid (the GM's call) or with nowhere to go.
 */
export function pushBackMove(field: CardField): RuleMove | null {
  const from = field.attacker.at?.origin;
  const at = field.target.at?.origin;
  const to = field.grid && from && at ? pushAway(field.grid, from, at) : null;
  return at && to ? { uuid: field.target.uuid, from: at, to } : null;
}
