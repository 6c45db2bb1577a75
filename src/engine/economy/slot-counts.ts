import {
  PAY_REFUSALS, type ActionTiming, type PayRefusal, type SlotBag, type SlotEconomy, type SlotState,
} from "./slots";

/**
 * Action slots paid in place: a {@link SlotEconomy} compiled to indices, and one combatant's counts
 * packed into two small integers (four bits per slot) changed where they are. The same rules as
 * `slots.ts` (property tests hold them to its results), for loops that pay several actions a turn
 * over thousands of fights (`npm run bench`): no object is built for a payment, a refill or a
 * refusal, and a refill is one mask. It holds economies of at most {@link MAX_SLOTS} slots of at
 * most {@link MAX_COUNT} each (every text's economy fits; `compileEconomy` refuses others).
 */
export const MAX_SLOTS = 7;
export const MAX_COUNT = 15;
const BITS = 4;
const NIBBLE = 0xf;

/** A {@link SlotEconomy} by index: slot `i` is `slots[i]`, action `a` is `actions[a]`. */
export interface CompiledEconomy {
  readonly economy: SlotEconomy;
  readonly slots: readonly string[];
  readonly counts: readonly number[];
  /** Whether slot `i` comes back at its owner's turn start (else at the round's start). */
  readonly turnRefill: readonly boolean[];
  /** Every slot full, packed; and the bits of the turn slots and of the round slots. */
  readonly full: number;
  readonly turnMask: number;
  readonly roundMask: number;
  readonly actions: readonly string[];
  readonly when: readonly ActionTiming[];
  /** Whether off-turn payments of action `a` are owed by the next turn (`fromNextTurn`). */
  readonly ahead: readonly boolean[];
  /** Per action, per option: `[slot, count, slot, count, …]` in the bag's order. */
  readonly options: readonly (readonly (readonly number[])[])[];
  /**
   * Per action, when every option is one of a slot (escalation's Standard → Move → Quick): that
   * slot per option, read by {@link payingOption}'s quick path on the turn; else null.
   */
  readonly singles: readonly (readonly number[] | null)[];
}

/**
 * One combatant's slots, packed four bits per slot index: how many are left now, and how many
 * turn slots are already spent from the next turn. Read one with {@link countOf}.
 */
export interface SlotCounts {
  left: number;
  owed: number;
}

/** The count of slot `i` in a packed number. */
export function countOf(packed: number, i: number): number {
  return (packed >>> (i * BITS)) & NIBBLE;
}

function pack(counts: readonly number[]): number {
  let out = 0;
  counts.forEach((n, i) => { out |= n << (i * BITS); });
  return out;
}

function indexIn(names: readonly string[], name: string, what: string): number {
  const i = names.indexOf(name);
  if (i < 0) throw new RangeError(`unknown ${what} ${name}`);
  return i;
}

function checkCount(slot: string, n: number): void {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`slot ${slot} needs a natural count, got ${n}`);
  if (n > MAX_COUNT)
    throw new RangeError(`slot ${slot}: at most ${MAX_COUNT} here, got ${n} (use slots.ts)`);
}

/**
 * Compiles an economy once (a ruleset does it at load).
 * @throws RangeError on more than {@link MAX_SLOTS} slots, a count over {@link MAX_COUNT},
 *   an option naming an unknown slot or a count that is not a natural number.
 */
export function compileEconomy(economy: SlotEconomy): CompiledEconomy {
  const slots = Object.keys(economy.slots);
  if (slots.length > MAX_SLOTS) {
    throw new RangeError(`at most ${MAX_SLOTS} slots here, got ${slots.length} (use slots.ts)`);
  }
  const specs = Object.values(economy.slots);
  specs.forEach((s, i) => checkCount(slots[i] as string, s.count));
  const costs = Object.values(economy.actions);
  const compileBag = (bag: SlotBag): number[] => Object.entries(bag).flatMap(([slot, n]) => {
    checkCount(slot, n);
    return [indexIn(slots, slot, "slot"), n];
  });
  const options = costs.map((c) => c.options.map(compileBag));
  const counts = specs.map((s) => s.count);
  const turnRefill = specs.map((s) => s.refill === "turn");
  return {
    economy, slots, counts, turnRefill,
    full: pack(counts),
    turnMask: pack(turnRefill.map((t) => (t ? NIBBLE : 0))),
    roundMask: pack(turnRefill.map((t) => (t ? 0 : NIBBLE))),
    actions: Object.keys(economy.actions),
    when: costs.map((c) => c.when),
    ahead: costs.map((c) => c.fromNextTurn === true),
    options,
    singles: options.map((opts) =>
      opts.every((bag) => bag.length === 2 && bag[1] === 1)
        ? opts.map((bag) => bag[0] as number)
        : null,
    ),
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
 * A withheld bag packed (what {@link payingOption} takes; 0 withholds nothing), built once per
 * condition. @throws RangeError on an unknown slot or a bad count.
 */
export function withheldCounts(c: CompiledEconomy, bag: SlotBag): number {
  let out = 0;
  for (const [slot, n] of Object.entries(bag)) {
    checkCount(slot, n);
    out |= n << (slotIndex(c, slot) * BITS);
  }
  return out;
}

/** Every slot full, nothing owed: the start of a combat (`freshSlots`). */
export function freshCounts(c: CompiledEconomy): SlotCounts {
  return { left: c.full, owed: 0 };
}

/** Refills `s` in place as the combat starts anew (a fighter carried into the next fight). */
export function refillCounts(c: CompiledEconomy, s: SlotCounts): void {
  s.left = c.full;
  s.owed = 0;
}

/**
 * The start of the owner's turn, in place (`startTurn`): turn slots come back less what was
 * spent ahead from this turn and what `withheld` (packed) keeps back; round slots stay.
 */
export function startTurnCounts(c: CompiledEconomy, s: SlotCounts, withheld = 0): void {
  if (s.owed === 0 && withheld === 0) {
    s.left = (s.left & c.roundMask) | (c.full & c.turnMask);
    return;
  }
  let left = s.left & c.roundMask;
  for (let i = 0; i < c.counts.length; i++) {
    if (!c.turnRefill[i]) continue;
    const back = (c.counts[i] as number) - countOf(s.owed, i) - countOf(withheld, i);
    if (back > 0) left |= back << (i * BITS);
  }
  s.left = left;
  s.owed = 0;
}

/** The start of a round, in place (`startRound`): round slots come back. */
export function startRoundCounts(c: CompiledEconomy, s: SlotCounts): void {
  s.left = (s.left & c.turnMask) | (c.full & c.roundMask);
}

/** {@link payingOption}'s refusals: `-1 - PAY_REFUSALS.indexOf(reason)`. */
export const REFUSAL_CODES: Readonly<Record<PayRefusal, number>> = Object.fromEntries(
  PAY_REFUSALS.map((r, i) => [r, -1 - i]),
) as Record<PayRefusal, number>;
const NO_SLOT = REFUSAL_CODES.noSlot;

/** The refusal a negative {@link payingOption} result stands for. */
export function refusalOf(code: number): PayRefusal {
  const r = PAY_REFUSALS[-1 - code];
  if (r === undefined) throw new RangeError(`not a refusal code: ${code}`);
  return r;
}

function fits(
  c: CompiledEconomy, s: SlotCounts, bag: readonly number[], onTurn: boolean, ahead: boolean,
  withheld: number,
): boolean {
  for (let k = 0; k < bag.length; k += 2) {
    const slot = bag[k] as number;
    const turnSlot = c.turnRefill[slot] as boolean;
    if (turnSlot && !onTurn && !ahead) return false;
    const have = turnSlot && !onTurn
      ? (c.counts[slot] as number) - countOf(s.owed, slot)
      : countOf(s.left, slot);
    if (have - countOf(withheld, slot) < (bag[k + 1] as number)) return false;
  }
  return true;
}

/**
 * How action `a` would be paid now (`paymentFor`): the index of the first option that fits (or
 * `option`, when the taker picks one), or a negative refusal code ({@link REFUSAL_CODES}).
 * @param withheld slots a condition keeps back now, packed ({@link withheldCounts}); 0 for none.
 */
export function payingOption(
  c: CompiledEconomy, s: SlotCounts, a: number, onTurn: boolean, withheld = 0, option = -1,
): number {
  const when = c.when[a];
  if (when === undefined) return REFUSAL_CODES.unknownAction;
  if (onTurn) {
    if (when === "offTurn") return REFUSAL_CODES.notOffTurn;
    const singles = c.singles[a];
    if (option < 0 && singles !== null && singles !== undefined) {
      // The quick path: on the turn every slot pays from what is left now.
      const left = s.left;
      for (let o = 0; o < singles.length; o++) {
        const slot = singles[o] as number;
        if (countOf(left, slot) - countOf(withheld, slot) >= 1) return o;
      }
      return NO_SLOT;
    }
  } else if (when === "turn") return REFUSAL_CODES.notOnTurn;
  const options = c.options[a] as readonly (readonly number[])[];
  const ahead = c.ahead[a] as boolean;
  if (option >= 0) {
    const bag = options[option];
    if (bag === undefined) return REFUSAL_CODES.noSuchOption;
    return fits(c, s, bag, onTurn, ahead, withheld) ? option : NO_SLOT;
  }
  for (let o = 0; o < options.length; o++) {
    if (fits(c, s, options[o] as number[], onTurn, ahead, withheld)) return o;
  }
  return NO_SLOT;
}

/**
 * Pays option `option` of action `a` in place (`pay`), as {@link payingOption} chose it: turn slots
 * paid off the turn by a `fromNextTurn` action are owed by the next turn. It does not check again.
 */
export function payOption(
  c: CompiledEconomy, s: SlotCounts, a: number, option: number, onTurn: boolean,
): void {
  const singles = c.singles[a];
  if (singles && (onTurn || !c.ahead[a])) {
    // The quick path: one of one slot, from what is left now.
    const slot = singles[option];
    if (slot === undefined) throw new RangeError(`no option ${option} of action ${a}`);
    s.left -= 1 << (slot * BITS);
    return;
  }
  const bag = c.options[a]?.[option];
  if (bag === undefined) throw new RangeError(`no option ${option} of action ${a}`);
  const owe = !onTurn && (c.ahead[a] as boolean);
  for (let k = 0; k < bag.length; k += 2) {
    const slot = bag[k] as number;
    const n = (bag[k + 1] as number) << (slot * BITS);
    if (owe && c.turnRefill[slot]) s.owed += n;
    else s.left -= n;
  }
}

/** Whether each of `slots` (by index) has one left now, less what `withheld` keeps back. */
export function allLeft(s: SlotCounts, slots: readonly number[], withheld = 0): boolean {
  for (let k = 0; k < slots.length; k++) {
    const i = slots[k] as number;
    if (countOf(s.left, i) - countOf(withheld, i) < 1) return false;
  }
  return true;
}

/** Sets how many of slot `i` are left, in place (a GM's override; 0 to {@link MAX_COUNT}). */
export function setLeft(s: SlotCounts, i: number, n: number): void {
  checkCount(String(i), n);
  s.left = (s.left & ~(NIBBLE << (i * BITS))) | (n << (i * BITS));
}

/** Gives up what is left of the slots by index, in place (`forfeit`). */
export function forfeitCounts(s: SlotCounts, slots: readonly number[]): void {
  for (let k = 0; k < slots.length; k++) s.left &= ~(NIBBLE << ((slots[k] as number) * BITS));
}

/** The counts as `slots.ts`' state (every slot in `left`; `owed` only where something is owed). */
export function stateOfCounts(c: CompiledEconomy, s: SlotCounts): SlotState {
  const left: Record<string, number> = {};
  const owed: Record<string, number> = {};
  c.slots.forEach((slot, i) => {
    left[slot] = countOf(s.left, i);
    if (countOf(s.owed, i) > 0) owed[slot] = countOf(s.owed, i);
  });
  return { left, owed };
}

/**
 * `slots.ts`' state as counts (a slot missing from `left` has none left).
 * @throws RangeError on a count this packing cannot hold.
 */
export function countsOfState(c: CompiledEconomy, state: SlotState): SlotCounts {
  const left = c.slots.map((slot) => state.left[slot] ?? 0);
  const owed = c.slots.map((slot) => state.owed[slot] ?? 0);
  c.slots.forEach((slot, i) => {
    checkCount(slot, left[i] as number);
    checkCount(slot, owed[i] as number);
  });
  return { left: pack(left), owed: pack(owed) };
}
