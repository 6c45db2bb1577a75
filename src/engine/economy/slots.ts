/**
 * Action slots: a turn economy counted in named slots, each refilled at the start of its owner's
 * turn or at the start of the round, and actions paid with one of several bags of slots.
 * - `escalation`: Standard, Move, Quick on the turn (a better slot pays for a lesser action), one
 *   Interrupt per round off the turn. `000_c2dc3d650823e22d.txt` §Actions, §Action Types.
 * - `shock`: one Main and one Move a round (Main may pay for a second Move); Snap Attack and Total
 *   Defense spend the round's Main, even off the turn. `002_5e27cdf788b28f5f.txt` §Actions.
 * - `wounds`: 1 Attack, 1 Move, 2 Bonus a turn; Move + both Bonus buy an extra attack; standing
 *   up off the turn spends an action of the next turn; Free Hit Slots per round.
 *   `001_dbc5fcc02a99a518.txt` §Bonus Actions, §Prone, §Free Hits; RULINGS.md §wounds Turn.
 * Pure: every function returns a new state or a refusal and changes nothing it is given.
 * `slot-counts.ts` is the same economy compiled to indices and paid in place, for hot loops (the
 * headless runners); property tests hold the two to the same results.
 */
export const SLOT_REFILLS = ["turn", "round"] as const;
export type SlotRefill = (typeof SLOT_REFILLS)[number];

/** When an action may be taken: on its taker's turn, only off it, or either. */
export const ACTION_TIMINGS = ["turn", "offTurn", "any"] as const;
export type ActionTiming = (typeof ACTION_TIMINGS)[number];

/** A slot: how many its owner has and when they come back. */
export interface SlotSpec {
  readonly count: number;
  readonly refill: SlotRefill;
}

/** Slots by name and how many of each; an empty bag costs nothing (a free action). */
export type SlotBag = Readonly<Record<string, number>>;

/** What an action costs. */
export interface ActionCost {
  readonly when: ActionTiming;
  /** Ways to pay, cheapest first; the first payable one is used unless the taker picks one. */
  readonly options: readonly SlotBag[];
  /**
   * Off the turn, turn slots are taken from the taker's next turn (wounds: standing up from prone
   * "consumes the action you chose to use from your next turn"). Without it, turn slots cannot pay
   * off the turn.
   */
  readonly fromNextTurn?: boolean;
}

/** One combatant's economy (a ruleset builds it per combatant: wounds' Free Hit Slots vary). */
export interface SlotEconomy {
  readonly slots: Readonly<Record<string, SlotSpec>>;
  readonly actions: Readonly<Record<string, ActionCost>>;
}

/** Slots left now, and turn slots already spent from the next turn. */
export interface SlotState {
  readonly left: Readonly<Record<string, number>>;
  readonly owed: Readonly<Record<string, number>>;
}

export const PAY_REFUSALS = [
  "unknownAction",
  "notOnTurn",
  "notOffTurn",
  "noSuchOption",
  "noSlot",
] as const;
export type PayRefusal = (typeof PAY_REFUSALS)[number];

/**
 * Whether the taker is on its own turn, which payment option it picked (index), if any, and what a
 * condition withholds while it lasts: slots it has but cannot spend now (escalation's Stunned:
 * `{ move: 1 }`, read at each payment, so a Stun taken or ended mid-turn counts at once).
 */
export interface PayContext {
  readonly onTurn: boolean;
  readonly option?: number;
  readonly withheld?: SlotBag;
}

export type Payment =
  | {
      readonly ok: true;
      readonly option: number;
      readonly bag: SlotBag;
      readonly fromNextTurn: boolean;
    }
  | { readonly ok: false; readonly reason: PayRefusal };

function spec(econ: SlotEconomy, slot: string): SlotSpec {
  const s = econ.slots[slot];
  if (s === undefined) throw new RangeError(`unknown slot ${slot}`);
  return s;
}

function checkBag(bag: SlotBag): void {
  for (const [slot, n] of Object.entries(bag)) {
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`slot ${slot} needs a natural count, got ${n}`);
  }
}

/** Every slot full: the state at the start of a combat. */
export function freshSlots(econ: SlotEconomy): SlotState {
  const left: Record<string, number> = {};
  for (const [slot, s] of Object.entries(econ.slots)) left[slot] = s.count;
  return { left, owed: {} };
}

/**
 * The start of the owner's turn: turn slots come back, less what was spent ahead from this turn and
 * what a condition withholds (escalation's Stunned: `{ move: 1 }`); round slots are untouched.
 */
export function startTurn(econ: SlotEconomy, state: SlotState, withheld: SlotBag = {}): SlotState {
  checkBag(withheld);
  const left = { ...state.left };
  for (const [slot, s] of Object.entries(econ.slots)) {
    if (s.refill !== "turn") continue;
    left[slot] = Math.max(0, s.count - (state.owed[slot] ?? 0) - (withheld[slot] ?? 0));
  }
  return { left, owed: {} };
}

/** The start of a round: round slots come back (escalation's Interrupt, wounds' Free Hit Slots). */
export function startRound(econ: SlotEconomy, state: SlotState): SlotState {
  const left = { ...state.left };
  for (const [slot, s] of Object.entries(econ.slots))
    if (s.refill === "round") left[slot] = s.count;
  return { left, owed: state.owed };
}

/** How many of a turn slot the next turn still has, or this turn when `nextTurn` is false. */
function available(econ: SlotEconomy, state: SlotState, slot: string, nextTurn: boolean): number {
  const s = spec(econ, slot);
  if (nextTurn && s.refill === "turn") return s.count - (state.owed[slot] ?? 0);
  return state.left[slot] ?? 0;
}

function bagFits(
  econ: SlotEconomy,
  state: SlotState,
  bag: SlotBag,
  onTurn: boolean,
  ahead: boolean,
  withheld: SlotBag,
): boolean {
  checkBag(bag);
  return Object.entries(bag).every(([slot, n]) => {
    const turnSlot = spec(econ, slot).refill === "turn";
    if (turnSlot && !onTurn && !ahead) return false;
    return available(econ, state, slot, turnSlot && !onTurn) - (withheld[slot] ?? 0) >= n;
  });
}

/**
 * How an action would be paid now: the picked option, or else the first option that fits.
 * Refusals: `unknownAction`; `notOnTurn` (a turn-only action off the turn); `notOffTurn` (an
 * off-turn action on the turn, as escalation's Interrupt); `noSuchOption`; `noSlot` (no option
 * fits, counting `ctx.withheld` as unavailable).
 */
export function paymentFor(
  econ: SlotEconomy,
  state: SlotState,
  action: string,
  ctx: PayContext,
): Payment {
  const cost = econ.actions[action];
  if (cost === undefined) return { ok: false, reason: "unknownAction" };
  if (cost.when === "turn" && !ctx.onTurn) return { ok: false, reason: "notOnTurn" };
  if (cost.when === "offTurn" && ctx.onTurn) return { ok: false, reason: "notOffTurn" };
  const ahead = cost.fromNextTurn === true;
  const fromNextTurn = ahead && !ctx.onTurn;
  const withheld = ctx.withheld ?? {};
  checkBag(withheld);
  if (ctx.option !== undefined) {
    const bag = cost.options[ctx.option];
    if (bag === undefined) return { ok: false, reason: "noSuchOption" };
    if (!bagFits(econ, state, bag, ctx.onTurn, ahead, withheld))
      return { ok: false, reason: "noSlot" };
    return { ok: true, option: ctx.option, bag, fromNextTurn };
  }
  const option = cost.options.findIndex((bag) =>
    bagFits(econ, state, bag, ctx.onTurn, ahead, withheld),
  );
  const bag = cost.options[option];
  if (bag === undefined) return { ok: false, reason: "noSlot" };
  return { ok: true, option, bag, fromNextTurn };
}

/** Whether an action can be paid now (see {@link paymentFor}). */
export function canPay(
  econ: SlotEconomy,
  state: SlotState,
  action: string,
  ctx: PayContext,
): boolean {
  return paymentFor(econ, state, action, ctx).ok;
}

/**
 * Pays for an action: the new state and what was paid, or the refusal (the state is unchanged).
 * Turn slots paid off the turn by a `fromNextTurn` action are owed by the next turn.
 */
export function pay(
  econ: SlotEconomy,
  state: SlotState,
  action: string,
  ctx: PayContext,
):
  { ok: true; state: SlotState; option: number; bag: SlotBag } | { ok: false; reason: PayRefusal } {
  const p = paymentFor(econ, state, action, ctx);
  if (!p.ok) return p;
  const left = { ...state.left };
  const owed = { ...state.owed };
  for (const [slot, n] of Object.entries(p.bag)) {
    if (n === 0) continue;
    if (p.fromNextTurn && spec(econ, slot).refill === "turn") owed[slot] = (owed[slot] ?? 0) + n;
    else left[slot] = (left[slot] ?? 0) - n;
  }
  return { ok: true, state: { left, owed }, option: p.option, bag: p.bag };
}

/** The actions that can be paid now, in the economy's order (for a sheet's buttons). */
export function payableActions(econ: SlotEconomy, state: SlotState, onTurn: boolean): string[] {
  return Object.keys(econ.actions).filter((a) => canPay(econ, state, a, { onTurn }));
}

/**
 * Gives up what is left of `slots` now (to 0 left; what is spent stays spent, nothing is owed):
 * the rest of a turn's actions taken by one deed whatever was already spent (escalation's Coup de
 * Grace spends the Move and Quick actions with its Standard; 000 §Coup de Grace).
 */
export function forfeit(econ: SlotEconomy, state: SlotState, slots: readonly string[]): SlotState {
  const left = { ...state.left };
  for (const slot of slots) {
    spec(econ, slot);
    left[slot] = 0;
  }
  return { left, owed: state.owed };
}
