import {
  actionIndex,
  compileEconomy,
  countOf,
  countsOfState,
  payingOption,
  setLeft,
  slotIndex,
  withheldCounts,
  type CompiledEconomy,
  type SlotCounts,
} from "../../../engine/economy/slot-counts";
import type { SlotBag, SlotEconomy } from "../../../engine/economy/slots";
import { TRACKED_ACTIONS, type Action, type TrackedAction } from "./constants";

/**
 * The turn's action economy, on the engine's action slots (`engine/economy/slots.ts`): one
 * Standard, one Move and one Quick on the turn (a better action may pay for a lesser one: Standard
 * for Move, Move for Quick), Free actions unlimited, and one Interrupt per round outside the turn.
 * A Stunned bearer has no move action while it is Stunned. Source: `000_c2dc3d650823e22d.txt`
 * §Actions, §Action Types, §Conditions and Effects (Stunned).
 */
export const ACTION_ECONOMY: SlotEconomy = {
  slots: {
    standard: { count: 1, refill: "turn" }, move: { count: 1, refill: "turn" },
    quick: { count: 1, refill: "turn" },
    interrupt: { count: 1, refill: "round" },
  },
  actions: {
    // Each tracked action's first option is its own slot; a lesser action's others are cheapest
    // first.
    standard: { when: "turn", options: [{ standard: 1 }] },
    move: { when: "turn", options: [{ move: 1 }, { standard: 1 }] },
    quick: { when: "turn", options: [{ quick: 1 }, { move: 1 }, { standard: 1 }] },
    interrupt: { when: "offTurn", options: [{ interrupt: 1 }] },
    free: { when: "any", options: [{}] },
  },
};

/** What Stunned withholds while it lasts: the move action (000 §Conditions and Effects). */
export const STUNNED_WITHHOLDS: SlotBag = { move: 1 };

/** {@link ACTION_ECONOMY} compiled for in-place payment (the headless runner's). */
export const ACTION_SLOTS: CompiledEconomy = compileEconomy(ACTION_ECONOMY);

/** Stunned's withheld slots packed, for `payingOption`. */
export const STUNNED_COUNTS: number = withheldCounts(ACTION_SLOTS, STUNNED_WITHHOLDS);

/** Each action's index in {@link ACTION_SLOTS}. */
export const ACTION_INDEX: Readonly<Record<Action, number>> = {
  standard: actionIndex(ACTION_SLOTS, "standard"), move: actionIndex(ACTION_SLOTS, "move"),
  quick: actionIndex(ACTION_SLOTS, "quick"), interrupt: actionIndex(ACTION_SLOTS, "interrupt"),
  free: actionIndex(ACTION_SLOTS, "free"),
};

/** Each tracked action's slot index in {@link ACTION_SLOTS}. */
export const SLOT_INDEX: Readonly<Record<TrackedAction, number>> = {
  standard: slotIndex(ACTION_SLOTS, "standard"), move: slotIndex(ACTION_SLOTS, "move"),
  quick: slotIndex(ACTION_SLOTS, "quick"), interrupt: slotIndex(ACTION_SLOTS, "interrupt"),
};

/**
 * The slot that pays each option of each action, by action index: escalation's options spend one
 * slot each, or none (a Free action).
 */
export const OPTION_SLOT: readonly (readonly (TrackedAction | "free")[])[] =
  ACTION_SLOTS.options.map((options) =>
    options.map((bag) =>
      bag.length ? (ACTION_SLOTS.slots[bag[0] as number] as TrackedAction) : "free",
    ),
  );

/** The economy's off-turn action: the Interrupt, the only one not paid on the turn. */
function onTurnFor(action: Action): boolean {
  return ACTION_ECONOMY.actions[action]?.when !== "offTurn";
}

export type ActionsUsed = Readonly<Record<TrackedAction, boolean>>;

export const NO_ACTIONS_USED: ActionsUsed = {
  standard: false,
  move: false,
  quick: false,
  interrupt: false,
};

/** The counts of `used` (a used slot has none left; none is owed: escalation never pays ahead). */
function countsOf(used: ActionsUsed): SlotCounts {
  const left = Object.fromEntries(
    ACTION_SLOTS.slots.map((s) => [s, used[s as TrackedAction] ? 0 : 1]),
  );
  return countsOfState(ACTION_SLOTS, { left, owed: {} });
}

/**
 * The slot that pays for an action, or null when none is left. Free actions need no slot and
 * return "free". When the action may be taken (the Interrupt off the turn) is the caller's check.
 * @param losesMove the bearer is Stunned (no move action this turn).
 */
export function payingSlot(
  used: ActionsUsed, action: Action, losesMove = false,
): TrackedAction | "free" | null {
  const a = ACTION_INDEX[action];
  const withheld = losesMove ? STUNNED_COUNTS : 0;
  const option = payingOption(ACTION_SLOTS, countsOf(used), a, onTurnFor(action), withheld);
  return option < 0 ? null : OPTION_SLOT[a]?.[option] ?? null;
}

/**
 * Marks the paying slot used; returns null (and changes nothing) when the action cannot be paid.
 */
export function spendAction(
  used: ActionsUsed,
  action: Action,
  losesMove = false,
): ActionsUsed | null {
  const slot = payingSlot(used, action, losesMove);
  if (slot === null) return null;
  if (slot === "free") return used;
  return { ...used, [slot]: true };
}

/**
 * At the start of the bearer's turn the turn actions reset; the Interrupt resets with the round.
 */
export function resetForTurn(used: ActionsUsed): ActionsUsed {
  const out = { ...used };
  for (const slot of TRACKED_ACTIONS)
    if (ACTION_ECONOMY.slots[slot]?.refill === "turn") out[slot] = false;
  return out;
}

/**
 * The engine's counts read as {@link ActionsUsed}: a slot is used when none of it is left; setting
 * one spends it or gives it back. The headless runner's fighters keep their counts behind this.
 */
export class CountedActions implements Record<TrackedAction, boolean> {
  constructor(readonly counts: SlotCounts) {}
  get standard(): boolean { return this.#used("standard"); }
  set standard(used: boolean) { this.#set("standard", used); }
  get move(): boolean { return this.#used("move"); }
  set move(used: boolean) { this.#set("move", used); }
  get quick(): boolean { return this.#used("quick"); }
  set quick(used: boolean) { this.#set("quick", used); }
  get interrupt(): boolean { return this.#used("interrupt"); }
  set interrupt(used: boolean) { this.#set("interrupt", used); }

  #used(slot: TrackedAction): boolean {
    return countOf(this.counts.left, SLOT_INDEX[slot]) <= 0;
  }

  #set(slot: TrackedAction, used: boolean): void {
    const i = SLOT_INDEX[slot];
    setLeft(this.counts, i, used ? 0 : ACTION_SLOTS.counts[i] as number);
  }
}
