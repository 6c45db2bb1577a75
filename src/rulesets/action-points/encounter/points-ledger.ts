import type {
  PointPoolSpec, PointRefusal, PointsEconomy, PointsState, TallyScope,
} from "../../../engine/economy/points";

/**
 * A combatant's point pools played in place, for the runner: the engine's point economy
 * (`engine/economy/points.ts`: pools that refill, are lost or decay at the owner's turn edges, caps
 * on tagged spends, limits on tagged uses, turn flags) over the same `PointsEconomy` spec
 * (`rules/pools.ts` `apEconomy`), answering every spend, gain and turn edge exactly as the engine's
 * pure functions do but changing one object instead of making a new state each time: a fight
 * changes pools some thousand times, and the new states cost more than the rest of a turn.
 * `snapshot()` gives the engine's `PointsState`; `test/points-ledger.test.ts` plays random
 * sequences through both and finds them equal after every step.
 * Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet; RULINGS.md §action-points Pools.
 */

/** What the economy says of one tag, read once. */
interface TagRule {
  readonly index: number;
  /** Its cap: the pool it caps (and its index), at most `max` a `per`; null when uncapped. */
  readonly cap: {
    readonly pool: string; readonly at: number; readonly max: number; readonly per: TallyScope;
  } | null;
  readonly limit: { readonly max: number; readonly per: TallyScope } | null;
}

/**
 * Per economy: its pools' names and specs, by index, and its tags' names and rules, by index.
 * Names are found by a scan of these short lists, not by a keyed read of a record (a read whose
 * key changes from call to call went through V8's megamorphic path: the pools' own values were
 * the costliest read of a fight).
 */
interface Compiled {
  readonly names: readonly string[];
  readonly specs: readonly PointPoolSpec[];
  readonly tagNames: readonly string[];
  readonly tags: readonly TagRule[];
}
const compiled = new WeakMap<PointsEconomy, Compiled>();

function compile(econ: PointsEconomy): Compiled {
  let c = compiled.get(econ);
  if (c) return c;
  const names = Object.keys(econ.pools);
  const tagNames = [...new Set([...Object.keys(econ.caps), ...Object.keys(econ.limits)])];
  const tags = tagNames.map((tag, index): TagRule => {
    const cap = econ.caps[tag];
    return {
      // A literal, not `{ ...cap, at }`: V8 gave each spread its own shape, and the reads of a
      // cap, seeing several, went through its megamorphic path.
      index,
      cap: cap ? { pool: cap.pool, at: names.indexOf(cap.pool), max: cap.max, per: cap.per } : null,
      limit: econ.limits[tag] ?? null,
    };
  });
  c = { names, specs: names.map((n) => econ.pools[n] as PointPoolSpec), tagNames, tags };
  compiled.set(econ, c);
  return c;
}

/** `name`'s index in `names`, or −1. */
function indexIn(names: readonly string[], name: string): number {
  for (let k = 0; k < names.length; k++) if (names[k] === name) return k;
  return -1;
}

export class PointsLedger {
  /** Each pool's value (never below 0), by the economy's pool index. */
  readonly #values: number[];
  readonly #c: Compiled;
  /**
   * Amount and uses of each tag, by its index, in each scope (read through `#amounts` and
   * `#usesIn`: a record read with the scope's name as its key went through V8's megamorphic
   * keyed path, two names being already too many for it).
   */
  readonly #amount: Record<TallyScope, number[]>;
  readonly #uses: Record<TallyScope, number[]>;

  #amounts(scope: TallyScope): number[] {
    return scope === "turn" ? this.#amount.turn : this.#amount.round;
  }

  #usesIn(scope: TallyScope): number[] {
    return scope === "turn" ? this.#uses.turn : this.#uses.round;
  }
  /**
   * The turn's flags, the first `#flagCount` of the list: cleared by count, not by a new list, as
   * a turn that raised one (Flow State) ends.
   */
  readonly #flags: string[] = [];
  #flagCount = 0;

  #flagged(flag: string): boolean {
    for (let k = 0; k < this.#flagCount; k++) if (this.#flags[k] === flag) return true;
    return false;
  }

  /**
   * The pools at the start of combat (engine `startCombat`): each at `atCombatStart`, or all 0
   * for a surprised combatant.
   */
  constructor(readonly econ: PointsEconomy, surprised = false) {
    this.#c = compile(econ);
    this.#values = new Array<number>(this.#c.names.length).fill(0);
    const zeros = () => new Array<number>(this.#c.tags.length).fill(0);
    this.#amount = { turn: zeros(), round: zeros() };
    this.#uses = { turn: zeros(), round: zeros() };
    this.reset(surprised);
  }

  /** Back to the start of combat, as a new ledger (a runner reuses its fighters). */
  reset(surprised = false): void {
    const specs = this.#c.specs;
    for (let k = 0; k < specs.length; k++) {
      this.#values[k] = surprised ? 0 : (specs[k] as PointPoolSpec).atCombatStart;
    }
    // One loop over the four tallies (as `startTurn` clears two): `fill` is a builtin call each,
    // which cost more than the few tags it clears, for every fighter of every fight.
    const { turn, round } = this.#amount;
    const usesTurn = this.#uses.turn;
    const usesRound = this.#uses.round;
    for (let k = 0; k < turn.length; k++) turn[k] = round[k] = usesTurn[k] = usesRound[k] = 0;
    this.#flagCount = 0;
  }

  /** The pool's value (0 for one it does not have). */
  get(pool: string): number {
    const k = indexIn(this.#c.names, pool);
    return k < 0 ? 0 : (this.#values[k] as number);
  }

  /** Pool `k`'s value, by its place among the economy's pools (as `indexOf` gives it). */
  valueAt(k: number): number {
    return this.#values[k] as number;
  }

  /** `pool`'s place among the economy's pools, or −1 for one it does not have. */
  indexOf(pool: string): number {
    return indexIn(this.#c.names, pool);
  }

  hasFlag(flag: string): boolean {
    return this.#flagged(flag);
  }

  /** The amount spent with `tag` in `scope` so far. */
  tallied(scope: TallyScope, tag: string): number {
    const t = this.#tag(tag);
    return t ? (this.#amounts(scope)[t.index] as number) : 0;
  }

  #tag(tag: string | undefined): TagRule | undefined {
    if (tag === undefined) return undefined;
    const k = indexIn(this.#c.tagNames, tag);
    return k < 0 ? undefined : this.#c.tags[k];
  }

  /**
   * `pool`'s index, once `pool` and `amount` are checked as the engine checks them.
   * @throws RangeError for a pool the economy does not have, or an amount that is no natural
   *   number.
   */
  #check(pool: string, amount: number): number {
    const k = indexIn(this.#c.names, pool);
    if (k < 0) throw new RangeError(`unknown point pool ${pool}`);
    if (!Number.isInteger(amount) || amount < 0) {
      throw new RangeError(`amount must be a natural number, got ${amount}`);
    }
    return k;
  }

  #limited(t: TagRule): boolean {
    return t.limit !== null && (this.#usesIn(t.limit.per)[t.index] as number) >= t.limit.max;
  }

  #add(scope: TallyScope, t: TagRule, amount: number): void {
    (this.#amounts(scope)[t.index] as number) += amount;
    (this.#usesIn(scope)[t.index] as number) += 1;
  }

  #tally(t: TagRule, amount: number): void {
    if (t.cap) this.#add(t.cap.per, t, amount);
    if (t.limit && t.limit.per !== t.cap?.per) this.#add(t.limit.per, t, amount);
  }

  /** What the engine's `spend` would refuse of pool `k`, or null. */
  #refusal(k: number, amount: number, t: TagRule | undefined): PointRefusal | null {
    if ((this.#values[k] as number) < amount) return "notEnough";
    if (!t) return null;
    const cap = t.cap;
    if (cap && cap.at === k && (this.#amounts(cap.per)[t.index] as number) + amount > cap.max) {
      return "capReached";
    }
    return this.#limited(t) ? "limitReached" : null;
  }

  /** What the engine's `spend` would refuse, or null; nothing changes. */
  refusal(pool: string, amount: number, tag?: string): PointRefusal | null {
    return this.#refusal(this.#check(pool, amount), amount, this.#tag(tag));
  }

  /** The engine's `spend`, in place. @returns its refusal (nothing changed), or null. */
  spend(pool: string, amount: number, tag?: string): PointRefusal | null {
    const k = this.#check(pool, amount);
    const t = this.#tag(tag);
    const refused = this.#refusal(k, amount, t);
    if (refused) return refused;
    this.#values[k] = (this.#values[k] as number) - amount;
    if (t) this.#tally(t, amount);
    return null;
  }

  /** The engine's `gain`, in place. @returns its refusal (nothing changed), or null. */
  gain(pool: string, amount: number, tag?: string): PointRefusal | null {
    const k = this.#check(pool, amount);
    const t = this.#tag(tag);
    if (t && this.#limited(t)) return "limitReached";
    this.#values[k] = (this.#values[k] as number) + amount;
    if (t) this.#tally(t, amount);
    return null;
  }

  /** The engine's `startTurn`: `refill` pools set to full; turn tallies reset. */
  startTurn(): void {
    const specs = this.#c.specs;
    for (let k = 0; k < specs.length; k++) {
      const s = specs[k] as PointPoolSpec;
      if (s.atTurnStart === "refill") this.#values[k] = s.full;
    }
    const amount = this.#amount.turn;
    const uses = this.#uses.turn;
    for (let k = 0; k < uses.length; k++) {
      amount[k] = 0;
      uses[k] = 0;
    }
  }

  /** The engine's `endTurn`: `lose` pools to 0, `decay` pools decay unless flagged; flags clear. */
  endTurn(): void {
    const specs = this.#c.specs;
    for (let k = 0; k < specs.length; k++) {
      const s = specs[k] as PointPoolSpec;
      if (s.atTurnEnd === "lose") this.#values[k] = 0;
      if (s.atTurnEnd === "decay"
        && !(s.decayUnless !== undefined && this.#flagged(s.decayUnless))) {
        this.#values[k] = Math.max(0, (this.#values[k] as number) - (s.decay ?? 1));
      }
    }
    this.#flagCount = 0;
  }

  /** The engine's `startRound`: round tallies reset. */
  startRound(): void {
    const amount = this.#amount.round;
    const uses = this.#uses.round;
    for (let k = 0; k < uses.length; k++) {
      amount[k] = 0;
      uses[k] = 0;
    }
  }

  /** The engine's `raiseFlag`. */
  raiseFlag(flag: string): void {
    if (!this.#flagged(flag)) this.#flags[this.#flagCount++] = flag;
  }

  /**
   * The same state as the engine's `PointsState`: a tag shows in a scope once it was used there
   * (the engine tallies a tag only in its cap's and limit's scopes).
   */
  snapshot(): PointsState {
    const { names, tagNames, tags } = this.#c;
    const scope = (s: TallyScope) => {
      const out: Record<string, { amount: number; uses: number }> = {};
      tags.forEach((t, k) => {
        const uses = this.#usesIn(s)[t.index] as number;
        const amount = this.#amounts(s)[t.index] as number;
        if (uses > 0) out[tagNames[k] as string] = { amount, uses };
      });
      return out;
    };
    const pools: Record<string, number> = {};
    names.forEach((n, k) => (pools[n] = this.#values[k] as number));
    return {
      pools, tallies: { turn: scope("turn"), round: scope("round") },
      flags: this.#flags.slice(0, this.#flagCount),
    };
  }
}
