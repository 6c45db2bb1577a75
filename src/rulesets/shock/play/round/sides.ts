import { runFromPool } from "../../../../engine/dice/plan";
import {
  orderSidesPlan,
  type SideEntry,
  type SideInitiative,
} from "../../../../engine/initiative/sides";
import { INITIATIVE_DIE, PARTY_SIDE, type ActionType } from "../../rules/constants";
import { ACTIONS, type ActionId, type Budget } from "../../rules/actions";

/**
 * Side initiative as the Combat decides it: which side a combatant is on, the order of sides
 * from dice Foundry rolled, and the turn order. Source: `002_5e27cdf788b28f5f.txt` §Combat
 * Sequence, §Surprise; RULINGS.md §shock Side initiative, Sides.
 */
export const FOE_SIDE = "foes";
export { INITIATIVE_DIE, PARTY_SIDE };
export { compareTurns, type TurnEntry } from "../../rules/turn-scheme";

/** What a combatant spent this round as the action economy reads it, from its kept fields. */
export function budgetOf(kept: Budget): Budget {
  return { main: kept.main, moves: kept.moves, disengaged: kept.disengaged, holding: kept.holding };
}

/**
 * A PC, or a token friendly to the party (Foundry's FRIENDLY disposition, 1), is on the party's
 * side.
 */
export function sideOf(isPC: boolean, disposition: number | null): string {
  return isPC || disposition === 1 ? PARTY_SIDE : FOE_SIDE;
}

/**
 * Orders the sides from their dice and a pool of tie-break dice already rolled (the engine's
 * `orderSidesPlan` over the pool: Foundry rolls the plan itself, `foundry/documents/combat.ts`).
 * Null when the pool ran out before every tie broke: roll a longer pool and call again (the dice
 * given decide the same way).
 * @throws RangeError as `orderSides` does (no side, two favoured sides, repeated ids).
 */
export function orderFromPool(
  sides: readonly SideEntry[], dice: readonly number[], pool: readonly number[],
): (SideInitiative & { readonly used: number }) | null {
  const run = runFromPool(orderSidesPlan(sides, dice, INITIATIVE_DIE), pool);
  return run ? { ...run.value, used: run.used } : null;
}

/**
 * The orders that make `id` act next within its side: the side's members in turn order, with `id`
 * moved to right after `after` (the combatant acting now) or first when `after` is not on the side.
 * Returns each member's new order, or null when `id` is not on the side.
 * @param side the side's member ids in turn order.
 */
export function actNextOrders(
  side: readonly string[], id: string, after: string | null,
): Map<string, number> | null {
  if (!side.includes(id)) return null;
  const rest = side.filter((s) => s !== id);
  const at = after ? rest.indexOf(after) : -1;
  rest.splice(at + 1, 0, id);
  return new Map(rest.map((s, i) => [s, i]));
}

/**
 * Whether a side's owners may pick `at` (a place in the turn order) to act next: only in a started
 * combat, within the side whose turn it is, and not for one who has already acted this round
 * (after the combatant acting now, `turn`).
 */
export function mayActNext(
  started: boolean, actingSide: string | null, side: string, at: number, turn: number | null,
): boolean {
  return started && actingSide === side && at > (turn ?? -1);
}

/** Where a combatant stands in the round, for whether it may act now. */
export interface TurnState {
  /** The side whose turn it is (null: not known). */
  readonly actingSide: string | null;
  readonly side: string;
  /** Holding its action: the rest of its turn may be taken as Instants until the round ends. */
  readonly holding: boolean;
  /** Its side was surprised and this is the free round of the others. */
  readonly surprised: boolean;
}

/**
 * Where a combatant stands in the round.
 * @param actingSide the side whose turn it is (null: not known, or the combat not started).
 * @param surprised the sides surprised in this round (empty once the surprise round is over).
 */
export function turnStateFor(
  actingSide: string | null, side: string, holding: boolean, surprised: readonly string[],
): TurnState {
  return { actingSide, side, holding, surprised: surprised.includes(side) };
}

/**
 * A combatant's kept round fresh at each round's start: nothing spent, no held action, charge,
 * used shield, screened attackers or swarm (Total Defense and a screen last to the bearer's next
 * turn). Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Charge, §Shock (shields),
 * §Screen an Ally, §Make a Swarm Attack.
 */
export const FRESH_ROUND = {
  main: false, moves: 0, disengaged: false, holding: false, charging: false, shieldUsed: false,
  screenedAttackers: [] as string[], swarming: "",
};

/**
 * What a combatant's turn start ends (§Total Defense, §Screen an Ally: to the start of the
 * bearer's next turn): its Total Defense and its screen, or null when it has neither.
 */
export function turnStartEnds(
  kept: { readonly totalDefense: boolean; readonly screening: string },
): { totalDefense: false; screening: "" } | null {
  return kept.totalDefense || kept.screening ? { totalDefense: false, screening: "" } : null;
}

/**
 * A combatant's budget as the Instants it may answer with read it: a surprised side takes no
 * action in the others' free round, Instants included, so its Main reads as spent then
 * (`002_5e27cdf788b28f5f.txt` §Surprise).
 */
export function answeringBudget(budget: Budget, surprised: boolean): Budget {
  return surprised ? { ...budget, main: true } : budget;
}

/**
 * Whether an action may be taken now: nothing in the surprise round by a surprised side; Instants
 * and a held action at any time; anything else only in its side's turn, in any order within the
 * side. Returns the key of the refusal, or null. Source: `002_5e27cdf788b28f5f.txt` §Combat
 * Sequence, §Surprise, §Instant Actions, §Hold An Action.
 */
export function turnRefusal(action: ActionId, turn: TurnState): string | null {
  return typeRefusal(ACTIONS[action].type, turn);
}

/** `turnRefusal` by the action's type. */
export function typeRefusal(type: ActionType | "charge", turn: TurnState): string | null {
  if (turn.surprised) return "FRAY.Shock.Refuse.Surprised";
  if (type === "instant" || type === "free" || turn.holding) return null;
  return turn.actingSide === null || turn.actingSide === turn.side
    ? null
    : "FRAY.Shock.Refuse.NotYourSide";
}
