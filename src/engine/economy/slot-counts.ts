import {
  PAY_REFUSALS, type ActionTiming, type PayRefusal, type SlotBag, type SlotEconomy, type SlotState,
} from "./slots";

/**
 * Action slots paid in place: a {@link SlotEconomy} compiled to indices, and one combatant's counts
 * as two number arrays changed where they are. The same rules as `slots.ts` (property tests hold
 * them to its results), for loops that pay several actions a turn over thousands of fights
 * (`npm run bench`): no object is built for a payment, a refill or a refusal.
 */

/** A {@link SlotEconomy} by index: slot `i` is `slots[i]`, action `a` is `actions[a]`. */
export interface CompiledEconomy {
  readonly economy: SlotEconomy;
  readonly slots: readonly string[];
  readonly counts: readonly number[];
  /** Whether slot `i` comes back at its owner's turn start (else at the round's start). */
  readonly turnRefill: readonly boolean[];
  readonly actions: readonly string[];
  readonly when: readonly ActionTiming[];
  /** Whether off-turn payments of action `a` are owed by the next turn (`fromNextTurn`). */
  readonly ahead: readonly boolean[];
  /** Per action, per option: `[slot, count, slot, count, …]` in the bag's order. */
  readonly options: readonly (readonly (readonly number[])[])[];
}

/** One combatant's slots by index: left now, and turn slots already spent from the next turn. */
export interface SlotCounts {
  readonly left: number[];
  readonly owed: number[];
}

function indexIn(names: readonly string[], name: string, what: string): number {
  const i = names.indexOf(name);
  if (i < 0) throw new RangeError(`unknown ${what} ${name}`);
  return i;
}

/**
 * Compiles an economy once (a ruleset does it at load).
 * @throws RangeError on an option naming an unknown slot or a count that is not a natural number.
 */
export function compileEconomy(economy: SlotEconomy): CompiledEconomy {
  const slots = Object.keys(economy.slots);
  const specs = Object.values(economy.slots);
  const actions = Object.keys(economy.actions);
  const costs = Object.values(economy.actions);
  const compileBag = (bag: SlotBag): number[] => Object.entries(bag).flatMap(([slot, n]) => {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`slot ${slot} needs a natural count, got ${n}`);
    return [indexIn(slots, slot, "slot"), n];
  });
  return {
    economy, slots, actions,
    counts: specs.map((s) => s.count),
    turnRefill: specs.map((s) => s.refill === "turn"),
    when: costs.map((c) => c.when),
    ahead: costs.map((c) => c.fromNextTurn === true),
    options: costs.map((c) => c.options.map(compileBag)),
  };
}

/** The index of a slot. @throws RangeError when the economy has no such slot. */
export function slotIndex(c: CompiledEconomy, slot: string): number {
  return indexIn(c.slots, slot, "slot");
}

/** The index of an action. @throws RangeError when the economy has no such action. */
export function actionIndex(c: CompiledEconomy, action: string): number {
  return indexIn(c.actions, action, "action");
}

/**
 * A withheld bag by slot index (what {@link payingOption} takes), built once per condition.
 * @throws RangeError on an unknown slot or a count that is not a natural number.
 */
export function withheldCounts(c: CompiledEconomy, bag: SlotBag): number[] {
  const out = c.slots.map(() => 0);
  for (const [slot, n] of Object.entries(bag)) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`slot ${slot} needs a natural count, got ${n}`);
    out[slotIndex(c, slot)] = n;
  }
  return out;
}

/** Every slot full, nothing owed: the start of a combat (`freshSlots`). */
export function freshCounts(c: CompiledEconomy): SlotCounts {
  return { left: [...c.counts], owed: c.counts.map(() => 0) };
}

/** Refills `s` in place as the combat starts anew (a fighter carried into the next fight). */
export function refillCounts(c: CompiledEconomy, s: SlotCounts): void {
  for (let i = 0; i < c.counts.length; i++) {
    s.left[i] = c.counts[i] as number;
    s.owed[i] = 0;
  }
}

/**
 * The start of the owner's turn, in place (`startTurn`): turn slots come back less what was
 * spent ahead from this turn and what `withheld` (by slot index) keeps back; round slots stay.
 */
export function startTurnCounts(c: CompiledEconomy, s: SlotCounts, withheld: readonly number[] | null = null): void {
  for (let i = 0; i < c.counts.length; i++) {
    if (!c.turnRefill[i]) continue;
    const back = (c.counts[i] as number) - (s.owed[i] as number) - (withheld === null ? 0 : withheld[i] as number);
    s.left[i] = back > 0 ? back : 0;
    s.owed[i] = 0;
  }
}

/** The start of a round, in place (`startRound`): round slots come back. */
export function startRoundCounts(c: CompiledEconomy, s: SlotCounts): void {
  for (let i = 0; i < c.counts.length; i++) if (!c.turnRefill[i]) s.left[i] = c.counts[i] as number;
}

/** {@link payingOption}'s refusals: `-1 - PAY_REFUSALS.indexOf(reason)`. */
export const REFUSAL_CODES: Readonly<Record<PayRefusal, number>> = Object.fromEntries(
  PAY_REFUSALS.map((r, i) => [r, -1 - i]),
) as Record<PayRefusal, number>;

/** The refusal a negative {@link payingOption} result stands for. */
export function refusalOf(code: number): PayRefusal {
  const r = PAY_REFUSALS[-1 - code];
  if (r === undefined) throw new RangeError(`not a refusal code: ${code}`);
  return r;
}

function fits(
  c: CompiledEconomy, s: SlotCounts, bag: readonly number[], onTurn: boolean, ahead: boolean,
  withheld: readonly number[] | null,
): boolean {
  for (let k = 0; k < bag.length; k += 2) {
    const slot = bag[k] as number;
    const turnSlot = c.turnRefill[slot] as boolean;
    if (turnSlot && !onTurn && !ahead) return false;
    let have = turnSlot && !onTurn ? (c.counts[slot] as number) - (s.owed[slot] as number) : s.left[slot] as number;
    if (withheld !== null) have -= withheld[slot] as number;
    if (have < (bag[k + 1] as number)) return false;
  }
  return true;
}

/**
 * How action `a` would be paid now (`paymentFor`): the index of the first option that fits (or
 * `option`, when the taker picks one), or a negative refusal code ({@link REFUSAL_CODES}).
 * @param withheld slots by index a condition keeps back now, or null.
 */
export function payingOption(
  c: CompiledEconomy, s: SlotCounts, a: number, onTurn: boolean, withheld: readonly number[] | null = null,
  option = -1,
): number {
  const options = c.options[a];
  if (options === undefined) return REFUSAL_CODES.unknownAction;
  const when = c.when[a];
  if (when === "turn" && !onTurn) return REFUSAL_CODES.notOnTurn;
  if (when === "offTurn" && onTurn) return REFUSAL_CODES.notOffTurn;
  const ahead = c.ahead[a] as boolean;
  if (option >= 0) {
    const bag = options[option];
    if (bag === undefined) return REFUSAL_CODES.noSuchOption;
    return fits(c, s, bag, onTurn, ahead, withheld) ? option : REFUSAL_CODES.noSlot;
  }
  for (let o = 0; o < options.length; o++) if (fits(c, s, options[o] as number[], onTurn, ahead, withheld)) return o;
  return REFUSAL_CODES.noSlot;
}

/**
 * Pays option `option` of action `a` in place (`pay`), as {@link payingOption} chose it: turn slots
 * paid off the turn by a `fromNextTurn` action are owed by the next turn. It does not check again.
 */
export function payOption(c: CompiledEconomy, s: SlotCounts, a: number, option: number, onTurn: boolean): void {
  const bag = c.options[a]?.[option];
  if (bag === undefined) throw new RangeError(`no option ${option} of action ${a}`);
  const owe = !onTurn && (c.ahead[a] as boolean);
  for (let k = 0; k < bag.length; k += 2) {
    const slot = bag[k] as number;
    if (owe && c.turnRefill[slot]) s.owed[slot] = (s.owed[slot] as number) + (bag[k + 1] as number);
    else s.left[slot] = (s.left[slot] as number) - (bag[k + 1] as number);
  }
}

/** Gives up what is left of the slots by index, in place (`forfeit`). */
export function forfeitCounts(s: SlotCounts, slots: readonly number[]): void {
  for (const slot of slots) s.left[slot] = 0;
}

/** The counts as `slots.ts`' state (every slot in `left`; `owed` only where something is owed). */
export function stateOfCounts(c: CompiledEconomy, s: SlotCounts): SlotState {
  const left: Record<string, number> = {};
  const owed: Record<string, number> = {};
  c.slots.forEach((slot, i) => {
    left[slot] = s.left[i] as number;
    if ((s.owed[i] as number) > 0) owed[slot] = s.owed[i] as number;
  });
  return { left, owed };
}

/** `slots.ts`' state as counts (a slot missing from `left` has none left). */
export function countsOfState(c: CompiledEconomy, state: SlotState): SlotCounts {
  return { left: c.slots.map((slot) => state.left[slot] ?? 0), owed: c.slots.map((slot) => state.owed[slot] ?? 0) };
}
