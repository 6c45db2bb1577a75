/**
 * Point pools: a turn economy counted in points that refill, are lost or decay at turn edges, as
 * `action-points` plays it: AP 5 refilled at the start of the own turn and lost at its end; RP 2
 * refilled at the start of the own turn; FP 2 at the start of combat, gained on events and −1 at
 * the end of the turn unless Flow State was taken; at most 2 AP of movement a turn; some actions
 * once a round. Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Actions,
 * §Reactions, §Special Actions, §Surprise Attacks; RULINGS.md §action-points Pools, Costs.
 * Pure: each function returns a new state or a refusal and never changes what it is given.
 */
export const TURN_START_RULES = ["refill", "keep"] as const;
export type TurnStartRule = (typeof TURN_START_RULES)[number];

export const TURN_END_RULES = ["lose", "keep", "decay"] as const;
export type TurnEndRule = (typeof TURN_END_RULES)[number];

/** Counters that reset at the start of the owner's turn, or at the start of the round. */
export const TALLY_SCOPES = ["turn", "round"] as const;
export type TallyScope = (typeof TALLY_SCOPES)[number];

/** One pool. Values never go below 0; there is no upper bound (the text allows more than full). */
export interface PointPoolSpec {
  /** What `refill` sets the pool to: AP 5, RP 2. */
  readonly full: number;
  /** The value at the start of combat (a surprised combatant starts at 0 whatever this says). */
  readonly atCombatStart: number;
  readonly atTurnStart: TurnStartRule;
  readonly atTurnEnd: TurnEndRule;
  /** Points a `decay` pool loses at the end of the turn (FP: 1). */
  readonly decay?: number;
  /** A flag set during the turn that skips the decay (FP: Flow State). */
  readonly decayUnless?: string;
}

/** A cap on what spends with a tag may take from a pool (movement: at most 2 AP a turn). */
export interface SpendCap {
  readonly pool: string;
  readonly max: number;
  readonly per: TallyScope;
}

/**
 * A cap on how often a tagged spend or gain may happen (Take a Step once a round; FP for a
 * reaction).
 */
export interface UseLimit {
  readonly max: number;
  readonly per: TallyScope;
}

export interface PointsEconomy {
  readonly pools: Readonly<Record<string, PointPoolSpec>>;
  readonly caps: Readonly<Record<string, SpendCap>>;
  readonly limits: Readonly<Record<string, UseLimit>>;
}

/** Amount and count of tagged spends or gains in a scope. */
export interface Tally {
  readonly amount: number;
  readonly uses: number;
}

export interface PointsState {
  readonly pools: Readonly<Record<string, number>>;
  readonly tallies: Readonly<Record<TallyScope, Readonly<Record<string, Tally>>>>;
  /** Flags raised during the turn (Flow State), cleared at its end. */
  readonly flags: readonly string[];
}

export const POINT_REFUSALS = ["notEnough", "capReached", "limitReached"] as const;
export type PointRefusal = (typeof POINT_REFUSALS)[number];

export type PointsResult =
  | { readonly ok: true; readonly state: PointsState }
  | {
      readonly ok: false;
      readonly reason: PointRefusal;
      readonly pool: string;
      readonly tag?: string;
    };

const EMPTY_TALLIES: PointsState["tallies"] = { turn: {}, round: {} };

function poolSpec(econ: PointsEconomy, pool: string): PointPoolSpec {
  const s = econ.pools[pool];
  if (s === undefined) throw new RangeError(`unknown point pool ${pool}`);
  return s;
}

function checkAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount < 0) {
    throw new RangeError(`amount must be a natural number, got ${amount}`);
  }
}

/**
 * The pools at the start of combat: each at `atCombatStart`, or all 0 for a surprised combatant
 * ("The surprised party starts the Surprise round with 0 AP, 0 RP, and 0 FP").
 */
export function startCombat(
  econ: PointsEconomy,
  options: { surprised?: boolean } = {},
): PointsState {
  const pools: Record<string, number> = {};
  const surprised = options.surprised === true;
  for (const [id, s] of Object.entries(econ.pools)) pools[id] = surprised ? 0 : s.atCombatStart;
  return { pools, tallies: EMPTY_TALLIES, flags: [] };
}

/** The start of the owner's turn: `refill` pools are set to full; turn tallies reset. */
export function startTurn(econ: PointsEconomy, state: PointsState): PointsState {
  const pools = { ...state.pools };
  for (const [id, s] of Object.entries(econ.pools))
    if (s.atTurnStart === "refill") pools[id] = s.full;
  return { pools, tallies: { ...state.tallies, turn: {} }, flags: state.flags };
}

/**
 * The end of the owner's turn: `lose` pools drop to 0 (unspent AP is forfeited), `decay` pools lose
 * their decay (not below 0) unless their `decayUnless` flag was raised; the turn's flags clear.
 */
export function endTurn(econ: PointsEconomy, state: PointsState): PointsState {
  const pools = { ...state.pools };
  for (const [id, s] of Object.entries(econ.pools)) {
    const v = pools[id] ?? 0;
    if (s.atTurnEnd === "lose") pools[id] = 0;
    if (
      s.atTurnEnd === "decay"
      && !(s.decayUnless !== undefined && state.flags.includes(s.decayUnless))
    ) {
      pools[id] = Math.max(0, v - (s.decay ?? 1));
    }
  }
  return { pools, tallies: state.tallies, flags: [] };
}

/** The start of a round: round tallies reset (once-a-round actions and gains come back). */
export function startRound(state: PointsState): PointsState {
  return { ...state, tallies: { ...state.tallies, round: {} } };
}

/** Raises a turn flag (Flow State: "Retain all FP at the end of your turn"). */
export function raiseFlag(state: PointsState, flag: string): PointsState {
  return state.flags.includes(flag) ? state : { ...state, flags: [...state.flags, flag] };
}

function tallied(
  state: PointsState, tag: string, amount: number, econ: PointsEconomy,
): PointsState["tallies"] {
  const scopes = new Set<TallyScope>();
  const cap = econ.caps[tag];
  const limit = econ.limits[tag];
  if (cap !== undefined) scopes.add(cap.per);
  if (limit !== undefined) scopes.add(limit.per);
  const tallies = { turn: { ...state.tallies.turn }, round: { ...state.tallies.round } };
  for (const scope of scopes) {
    const t = tallies[scope][tag] ?? { amount: 0, uses: 0 };
    tallies[scope][tag] = { amount: t.amount + amount, uses: t.uses + 1 };
  }
  return tallies;
}

function limitRefusal(econ: PointsEconomy, state: PointsState, tag: string): boolean {
  const limit = econ.limits[tag];
  return limit !== undefined && (state.tallies[limit.per][tag]?.uses ?? 0) >= limit.max;
}

/**
 * Spends `amount` from a pool, tagged for caps and limits (e.g. `move`, `step`). Refusals, with the
 * state unchanged: `notEnough` points, `capReached` (the tag's cap would be passed: a third AP of
 * movement), `limitReached` (the tag was used as often as allowed).
 * @throws RangeError for an unknown pool or an amount that is not a natural number.
 */
export function spend(
  econ: PointsEconomy, state: PointsState, pool: string, amount: number, tag?: string,
): PointsResult {
  poolSpec(econ, pool);
  checkAmount(amount);
  const have = state.pools[pool] ?? 0;
  if (have < amount) return { ok: false, reason: "notEnough", pool };
  if (tag !== undefined) {
    const cap = econ.caps[tag];
    const passesCap = cap !== undefined && cap.pool === pool
      && (state.tallies[cap.per][tag]?.amount ?? 0) + amount > cap.max;
    if (passesCap) {
      return { ok: false, reason: "capReached", pool, tag };
    }
    if (limitRefusal(econ, state, tag)) return { ok: false, reason: "limitReached", pool, tag };
  }
  const next = { ...state, pools: { ...state.pools, [pool]: have - amount } };
  const tallies = tag === undefined ? undefined : tallied(state, tag, amount, econ);
  return { ok: true, state: tallies === undefined ? next : { ...next, tallies } };
}

/**
 * Adds `amount` to a pool (FP +2 on a hit, +3 on a crit, +1 for a killing blow; +1 for a successful
 * reaction, tagged so it comes once a round; Total Defense's +1 RP). Refusal: `limitReached`.
 * @throws RangeError for an unknown pool or an amount that is not a natural number.
 */
export function gain(
  econ: PointsEconomy, state: PointsState, pool: string, amount: number, tag?: string,
): PointsResult {
  poolSpec(econ, pool);
  checkAmount(amount);
  if (tag !== undefined && limitRefusal(econ, state, tag)) {
    return { ok: false, reason: "limitReached", pool, tag };
  }
  const next = { ...state, pools: { ...state.pools, [pool]: (state.pools[pool] ?? 0) + amount } };
  const tallies = tag === undefined ? undefined : tallied(state, tag, amount, econ);
  return { ok: true, state: tallies === undefined ? next : { ...next, tallies } };
}

/** Whether a spend would be accepted (see {@link spend}). */
export function canSpend(
  econ: PointsEconomy, state: PointsState, pool: string, amount: number, tag?: string,
): boolean {
  return spend(econ, state, pool, amount, tag).ok;
}
