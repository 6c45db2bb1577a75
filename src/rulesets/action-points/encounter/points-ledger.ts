import type {
  PointRefusal, PointsEconomy, PointsState, TallyScope,
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
  /** Its cap: the pool it caps, at most `max` a `per`; null when uncapped. */
  readonly cap: { readonly pool: string; readonly max: number; readonly per: TallyScope } | null;
  readonly limit: { readonly max: number; readonly per: TallyScope } | null;
}

/** Per economy: its pools' names and its tags' rules (made once per economy object). */
interface Compiled {
  readonly names: readonly string[];
  readonly tags: ReadonlyMap<string, TagRule>;
}
const compiled = new WeakMap<PointsEconomy, Compiled>();

function compile(econ: PointsEconomy): Compiled {
  let c = compiled.get(econ);
  if (c) return c;
  const tags = new Map<string, TagRule>();
  for (const tag of new Set([...Object.keys(econ.caps), ...Object.keys(econ.limits)])) {
    tags.set(tag, { index: tags.size, cap: econ.caps[tag] ?? null, limit: econ.limits[tag] ?? null });
  }
  c = { names: Object.keys(econ.pools), tags };
  compiled.set(econ, c);
  return c;
}

export class PointsLedger {
  /** Each pool's value (never below 0). */
  readonly pools: Record<string, number> = {};
  readonly #c: Compiled;
  /** Amount and uses of each tag, by its index, in each scope. */
  readonly #amount: Record<TallyScope, number[]>;
  readonly #uses: Record<TallyScope, number[]>;
  #flags: string[] = [];

  /**
   * The pools at the start of combat (engine `startCombat`): each at `atCombatStart`, or all 0
   * for a surprised combatant.
   */
  constructor(readonly econ: PointsEconomy, surprised = false) {
    this.#c = compile(econ);
    const zeros = () => new Array<number>(this.#c.tags.size).fill(0);
    this.#amount = { turn: zeros(), round: zeros() };
    this.#uses = { turn: zeros(), round: zeros() };
    this.reset(surprised);
  }

  /** Back to the start of combat, as a new ledger (a runner reuses its fighters). */
  reset(surprised = false): void {
    for (const id of this.#c.names) {
      this.pools[id] = surprised ? 0 : (this.econ.pools[id]?.atCombatStart as number);
    }
    this.#amount.turn.fill(0);
    this.#amount.round.fill(0);
    this.#uses.turn.fill(0);
    this.#uses.round.fill(0);
    if (this.#flags.length) this.#flags = [];
  }

  /** The pool's value (0 for one it does not have). */
  get(pool: string): number {
    return this.pools[pool] ?? 0;
  }

  hasFlag(flag: string): boolean {
    return this.#flags.includes(flag);
  }

  /** The amount spent with `tag` in `scope` so far. */
  tallied(scope: TallyScope, tag: string): number {
    const t = this.#c.tags.get(tag);
    return t ? (this.#amount[scope][t.index] as number) : 0;
  }

  #check(pool: string, amount: number): void {
    if (this.econ.pools[pool] === undefined) throw new RangeError(`unknown point pool ${pool}`);
    if (!Number.isInteger(amount) || amount < 0) {
      throw new RangeError(`amount must be a natural number, got ${amount}`);
    }
  }

  #limited(t: TagRule): boolean {
    return t.limit !== null && (this.#uses[t.limit.per][t.index] as number) >= t.limit.max;
  }

  #add(scope: TallyScope, t: TagRule, amount: number): void {
    (this.#amount[scope][t.index] as number) += amount;
    (this.#uses[scope][t.index] as number) += 1;
  }

  #tally(t: TagRule, amount: number): void {
    if (t.cap) this.#add(t.cap.per, t, amount);
    if (t.limit && t.limit.per !== t.cap?.per) this.#add(t.limit.per, t, amount);
  }

  /** What the engine's `spend` would refuse, or null; nothing changes. */
  refusal(pool: string, amount: number, tag?: string): PointRefusal | null {
    this.#check(pool, amount);
    if ((this.pools[pool] ?? 0) < amount) return "notEnough";
    const t = tag === undefined ? undefined : this.#c.tags.get(tag);
    if (!t) return null;
    const cap = t.cap;
    if (cap && cap.pool === pool && (this.#amount[cap.per][t.index] as number) + amount > cap.max) {
      return "capReached";
    }
    return this.#limited(t) ? "limitReached" : null;
  }

  /** The engine's `spend`, in place. @returns its refusal (nothing changed), or null. */
  spend(pool: string, amount: number, tag?: string): PointRefusal | null {
    const refused = this.refusal(pool, amount, tag);
    if (refused) return refused;
    this.pools[pool] = (this.pools[pool] as number) - amount;
    const t = tag === undefined ? undefined : this.#c.tags.get(tag);
    if (t) this.#tally(t, amount);
    return null;
  }

  /** The engine's `gain`, in place. @returns its refusal (nothing changed), or null. */
  gain(pool: string, amount: number, tag?: string): PointRefusal | null {
    this.#check(pool, amount);
    const t = tag === undefined ? undefined : this.#c.tags.get(tag);
    if (t && this.#limited(t)) return "limitReached";
    this.pools[pool] = (this.pools[pool] ?? 0) + amount;
    if (t) this.#tally(t, amount);
    return null;
  }

  /** The engine's `startTurn`: `refill` pools set to full; turn tallies reset. */
  startTurn(): void {
    for (const id of this.#c.names) {
      const s = this.econ.pools[id];
      if (s?.atTurnStart === "refill") this.pools[id] = s.full;
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
    for (const id of this.#c.names) {
      const s = this.econ.pools[id];
      if (!s) continue;
      if (s.atTurnEnd === "lose") this.pools[id] = 0;
      if (s.atTurnEnd === "decay"
        && !(s.decayUnless !== undefined && this.#flags.includes(s.decayUnless))) {
        this.pools[id] = Math.max(0, (this.pools[id] ?? 0) - (s.decay ?? 1));
      }
    }
    if (this.#flags.length) this.#flags = [];
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
    if (!this.#flags.includes(flag)) this.#flags.push(flag);
  }

  /**
   * The same state as the engine's `PointsState`: a tag shows in a scope once it was used there
   * (the engine tallies a tag only in its cap's and limit's scopes).
   */
  snapshot(): PointsState {
    const scope = (s: TallyScope) => {
      const out: Record<string, { amount: number; uses: number }> = {};
      for (const [tag, t] of this.#c.tags) {
        const uses = this.#uses[s][t.index] as number;
        if (uses > 0) out[tag] = { amount: this.#amount[s][t.index] as number, uses };
      }
      return out;
    };
    return {
      pools: { ...this.pools }, tallies: { turn: scope("turn"), round: scope("round") },
      flags: [...this.#flags],
    };
  }
}
