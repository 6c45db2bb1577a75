import { isFields } from "../../../../engine/requests/fields";
import { paymentFor, pay } from "../../../../engine/economy/slots";
import { ACTION_IDS, PURCHASE_ACTIONS, type ActionId } from "../../rules/economy";
import { buy } from "../../rules/purchases";
import type { Purchase } from "../../rules/constants";
import type { Derived } from "../../rules/derived";
import { summoningSick } from "../../rules/summons";
import type { KeptSource } from "../data/kept-spec";
import { economyOf, keptOfSlots, slotsOf } from "./economy";

/**
 * The active GM's ruling on an action a wounds combatant takes from its sheet (or a card pays
 * for): the action from the request, everything else from what the GM keeps and the documents.
 * The action is paid from the combatant's slots (`rules/economy.ts`: its cheapest option, or the
 * one the taker picked); a purchase adds its record; standing up off the turn is paid from the
 * next turn's. Refused: an unknown action or option, a combatant down or not in the fight, one
 * summoned this round or the last, standing up while not prone, retrieving while not disarmed, an
 * action of the turn off it, and no slot left. Source: `001_dbc5fcc02a99a518.txt` §Attack Action,
 * §Move Action, §Bonus Actions, §Disengage, §Prone, §Disarmed, §Summoning Slots; RULINGS.md
 * §wounds Turn, Bonus purchases.
 */
export interface SpendFacts {
  readonly kept: KeptSource;
  readonly derived: Pick<Derived, "bonusActions" | "freeHitSlots">;
  readonly round: number;
  readonly ownTurn: boolean;
  /** Up, and not marked defeated. */
  readonly up: boolean;
  readonly prone: boolean;
  readonly disarmed: boolean;
}

/** A request to take an action: its id and, optionally, the payment option picked. */
export interface SpendRequest {
  readonly action: ActionId;
  readonly option?: number;
}

export type SpendRuling =
  | { readonly ok: true; readonly patch: Partial<KeptSource>; readonly paid: Readonly<Record<string, number>> }
  | { readonly ok: false; readonly key: string };

/** The request's action and option, or null when it names none this ruling knows. */
export function parseSpend(args: unknown): SpendRequest | null {
  if (!isFields(args) || !ACTION_IDS.includes(args.action as ActionId)) return null;
  const option = args.option;
  if (option !== undefined && (!Number.isInteger(option) || (option as number) < 0)) return null;
  return option === undefined
    ? { action: args.action as ActionId }
    : { action: args.action as ActionId, option: option as number };
}

const PURCHASE_OF = Object.fromEntries(
  Object.entries(PURCHASE_ACTIONS).map(([kind, action]) => [action, kind]),
) as Readonly<Record<string, Purchase>>;

/** The ruling on `args` (refusal keys are `FRAY.Wounds.Refuse.<key>`). */
export function ruleSpend(args: unknown, f: SpendFacts): SpendRuling {
  const request = parseSpend(args);
  if (!request) return { ok: false, key: "Unknown" };
  if (!f.up) return { ok: false, key: "Down" };
  if (f.kept.summoned > 0 && summoningSick(f.kept.summoned, f.round)) {
    return { ok: false, key: "Sick" };
  }
  if (request.action === "standUp" && !f.prone) return { ok: false, key: "NotProne" };
  if (request.action === "retrieve" && !f.disarmed) return { ok: false, key: "NotDisarmed" };
  const econ = economyOf(f.derived);
  const context = request.option === undefined
    ? { onTurn: f.ownTurn } : { onTurn: f.ownTurn, option: request.option };
  const payment = paymentFor(econ, slotsOf(f.kept), request.action, context);
  if (!payment.ok) {
    const key = payment.reason === "notOnTurn" ? "NotYourTurn"
      : payment.reason === "noSlot" ? "NoSlot" : "Unknown";
    return { ok: false, key };
  }
  const paid = pay(econ, slotsOf(f.kept), request.action, context);
  if (!paid.ok) return { ok: false, key: "NoSlot" };
  const kind = PURCHASE_OF[request.action];
  const purchases = kind ? { purchases: buy(f.kept.purchases, kind, f.round) } : {};
  // Disengaging lasts for the rest of the turn's movement (§Disengage).
  const disengaged = request.action === "disengage" ? { disengaged: f.round } : {};
  return {
    ok: true, patch: { ...keptOfSlots(paid.state), ...purchases, ...disengaged },
    paid: payment.bag,
  };
}
