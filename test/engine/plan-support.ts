import type { DiceRequest, RollPlan } from "../../src/engine/dice/plan";
import type { DiceRoller } from "../../src/engine/dice/roller";

/**
 * Exact arithmetic over roll plans for the tests: fractions of big integers, and every outcome of a
 * plan enumerated with its probability (each request's `faces^count` dice sequences equally likely),
 * cut after a number of requests so that plans whose ties re-roll without end stay finite.
 */
export interface Frac {
  readonly n: bigint;
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

export function frac(n: bigint | number, d: bigint | number = 1n): Frac {
  const nn = BigInt(n);
  const dd = BigInt(d);
  const g = gcd(nn, dd) || 1n;
  return dd < 0n ? { n: -nn / g, d: -dd / g } : { n: nn / g, d: dd / g };
}
export const add = (a: Frac, b: Frac): Frac => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Frac, b: Frac): Frac => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Frac, b: Frac): Frac => frac(a.n * b.n, a.d * b.d);
export const cmp = (a: Frac, b: Frac): number => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
export const show = (a: Frac): string => `${a.n}/${a.d}`;
/** a + a·r + … + a·r^(k−1). */
export function geometric(a: Frac, r: Frac, k: number): Frac {
  let sum = frac(0);
  let term = a;
  for (let i = 0; i < k; i++) {
    sum = add(sum, term);
    term = mul(term, r);
  }
  return sum;
}
export function pow(a: Frac, k: number): Frac {
  let out = frac(1);
  for (let i = 0; i < k; i++) out = mul(out, a);
  return out;
}

/** Every dice sequence of one request, in order (faces^count of them). */
function outcomes(request: DiceRequest): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < request.count; i++) {
    all = all.flatMap((prefix) =>
      Array.from({ length: request.faces }, (_, f) => [...prefix, f + 1]));
  }
  return all;
}

export interface Explored<T> {
  /** Finished outcomes, grouped by `key`, each with its value and probability. */
  readonly outcomes: Map<string, { value: T; p: Frac }>;
  /** The probability of the paths still asking for dice after `maxRequests` requests. */
  readonly open: Frac;
}

/**
 * Every outcome of the plan `make()` builds (a fresh plan per path, replayed with the path's dice),
 * grouped by `key(value)`.
 */
export function explore<T>(
  make: () => RollPlan<T>, maxRequests: number, key: (value: T) => string = (v) => JSON.stringify(v),
): Explored<T> {
  const found = new Map<string, { value: T; p: Frac }>();
  let open = frac(0);
  const visit = (path: readonly (readonly number[])[], p: Frac): void => {
    const plan = make();
    let step = plan.next();
    for (const dice of path) step = plan.next(dice);
    if (step.done) {
      const k = key(step.value);
      const had = found.get(k);
      found.set(k, { value: step.value, p: had ? add(had.p, p) : p });
      return;
    }
    if (path.length >= maxRequests) {
      open = add(open, p);
      return;
    }
    const all = outcomes(step.value);
    const each = mul(p, frac(1, all.length));
    for (const dice of all) visit([...path, dice], each);
  };
  visit([], frac(1));
  return { outcomes: found, open };
}

/** The probability of the finished outcomes whose value passes `test`. */
export function chance<T>(explored: Explored<T>, test: (value: T) => boolean): Frac {
  let p = frac(0);
  for (const { value, p: q } of explored.outcomes.values()) if (test(value)) p = add(p, q);
  return p;
}

/** A roller that plays back fixed values and records what it was asked, failing past the end. */
export function scripted(values: readonly number[]): DiceRoller & { readonly asked: number[] } {
  const queue = values.slice();
  const asked: number[] = [];
  return {
    asked,
    die(faces: number): number {
      asked.push(faces);
      const v = queue.shift();
      if (v === undefined) throw new Error("roller ran out of scripted values");
      return v;
    },
  };
}

/** A roller that records every request's dice as another roller rolls them. */
export function recording(roller: DiceRoller): DiceRoller & { readonly dice: number[] } {
  const dice: number[] = [];
  return {
    dice,
    die(faces: number): number {
      const d = roller.die(faces);
      dice.push(d);
      return d;
    },
  };
}
