import { spendAction, type ActionsUsed } from "../../rules/actions";
import { ACTIONS, type Action } from "../../rules/constants";

/**
 * The active GM's check of a player's spend from its own combatant's actions (using an ability,
 * a Coup de Grace, disengaging, sustaining, rallying): everything read from the GM's store and
 * documents, nothing from the request but what is spent. Pure. Source: `000_c2dc3d650823e22d.txt`
 * §Actions (Standard, Move, Quick each turn; a better action pays for a lesser one; one Interrupt
 * a round, never on one's own turn), §Coup de Grace; RULINGS.md §escalation.
 */
export interface SpendFacts {
  readonly actions: ActionsUsed;
  /** Stunned and the like: the Move is withheld (`CONDITIONS[…].losesMove`). */
  readonly losesMove: boolean;
  /** The combatant is the one whose turn it is. */
  readonly ownTurn: boolean;
}

export type SpendRuling =
  | { readonly ok: true; readonly actions: ActionsUsed }
  | { readonly ok: false; readonly key: string; readonly action?: Action };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The actions used after a spend, or the refusal's lang key.
 * @param args `{action}` (one of `ACTIONS`) or `{coupDeGrace: true}` (Standard, Move and Quick at
 *   once, all three still unused)
 */
export function spendRuling(args: unknown, facts: SpendFacts): SpendRuling {
  if (!isRecord(args)) return { ok: false, key: "badRequest" };
  const { actions } = facts;
  if (args.coupDeGrace === true && Object.keys(args).length === 1) {
    if (actions.standard || actions.move || actions.quick)
      return { ok: false, key: "FRAY.CoupDeGrace.Actions" };
    return { ok: true, actions: { ...actions, standard: true, move: true, quick: true } };
  }
  const action = args.action;
  if (typeof action !== "string" || !(ACTIONS as readonly string[]).includes(action)
    || Object.keys(args).length !== 1)
    return { ok: false, key: "badRequest" };
  if (action === "interrupt" && facts.ownTurn)
    return { ok: false, key: "FRAY.Use.InterruptOwnTurn" };
  const next = spendAction(actions, action as Action, facts.losesMove);
  if (!next) return { ok: false, key: "FRAY.Use.NoAction", action: action as Action };
  return { ok: true, actions: next };
}
