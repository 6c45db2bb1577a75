import type { DiceRoller } from "./roller";

/**
 * A keep-highest / keep-lowest dice pool, the shape every edge-based check in Fray rolls.
 * `count` dice of `faces` sides are rolled and `keep` of them are kept, the highest or lowest.
 * Foundry formula: `${count}d${faces}kh${keep}` (or `kl`).
 */
export interface PoolSpec {
  readonly count: number;
  readonly faces: number;
  readonly keep: number;
  readonly mode: "highest" | "lowest";
}

/**
 * The outcome of a pool: every die rolled, in order, and the sum of the kept ones (the natural).
 */
export interface PoolResult {
  readonly dice: readonly number[];
  readonly kept: readonly number[];
  readonly natural: number;
}

/**
 * A pool of `base` dice of `faces` sides shifted by `edge`: each point of Advantage adds a die and
 * keeps the highest `base`; each point of Disadvantage adds a die and keeps the lowest `base`.
 * Source: RULINGS.md §escalation Edge; `000_c2dc3d650823e22d.txt` §Conditions and Effects.
 */
export function edgePool(base: number, faces: number, edge: number): PoolSpec {
  if (!Number.isInteger(edge)) throw new RangeError(`edge must be an integer, got ${edge}`);
  return { count: base + Math.abs(edge), faces, keep: base, mode: edge < 0 ? "lowest" : "highest" };
}

/**
 * The Foundry dice formula for a pool, e.g. `4d6kh3`; a pool that keeps all dice has no modifier.
 */
export function poolFormula(spec: PoolSpec): string {
  const dice = `${spec.count}d${spec.faces}`;
  if (spec.keep >= spec.count) return dice;
  return `${dice}${spec.mode === "highest" ? "kh" : "kl"}${spec.keep}`;
}

/**
 * Which dice of a rolled pool are kept. Ties are resolved by position so the result is stable.
 * @throws RangeError when the number of dice does not match the spec.
 */
export function keepDice(spec: PoolSpec, dice: readonly number[]): PoolResult {
  if (dice.length !== spec.count) {
    throw new RangeError(`expected ${spec.count} dice, got ${dice.length}`);
  }
  if (spec.keep >= spec.count) {
    let natural = 0;
    for (const d of dice) natural += d;
    return { dice, kept: dice, natural };
  }
  // Insertion sort: pools are at most a dozen dice, and this is the simulator's hot path.
  const highest = spec.mode === "highest";
  const sorted = dice.slice();
  for (let i = 1; i < sorted.length; i++) {
    const v = sorted[i] as number;
    let j = i - 1;
    while (j >= 0 && (highest ? (sorted[j] as number) < v : (sorted[j] as number) > v)) {
      sorted[j + 1] = sorted[j] as number;
      j--;
    }
    sorted[j + 1] = v;
  }
  const kept = sorted.slice(0, spec.keep);
  let natural = 0;
  for (const d of kept) natural += d;
  return { dice, kept, natural };
}

/** Every die of a pool, rolled with a core roller (Node only; Foundry rolls the formula itself). */
export function rollPoolDice(spec: PoolSpec, roller: DiceRoller): number[] {
  const dice = new Array<number>(spec.count);
  for (let i = 0; i < spec.count; i++) dice[i] = roller.die(spec.faces);
  return dice;
}

/** Sum of `count` dice of `faces` sides (Node only). */
export function rollSum(
  count: number,
  faces: number,
  roller: DiceRoller,
): { dice: number[]; total: number } {
  const dice: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const d = roller.die(faces);
    dice.push(d);
    total += d;
  }
  return { dice, total };
}

/**
 * The natural of a pool rolled with a core roller: the same dice, in the same order, as
 * `rollPoolDice`, and the same sum as `keepDice` of them, without building either list (the
 * headless runners roll one for every attack and save they do not record).
 */
export function rollNatural(spec: PoolSpec, roller: DiceRoller): number {
  let natural = 0;
  if (spec.keep >= spec.count) {
    for (let i = 0; i < spec.count; i++) natural += roller.die(spec.faces);
    return natural;
  }
  // The best `keep` dice so far, best first (an insertion into a short list per die).
  const highest = spec.mode === "highest";
  let held = 0;
  for (let i = 0; i < spec.count; i++) {
    const v = roller.die(spec.faces);
    let j = held < spec.keep ? held++ : spec.keep;
    while (j > 0 && (highest ? (best[j - 1] as number) < v : (best[j - 1] as number) > v)) {
      if (j < spec.keep) best[j] = best[j - 1] as number;
      j--;
    }
    if (j < spec.keep) best[j] = v;
  }
  for (let i = 0; i < spec.keep; i++) natural += best[i] as number;
  return natural;
}
const best: number[] = [];
