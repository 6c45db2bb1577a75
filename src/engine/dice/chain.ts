import { rollDice, runSync, type RollPlan } from "./plan";
import type { DiceRoller } from "./roller";

/**
 * Escalating die chains, as `wounds` rolls them after a natural 20 (the critical chain) or a
 * natural 1 (the tragedy chain): roll a d4; on its highest face roll a d6; on a 6 a d8; and so on,
 * each link one die step larger. The chain stops at the first roll below its die's highest face.
 * Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals ("roll a d4. If it lands on 4 … roll
 * a d6. If it lands on 6, roll a d8, and so on"), §Combat specific Fails/Criticals; RULINGS.md
 * §wounds Natural 20, Natural 1 ("Further links (d8, d10, …) are reported only").
 *
 * Links are numbered from 0: link 0 is the first die (d4). `reached` counts the links that landed
 * on their highest face: 0 = a plain critical, 1 = super critical (tragedy), 2 = decisive (fatal)
 * blow.
 */
export interface ChainSpec {
  /** Faces of link 0 (4 in `wounds`). */
  readonly start: number;
  /** Faces added per link (2: d4, d6, d8, … "and so on" continues the text's own step). */
  readonly step: number;
  /** At most this many links are rolled: a bound for a roller that always rolls high. */
  readonly maxLinks: number;
}

/** The `wounds` chains: d4, d6, d8, d10, d12, d14 … at most 12 links (d26). */
export const WOUNDS_CHAIN: ChainSpec = { start: 4, step: 2, maxLinks: 12 };

/**
 * What starts a chain on a d20 attack. Source: `001_dbc5fcc02a99a518.txt` §Auto Fails/Criticals.
 */
export const CHAIN_KINDS = ["critical", "tragedy"] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** A rolled (or partly rolled) chain: each link's die and roll, and how many links succeeded. */
export interface ChainResult {
  readonly faces: readonly number[];
  readonly rolls: readonly number[];
  readonly reached: number;
  /** True when the last roll was a success but `maxLinks` stopped the chain. */
  readonly capped: boolean;
}

function checkSpec(spec: ChainSpec): void {
  const ok = [spec.start, spec.maxLinks].every((n) => Number.isInteger(n) && n >= 1)
    && Number.isInteger(spec.step) && spec.step >= 0 && spec.start >= 2;
  if (!ok) throw new RangeError(`invalid chain ${JSON.stringify(spec)}`);
}

/**
 * The chain that a natural starts on a d20, or null: 20 the critical chain, 1 the tragedy chain.
 */
export function chainFor(natural: number, faces = 20): ChainKind | null {
  if (natural === faces) return "critical";
  return natural === 1 ? "tragedy" : null;
}

/** Faces of a link (0-based). */
export function linkFaces(spec: ChainSpec, link: number): number {
  checkSpec(spec);
  if (!Number.isInteger(link) || link < 0)
    throw new RangeError(`link must be a natural number, got ${link}`);
  return spec.start + spec.step * link;
}

/**
 * Reads the rolls of a chain so far (Foundry rolls one `1dN` per link, asking
 * {@link nextLinkFaces} for N). Every roll but the last must be its die's highest face.
 * @throws RangeError when a roll is outside its die, a non-final roll missed (the chain had
 *   stopped), or there are more rolls than `maxLinks`.
 */
export function readChain(spec: ChainSpec, rolls: readonly number[]): ChainResult {
  checkSpec(spec);
  if (rolls.length > spec.maxLinks) {
    throw new RangeError(`a chain has at most ${spec.maxLinks} links, got ${rolls.length}`);
  }
  const faces: number[] = [];
  let reached = 0;
  rolls.forEach((r, link) => {
    const f = linkFaces(spec, link);
    faces.push(f);
    if (!Number.isInteger(r) || r < 1 || r > f)
      throw new RangeError(`link ${link} (d${f}) cannot show ${r}`);
    if (reached < link) {
      throw new RangeError(`the chain stopped at link ${reached}; link ${link} was not rolled`);
    }
    if (r === f) reached++;
  });
  return { faces, rolls, reached, capped: reached === spec.maxLinks };
}

/**
 * The faces of the next die to roll, or null when the chain has ended (the last roll missed its top
 * face, or `maxLinks` links were rolled).
 */
export function nextLinkFaces(spec: ChainSpec, rolls: readonly number[]): number | null {
  const read = readChain(spec, rolls);
  if (read.reached < rolls.length || rolls.length >= spec.maxLinks) return null;
  return linkFaces(spec, rolls.length);
}

/**
 * The plan of a whole chain: one 1dN per link (labelled `link <n>`), N from {@link nextLinkFaces},
 * until a roll misses its top face or `maxLinks` links were rolled.
 * @throws RangeError when the spec is invalid (before any request).
 */
export function chainPlan(spec: ChainSpec): RollPlan<ChainResult> {
  checkSpec(spec);
  return (function* () {
    const rolls: number[] = [];
    for (let f = nextLinkFaces(spec, rolls); f !== null; f = nextLinkFaces(spec, rolls)) {
      const [die] = yield* rollDice(1, f, `link ${rolls.length}`);
      rolls.push(die as number);
    }
    return readChain(spec, rolls);
  })();
}

/** Rolls a whole chain with a core roller (Node only): {@link chainPlan} run by `runSync`. */
export function rollChain(spec: ChainSpec, roller: DiceRoller): ChainResult {
  return runSync(chainPlan(spec), roller);
}

/** An exact probability as a fraction of safe integers. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

/**
 * The exact odds of a chain reaching at least `n` links: the product of 1/faces over links
 * 0..n−1 (`atLeast`), and of stopping exactly there (`exactly`: the next link misses, or the cap
 * is reached). Wounds: at least 1 (super critical) 1/4, at least 2 (decisive) 1/24.
 * @throws RangeError when `n` is outside 0..maxLinks or a denominator would not be a safe integer.
 */
export function chainOdds(spec: ChainSpec, n: number): { atLeast: Fraction; exactly: Fraction } {
  checkSpec(spec);
  if (!Number.isInteger(n) || n < 0 || n > spec.maxLinks) {
    throw new RangeError(`links reached are 0..${spec.maxLinks}, got ${n}`);
  }
  let den = 1;
  for (let link = 0; link < n; link++) den *= linkFaces(spec, link);
  if (n === spec.maxLinks) return { atLeast: { num: 1, den }, exactly: { num: 1, den } };
  const next = linkFaces(spec, n);
  if (!Number.isSafeInteger(den * next))
    throw new RangeError(`odds of link ${n} exceed exact integers`);
  return { atLeast: { num: 1, den }, exactly: { num: next - 1, den: den * next } };
}
