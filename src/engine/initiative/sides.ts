import { rollDice, runSync, type RollPlan } from "../dice/plan";
import type { DiceRoller } from "../dice/roller";

/**
 * Side initiative: every side rolls one die (plus its bonus, if it has one); sides act highest
 * first and each member of a side acts in its side's turn. A favoured side wins every tie it is in;
 * other ties are broken by the tied sides rolling the die again among themselves (only the order
 * among them changes). Rolled once per fight, never again.
 * Rolled as a roll plan (`dice/plan.ts`), so Foundry rolls the same steps as the core roller.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence; RULINGS.md §shock Side initiative, Sides.
 */

export interface SideEntry {
  readonly id: string;
  /** Added to the die (shock: the party's highest DEX modifier; 0 for the others). */
  readonly bonus: number;
  /** Wins the ties it is in (shock: the party). At most one side may be favoured. */
  readonly favoured?: boolean;
}

export interface SideRoll {
  readonly id: string;
  readonly die: number;
  readonly bonus: number;
  /** die + bonus. */
  readonly result: number;
  readonly favoured: boolean;
  /** Tie-break dice this side rolled, in order (empty when it was in no unfavoured tie). */
  readonly tieBreaks: readonly number[];
}

export interface SideInitiative {
  readonly rolls: readonly SideRoll[];
  /** Side ids, first to act first. */
  readonly order: readonly string[];
}

/** Tie-break rounds allowed before a run of ties is reported as an error (a broken roller). */
const MAX_TIE_BREAKS = 1000;

/** The label of the requests that break ties (`dice/plan.ts` `DiceRequest.label`). */
export const TIE_BREAK = "tie-break";

function checkSides(sides: readonly SideEntry[], dice?: readonly number[]): void {
  if (!sides.length) throw new RangeError("no sides to order");
  if (dice && dice.length !== sides.length)
    throw new RangeError(`expected ${sides.length} dice, got ${dice.length}`);
  // Loops rather than a Set and filters: a runner orders its sides once a fight, thousands of
  // fights a second, and there are a handful of sides.
  let favoured = 0;
  for (let i = 0; i < sides.length; i++) {
    const s = sides[i] as SideEntry;
    if (s.favoured && ++favoured > 1) throw new RangeError("at most one side may be favoured");
    for (let j = 0; j < i; j++) {
      if ((sides[j] as SideEntry).id === s.id) throw new RangeError("side ids must be unique");
    }
  }
}

/**
 * The plan of a side initiative: one d`faces` per side (labelled with its id, in the listed
 * order), then {@link orderSidesPlan}'s tie-breaks.
 * @param faces the die (shock: 8).
 * @throws RangeError when two sides are favoured, ids repeat, or there is no side (at once).
 */
export function sidesPlan(sides: readonly SideEntry[], faces = 8): RollPlan<SideInitiative> {
  checkSides(sides);
  return sidesSteps(sides, faces);
}

/**
 * {@link sidesPlan}'s steps. Its requests are yielded here, not through `rollDice` and
 * `orderSidesPlan`: each generator made and delegated to cost more than the rest of the plan.
 */
function* sidesSteps(sides: readonly SideEntry[], faces: number): RollPlan<SideInitiative> {
  const dice = new Array<number>(sides.length);
  for (let i = 0; i < sides.length; i++) {
    const label = (sides[i] as SideEntry).id;
    dice[i] = (yield { count: 1, faces, label })[0] as number;
  }
  return untied(sides, dice) ?? (yield* orderSteps(sides, dice, faces));
}

/**
 * The sides' initiative from their dice when no two unfavoured sides tie (no tie-break to roll),
 * else null.
 */
function untied(sides: readonly SideEntry[], dice: readonly number[]): SideInitiative | null {
  const n = sides.length;
  const result = new Array<number>(n);
  for (let i = 0; i < n; i++) result[i] = (dice[i] as number) + (sides[i] as SideEntry).bonus;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (result[i] === result[j] && !sides[i]?.favoured && !sides[j]?.favoured) return null;
    }
  }
  // Highest result first; on equal results (one of them favoured) the favoured side, else the
  // listed order: a stable insertion sort of a handful of indices.
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let k = i;
    while (k > 0 && before(sides, result, i, order[k - 1] as number)) {
      order[k] = order[k - 1] as number;
      k--;
    }
    order[k] = i;
  }
  const rolls = new Array<SideRoll>(n);
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const s = sides[i] as SideEntry;
    rolls[i] = {
      id: s.id, die: dice[i] as number, bonus: s.bonus, result: result[i] as number,
      favoured: Boolean(s.favoured), tieBreaks: [],
    };
    ids[i] = (sides[order[i] as number] as SideEntry).id;
  }
  return { rolls, order: ids };
}

/** Whether side `a` goes before side `b` (`a` listed later) when no tie-break is needed. */
function before(sides: readonly SideEntry[], result: readonly number[], a: number, b: number) {
  const ra = result[a] as number;
  const rb = result[b] as number;
  return ra > rb || (ra === rb && Boolean(sides[a]?.favoured));
}

/**
 * Rolls initiative for the sides with a core roller: {@link sidesPlan} run by `runSync`.
 * @throws RangeError as {@link sidesPlan}.
 */
export function rollSides(
  sides: readonly SideEntry[],
  roller: DiceRoller,
  faces = 8,
): SideInitiative {
  return runSync(sidesPlan(sides, faces), roller);
}

/**
 * The plan that orders sides from dice already rolled: ties among unfavoured sides ask for one
 * d`faces` per tied side (labelled {@link TIE_BREAK}, in the sides' listed order), groups of equal
 * results highest first, and those still tied again among themselves.
 * @throws RangeError when two sides are favoured, ids repeat, dice do not match the sides, or
 *   there is no side (at once); Error when ties never break.
 */
export function orderSidesPlan(
  sides: readonly SideEntry[], dice: readonly number[], faces = 8,
): RollPlan<SideInitiative> {
  checkSides(sides, dice);
  return orderSteps(sides, dice, faces);
}

/** {@link orderSidesPlan}'s steps. */
function* orderSteps(
  sides: readonly SideEntry[], dice: readonly number[], faces: number,
): RollPlan<SideInitiative> {
  const breaks = sides.map((): number[] => []);
  const result = sides.map((s, i) => (dice[i] as number) + s.bonus);
  // Group by result, highest first (each group in listed order); inside a group the favoured
  // side first, the rest by tie-breaks. One sort of the indices: cheaper than a Map of groups.
  const ranked = sides
    .map((_, i) => i)
    .sort((a, b) => (result[b] as number) - (result[a] as number) || a - b);
  const order: number[] = [];
  for (let start = 0, end = 0; start < ranked.length; start = end) {
    const at = result[ranked[start] as number];
    while (end < ranked.length && result[ranked[end] as number] === at) end++;
    if (end - start === 1) {
      order.push(ranked[start] as number);
      continue;
    }
    const group = ranked.slice(start, end);
    const unfavoured = group.filter((i) => !sides[i]?.favoured);
    order.push(
      ...group.filter((i) => sides[i]?.favoured),
      ...(yield* breakTies(unfavoured, breaks, faces)),
    );
  }
  const rolls = sides.map((s, i): SideRoll => ({
    id: s.id, die: dice[i] as number, bonus: s.bonus, result: result[i] as number,
    favoured: Boolean(s.favoured), tieBreaks: breaks[i] as number[],
  }));
  return { rolls, order: order.map((i) => (sides[i] as SideEntry).id) };
}

/**
 * Orders sides from their dice. `tieBreak()` gives the next tie-break die; it is asked only for
 * ties among unfavoured sides, once per tied side per tie-break round, in the sides' listed order
 * ({@link orderSidesPlan} with `tieBreak` as the roller).
 * @throws RangeError when two sides are favoured, ids repeat, dice do not match the sides, there
 *   is no side, or a tie-break die is outside 1..`faces`; Error when ties never break.
 */
export function orderSides(
  sides: readonly SideEntry[], dice: readonly number[], tieBreak: () => number, faces = 8,
): SideInitiative {
  return runSync(orderSidesPlan(sides, dice, faces), { die: () => tieBreak() });
}

/** Orders tied side indices by re-rolling among them, recursively for sub-ties. */
function* breakTies(
  tied: number[],
  breaks: number[][],
  faces: number,
  depth = 0,
): RollPlan<number[]> {
  if (tied.length <= 1) return tied;
  if (depth >= MAX_TIE_BREAKS) throw new Error("side initiative ties never broke");
  const dice = yield* rollDice(tied.length, faces, TIE_BREAK);
  const rolled = tied.map((i, k) => {
    const d = dice[k] as number;
    (breaks[i] as number[]).push(d);
    return { i, d };
  });
  const out: number[] = [];
  for (const d of [...new Set(rolled.map((x) => x.d))].sort((a, b) => b - a)) {
    const again = rolled.filter((x) => x.d === d).map((x) => x.i);
    out.push(...(yield* breakTies(again, breaks, faces, depth + 1)));
  }
  return out;
}
