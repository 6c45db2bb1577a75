import type { DiceRoller } from "./roller";

/**
 * Roll plans: a roll that takes more than one step (an opposed check whose ties are rolled again,
 * an initiative roll-off, a die chain) written once as a generator and run by whoever has dice.
 * A plan yields a {@link DiceRequest} each time it needs dice, receives the dice rolled for it
 * (one number per die, in [1, faces]) and returns its result. It decides nothing else: the next
 * request may depend on the dice so far. Three drivers run the same plan:
 * - {@link runSync} with a core roller (Node: the encounter runners, tests, benchmarks);
 * - {@link runAsync} with an asynchronous dice source (the shell rolls each request with Foundry's
 *   `Roll`, so the chat and Dice So Nice see every step);
 * - {@link runFromPool} over dice already rolled (null when they run out).
 * Given the same dice in the same order, all three return the same result: a plan is a pure
 * function of the dice it receives. Plans compose with `yield*` ({@link rollDice}).
 */

/** Dice a plan needs now: `count` dice of `faces` faces. */
export interface DiceRequest {
  /** How many dice: an integer ≥ 0 (0 asks for nothing and receives an empty list). */
  readonly count: number;
  /** Faces of each die: an integer ≥ 1. */
  readonly faces: number;
  /**
   * Whose or what dice these are (a side's id, `tie-break`, `link 2`): for logs, and for a shell to
   * name the roll. An id, never text to show as it is.
   */
  readonly label?: string;
}

/** A roll plan returning `T`: yields requests, is resumed with each request's dice. */
export type RollPlan<T> = Generator<DiceRequest, T, readonly number[]>;

/**
 * One step of a plan: asks for `count`d`faces` and returns the dice. Used as
 * `const dice = yield* rollDice(2, 6, "attacker")`.
 */
export function* rollDice(
  count: number, faces: number, label?: string,
): Generator<DiceRequest, readonly number[], readonly number[]> {
  return yield label === undefined ? { count, faces } : { count, faces, label };
}

/**
 * Checks a request.
 * @throws RangeError when `count` is not an integer ≥ 0 or `faces` not an integer ≥ 1.
 */
export function checkRequest(request: DiceRequest): DiceRequest {
  const { count, faces } = request;
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(faces) || faces < 1) {
    throw new RangeError(`a dice request needs count ≥ 0 and faces ≥ 1, got ${count}d${faces}`);
  }
  return request;
}

/**
 * Checks the dice rolled for a request: exactly `count` of them, each an integer in [1, faces].
 * @throws RangeError otherwise (a broken roller, or Foundry dice read from the wrong term).
 */
export function checkDice(request: DiceRequest, dice: readonly number[]): readonly number[] {
  if (dice.length !== request.count) {
    throw new RangeError(`asked ${request.count}d${request.faces}, got ${dice.length} dice`);
  }
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > request.faces)
      throw new RangeError(`a d${request.faces} cannot show ${d}`);
  }
  return dice;
}

/**
 * Runs a plan with a core roller: each request's dice are `roller.die(faces)`, `count` times, in
 * order. A plan is consumed by running it.
 * @throws RangeError on a bad request or die; whatever the plan throws.
 */
export function runSync<T>(plan: RollPlan<T>, roller: DiceRoller): T {
  let step = plan.next();
  while (!step.done) {
    const request = checkRequest(step.value);
    const dice: number[] = [];
    for (let i = 0; i < request.count; i++) dice.push(roller.die(request.faces));
    step = plan.next(checkDice(request, dice));
  }
  return step.value;
}

/**
 * Runs a plan with an asynchronous dice source, one request at a time (the next request waits for
 * the dice of the last). A request of 0 dice is answered without asking `rollDice`.
 * @param rollDice rolls `count`d`faces` and resolves to the dice, in order.
 * @throws RangeError on a bad request or dice; whatever the plan or `rollDice` throws.
 */
export async function runAsync<T>(
  plan: RollPlan<T>,
  rollDice: (request: DiceRequest) => Promise<readonly number[]>,
): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    const request = checkRequest(step.value);
    const dice = request.count ? await rollDice(request) : [];
    step = plan.next(checkDice(request, dice));
  }
  return step.value;
}

/**
 * Runs a plan over dice already rolled, taken in order.
 * @returns the result and how many dice it used, or null when the pool ran out first (roll more
 *   and run a fresh plan: the same dice decide the same way).
 * @throws RangeError on a bad request or a die outside its request's faces.
 */
export function runFromPool<T>(
  plan: RollPlan<T>, pool: readonly number[],
): { readonly value: T; readonly used: number } | null {
  let used = 0;
  let step = plan.next();
  while (!step.done) {
    const request = checkRequest(step.value);
    if (used + request.count > pool.length) return null;
    const dice = pool.slice(used, used + request.count);
    used += request.count;
    step = plan.next(checkDice(request, dice));
  }
  return { value: step.value, used };
}
