import type { DiceRoller } from "./roller";

/**
 * Pools of dice with different faces and a keep rule: `phases` rolls 2d6 plus one extra die whose
 * size steps with the edge and keeps the two highest (Advantage) or lowest (Disadvantage).
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage; RULINGS.md §phases Edge.
 *
 * Like the uniform pools of `pool.ts`, the engine only describes the roll (a formula for Foundry's
 * `Roll`), interprets the dice and gives exact distributions; it rolls only in Node.
 */
export interface MixedPoolSpec {
  /** The faces of every die, in the order they are rolled and written in the formula. */
  readonly faces: readonly number[];
  /** How many dice count; a pool keeping all of them is a plain sum. */
  readonly keep: number;
  readonly mode: "highest" | "lowest";
}

/** A rolled mixed pool: every die in spec order, which of them were kept, and their sum. */
export interface MixedPoolResult {
  readonly dice: readonly number[];
  /** Indices into `dice` of the kept dice, ascending. */
  readonly keptIndices: readonly number[];
  readonly kept: readonly number[];
  readonly natural: number;
}

/** How a stepped-die check grows with edge: the base dice and the extra die per edge point. */
export interface SteppedDieRule {
  readonly count: number;
  readonly faces: number;
  /** Extra die faces for Advantage 1, 2, …; the last entry is the cap. */
  readonly advantage: readonly number[];
  /** Extra die faces for Disadvantage 1, 2, …; the last entry is the cap. */
  readonly disadvantage: readonly number[];
}

/**
 * The `phases` check: 2d6, Advantage adds d6/d8/d10/d12, Disadvantage adds d12/d10/d8/d6.
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage ("1 Source = 1d6 … 4 Sources =
 * 1d12"; "1 Source = 1d12 … 4 Sources = 1d6"); RULINGS.md §phases Edge ("at most 4").
 */
export const PHASES_STEPPED_DIE: SteppedDieRule = {
  count: 2,
  faces: 6,
  advantage: [6, 8, 10, 12] as const,
  disadvantage: [12, 10, 8, 6] as const,
};

function checkFaces(faces: number): void {
  if (!Number.isInteger(faces) || faces < 1) {
    throw new RangeError(`faces must be a positive integer, got ${faces}`);
  }
}

function checkSpec(spec: MixedPoolSpec): void {
  spec.faces.forEach(checkFaces);
  if (!Number.isInteger(spec.keep) || spec.keep < 1 || spec.faces.length === 0) {
    const got = `keep ${spec.keep} of ${spec.faces.length}`;
    throw new RangeError(`a pool keeps at least one of at least one die, got ${got}`);
  }
}

/**
 * The edge a stepped-die rule can express: net edge clamped to the length of its ladders (the
 * text's steps stop at d12 and d6, so a fifth source adds nothing). Source: RULINGS.md §phases
 * Edge.
 * @throws RangeError when `edge` is not an integer.
 */
export function clampSteppedEdge(rule: SteppedDieRule, edge: number): number {
  if (!Number.isInteger(edge)) throw new RangeError(`edge must be an integer, got ${edge}`);
  if (edge > 0) return Math.min(edge, rule.advantage.length);
  return Math.max(edge, -rule.disadvantage.length);
}

/**
 * The pool for a stepped-die check at a net `edge` (clamped, see {@link clampSteppedEdge}): the
 * base dice, plus for a non-zero edge one extra die from the matching ladder, keeping the base
 * count, highest for Advantage and lowest for Disadvantage. Edge 0 is the base sum (mode
 * `highest`). Example: phases at edge 2 → faces [6, 6, 8], keep 2 highest.
 * Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage.
 */
export function steppedDiePool(rule: SteppedDieRule, edge: number): MixedPoolSpec {
  const e = clampSteppedEdge(rule, edge);
  const base = new Array<number>(rule.count).fill(rule.faces);
  if (e === 0) return { faces: base, keep: rule.count, mode: "highest" };
  const extra = e > 0 ? rule.advantage[e - 1] : rule.disadvantage[-e - 1];
  if (extra === undefined) throw new RangeError(`no extra die for edge ${e}`);
  return { faces: [...base, extra], keep: rule.count, mode: e > 0 ? "highest" : "lowest" };
}

/**
 * The Foundry v13 formula of a mixed pool. Uniform pools use the die's own keep modifier
 * (`3d6kh2`); mixed pools use a dice pool with ONE die per term, `{1d6,1d6,1d8}kh2`, because a
 * pool keeps among the totals of its terms: `{2d6,1d8}kh2` would keep the 2d6 sum and the d8 as
 * two results, i.e. add all three dice. A pool keeping every die is a sum, `1d6 + 1d6 + 1d8`.
 * Foundry files relied on: client/dice/terms/pool.mjs (`PoolTerm#_evaluateAsync` pushes
 * `roll.total` of each term as one result; `keep` reuses `Die#keep`), client/dice/grammar.pegjs
 * (`PoolTerm = "{" Expression ("," Expression)* "}" Modifiers?`), client/dice/terms/die.mjs
 * (`keep`: `k[hl]N`). The dice appear in `roll.dice` in spec order, which {@link keepMixedDice}
 * expects.
 */
export function mixedPoolFormula(spec: MixedPoolSpec): string {
  checkSpec(spec);
  const n = spec.faces.length;
  const keepsAll = spec.keep >= n;
  const first = spec.faces[0] as number;
  if (spec.faces.every((f) => f === first)) {
    const dice = `${n}d${first}`;
    return keepsAll ? dice : `${dice}${spec.mode === "highest" ? "kh" : "kl"}${spec.keep}`;
  }
  if (keepsAll) return spec.faces.map((f) => `1d${f}`).join(" + ");
  return `{${spec.faces.map((f) => `1d${f}`).join(",")}}${
    spec.mode === "highest" ? "kh" : "kl"
  }${spec.keep}`;
}

/**
 * Which dice of a rolled mixed pool are kept, and the natural (their sum). Among equal values at
 * the cut the later dice are kept, as Foundry's `DiceTerm._keepOrDrop` discards ties in result
 * order (client/dice/terms/dice.mjs), so the card marks the same dice Foundry does.
 * @param dice every die rolled, in spec order (`roll.dice` flattened in Foundry).
 * @throws RangeError when the count does not match or a value is outside its die's faces.
 */
export function keepMixedDice(spec: MixedPoolSpec, dice: readonly number[]): MixedPoolResult {
  checkSpec(spec);
  if (dice.length !== spec.faces.length) {
    throw new RangeError(`expected ${spec.faces.length} dice, got ${dice.length}`);
  }
  dice.forEach((d, i) => {
    const f = spec.faces[i] as number;
    if (!Number.isInteger(d) || d < 1 || d > f)
      throw new RangeError(`die ${i} (d${f}) cannot show ${d}`);
  });
  const n = dice.length;
  const keep = Math.min(spec.keep, n);
  // Best first; among equals the later die first (Foundry keeps the later of tied results).
  const better = (a: number, b: number): number => {
    const va = dice[a] as number;
    const vb = dice[b] as number;
    if (va !== vb) return spec.mode === "highest" ? vb - va : va - vb;
    return b - a;
  };
  const order = [...dice.keys()].sort(better);
  const keptIndices = order.slice(0, keep).sort((a, b) => a - b);
  const kept = keptIndices.map((i) => dice[i] as number);
  return { dice, keptIndices, kept, natural: kept.reduce((s, v) => s + v, 0) };
}

/** Every die of a mixed pool, rolled in spec order (Node only; Foundry rolls the formula). */
export function rollMixedPool(spec: MixedPoolSpec, roller: DiceRoller): MixedPoolResult {
  return keepMixedDice(spec, spec.faces.map((f) => roller.die(f)));
}

/**
 * The exact distribution of a mixed pool's natural: `counts[n]` of the `total` equally likely
 * outcomes (the product of the faces) give natural `n`. Exact integers, so probabilities are the
 * fractions `counts[n] / total`.
 * @throws RangeError when the pool has over a million outcomes (too large to enumerate).
 */
export function mixedPoolDistribution(spec: MixedPoolSpec): { counts: number[]; total: number } {
  checkSpec(spec);
  const total = spec.faces.reduce((p, f) => p * f, 1);
  if (total > 1_000_000)
    throw new RangeError(`pool with ${total} outcomes is too large to enumerate`);
  const n = spec.faces.length;
  const keep = Math.min(spec.keep, n);
  const sortedFaces = [...spec.faces].sort((a, b) => b - a);
  let max = 0;
  for (let i = 0; i < keep; i++) max += sortedFaces[i] as number;
  const counts = new Array<number>(max + 1).fill(0);
  const dice = new Array<number>(n).fill(1);
  for (;;) {
    const sorted = dice.slice().sort((a, b) => (spec.mode === "highest" ? b - a : a - b));
    let natural = 0;
    for (let i = 0; i < keep; i++) natural += sorted[i] as number;
    counts[natural] = (counts[natural] ?? 0) + 1;
    let i = 0;
    while (i < n && dice[i] === spec.faces[i]) dice[i++] = 1;
    if (i === n) break;
    dice[i] = (dice[i] as number) + 1;
  }
  return { counts, total };
}

/**
 * The chance that a pool's natural plus `modifier` meets or beats `target`, as an exact fraction
 * of outcomes (phases: 2d6 + ATK ≥ DEF, `003_d18720f6cd315cc2.txt` §Battle Actions).
 */
export function mixedPoolChanceAtLeast(
  spec: MixedPoolSpec, modifier: number, target: number,
): { hits: number; total: number } {
  const { counts, total } = mixedPoolDistribution(spec);
  let hits = 0;
  counts.forEach((c, natural) => {
    if (natural + modifier >= target) hits += c;
  });
  return { hits, total };
}
