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
  /** Those whose turns come after its own this round, in order (whom it may Delay after). */
  readonly later?: readonly string[];
}

/** A request to take an action: its id and, optionally, the payment option picked. */
export interface SpendRequest {
  readonly action: ActionId;
  readonly option?: number;
  /** A Delay's: the combatant its turn then comes after. */
  readonly after?: string;
}

export type SpendRuling =
  | {
    readonly ok: true; readonly patch: Partial<KeptSource>;
    readonly paid: Readonly<Record<string, number>>;
  }
  | { readonly ok: false; readonly key: string };

/**
 * A refusal as the shell's verdicts carry it: the lang key `FRAY.Wounds.Refuse.<key>` and its
 * data, worded by the asking client in its user's language.
 */
export const refusalOf = (key: string, name: string, data: Record<string, string> = {}) =>
  ({ ok: false as const, reason: `FRAY.Wounds.Refuse.${key}`, data: { name, ...data } });

/** The request's action and option, or null when it names none this ruling knows. */
export function parseSpend(args: unknown): SpendRequest | null {
  if (!isFields(args) || !ACTION_IDS.includes(args.action as ActionId)) return null;
  if (args.action === "delay") {
    return typeof args.after === "string" && args.after ? { action: "delay", after: args.after }
      : null;
  }
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
  if (request.action === "delay") return ruleDelay(request.after ?? "", f);
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
  // Disengaging lasts for the rest of the turn's movement (§Disengage); a Move lets it walk
  // (`walk.ts`).
  const disengaged = request.action === "disengage" ? { disengaged: f.round } : {};
  const walking = request.action === "move" ? { walking: true } : {};
  // Standing up ends prone, retrieving ends disarmed (their statuses go with them).
  const ends = request.action === "standUp" ? { prone: false }
    : request.action === "retrieve" ? { disarmed: false } : {};
  return {
    ok: true,
    patch: { ...keptOfSlots(paid.state), ...purchases, ...disengaged, ...walking, ...ends },
    paid: payment.bag,
  };
}

/**
 * A Delay: on its own turn, once a round, after a combatant whose turn is still to come; its turn
 * moves there for this round only (the next round starts from the battle's order again), and it
 * pays nothing. Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating; RULINGS.md §wounds
 * Initiative ("Delay for the round only").
 */
function ruleDelay(after: string, f: SpendFacts): SpendRuling {
  if (!f.ownTurn) return { ok: false, key: "NotYourTurn" };
  if (f.kept.delayed === f.round) return { ok: false, key: "Delayed" };
  if (!(f.later ?? []).includes(after)) return { ok: false, key: "NotLater" };
  return { ok: true, patch: { delayed: f.round, delayAfter: after }, paid: {} };
}

/** Whom a combatant's turn comes after in `round` (its Delay), or null. */
export const delayedAfter = (kept: KeptSource, round: number): string | null =>
  (kept.delayed === round && round > 0 && kept.delayAfter ? kept.delayAfter : null);
