import {
  allLeft, countOf, forfeitCounts, payingOption, payOption, startRoundCounts, startTurnCounts,
} from "../../../engine/economy/slot-counts";
import {
  ACTION_INDEX, ACTION_SLOTS, OPTION_SLOT, SLOT_INDEX, STUNNED_COUNTS,
} from "../rules/actions";
import type { Action, TrackedAction } from "../rules/constants";
import type { AbilityEntry } from "../rules/statblock";
import type { TurnContext } from "./context";
import { losesMove, type Fighter } from "./fighter";

/**
 * The action economy of a headless turn, on the engine's action slots paid in place
 * (`engine/economy/slot-counts.ts` over `rules/actions.ts` ACTION_ECONOMY): one Standard, one
 * Move and one Quick on the turn (Standard may pay for Move, Move for Quick), a Stunned fighter
 * without its move action, one Interrupt per round outside its turn, and Free actions. Source:
 * `000_c2dc3d650823e22d.txt` §Actions, §Action Types, §Conditions and Effects (Stunned).
 */

// Each tracked action's first option is its own slot (ACTION_ECONOMY): `spendSlot` relies on it.
for (const [slot, i] of Object.entries(SLOT_INDEX)) {
  if (
    OPTION_SLOT[ACTION_INDEX[slot as TrackedAction]]?.[0] !== slot
    || ACTION_SLOTS.slots[i] !== slot
  ) {
    throw new Error(`escalation's economy: the ${slot} action's first option is not its own slot`);
  }
}

const STANDARD = ACTION_INDEX.standard;
const MOVE = ACTION_INDEX.move;
const QUICK = ACTION_INDEX.quick;
const INTERRUPT = ACTION_INDEX.interrupt;
const FREE = ACTION_INDEX.free;

/**
 * The index of an action, and of the action paid by its own slot. Spelled out: a keyed read of
 * `ACTION_INDEX` with five names at one place is megamorphic in V8, paid several times a turn.
 */
function indexOf(action: Action): number {
  return action === "standard" ? STANDARD : action === "move" ? MOVE : action === "quick" ? QUICK
    : action === "interrupt" ? INTERRUPT : FREE;
}

/**
 * The start of the fighter's turn, also one spent on a death save: its turn actions are back, Hold
 * the Line ends ("until your next turn"), and one that came back up since its last turn may act
 * again (§Dying and Death: "They can act on their next turn").
 */
export function startTurn(f: Fighter, round: number): void {
  startTurnCounts(ACTION_SLOTS, f.slots);
  f.turnRound = round;
  f.holdingLine = false;
  f.upNextTurn = false;
}

/** The start of a round: the fighter's Interrupt is back. */
export function startRound(f: Fighter): void {
  startRoundCounts(ACTION_SLOTS, f.slots);
}

/** Stunned's withheld move action, read at each payment (a Stun taken mid-turn counts at once). */
function withheld(f: Fighter): number {
  return losesMove(f) ? STUNNED_COUNTS : 0;
}

/**
 * The slot that would pay for `action` on the fighter's own turn, or null. Before the turn's main
 * action a lesser action never takes the Standard (the runner keeps it for the main action).
 */
export function slotFor(
  f: Fighter,
  action: Action,
  keepStandard: boolean,
): TrackedAction | "free" | null {
  const a = indexOf(action);
  const option = payingOption(ACTION_SLOTS, f.slots, a, true, withheld(f));
  if (option < 0) return null;
  const slot = OPTION_SLOT[a]?.[option] ?? null;
  return keepStandard && slot === "standard" && action !== "standard" ? null : slot;
}

/** Whether the fighter may take its Interrupt now: outside its own turn, one per round. */
export function hasInterrupt(f: Fighter, ctx: Pick<TurnContext, "turn">): boolean {
  return payingOption(ACTION_SLOTS, f.slots, INTERRUPT, ctx.turn === f.key) >= 0;
}

/**
 * Whether the fighter still has its whole turn: the Standard, Move and Quick actions each unspent
 * (the Move not withheld by Stunned), as a Coup de Grace needs (000 §Coup de Grace).
 */
export function hasWholeTurn(f: Fighter): boolean {
  return allLeft(f.slots, WHOLE_TURN, withheld(f));
}

const WHOLE_TURN: readonly number[] = [SLOT_INDEX.standard, SLOT_INDEX.move, SLOT_INDEX.quick];

/**
 * Marks `slot` spent (a Free action spends nothing): pays the action of that name with its own
 * slot (its first option), when that slot is not spent already (a spent one stays spent).
 */
export function spendSlot(f: Fighter, slot: TrackedAction | "free"): void {
  if (slot === "free") return;
  const a = indexOf(slot);
  if (countOf(f.slots.left, OWN_SLOT[a] as number) <= 0) return;
  payOption(ACTION_SLOTS, f.slots, a, 0, slot !== "interrupt");
}

/** The slot of each tracked action's first option (its own), by action index. */
const OWN_SLOT: readonly number[] = ACTION_SLOTS.options.map((options) => options[0]?.[0] ?? -1);

const REST_OF_TURN: readonly number[] = [SLOT_INDEX.move, SLOT_INDEX.quick];

/** A Coup de Grace takes the Move and Quick actions with its Standard (000 §Coup de Grace). */
export function forfeitRestOfTurn(f: Fighter): void {
  forfeitCounts(f.slots, REST_OF_TURN);
}

/**
 * Pays for using an ability with `slot`, marks an Encounter/Daily/Recharge ability expended and
 * reports the use.
 */
export function payUse(
  f: Fighter,
  entry: AbilityEntry,
  slot: TrackedAction | "free",
  ctx: Pick<TurnContext, "emit" | "round" | "record">,
): void {
  spendSlot(f, slot);
  if (entry.system.frequency !== "atWill") f.expended.push(entry.id);
  if (ctx.record)
    ctx.emit({
      kind: "use",
      round: ctx.round,
      actor: f.key,
      ability: entry.name,
      abilityId: entry.id,
      frequency: entry.system.frequency,
      action: slot === "free" ? "free" : slot,
    });
}
