import type { Json } from "../../deltas/delta";
import { checkRequest, type RollPlan } from "../../dice/plan";
import type { DiceRoller } from "../../dice/roller";

/**
 * The request/response protocol of a storable reaction window: a resolver (how a window opens, how
 * one answer resolves, how the window settles) is a pure function that reads what it was given so
 * far through a {@link Script} and either finishes or says what it still needs: dice, a nested
 * window's settlement, or an outcome only the caller can report (a Snap Attack made as its own
 * attack). The window stores what it needs and what it got; when the answer to a need arrives,
 * the resolver runs again from the start over everything supplied (a replay), so nothing but
 * JSON is kept between steps. A runner answers every need at once (a seeded roller, its own
 * attack); Foundry answers dice with its `Roll` on the active GM's client, across requests.
 *
 * Resolvers must be deterministic in what they are given: the same supplies, the same needs in the
 * same order. A replay that asks for something else than was supplied is a bug and throws.
 */

/** Something a resolver needs before it can finish. */
export type Need =
  /**
   * `count` dice of `faces` sides, rolled at once (one Foundry `Roll` of `{count}d{faces}`).
   * `label` names the roll for its chat flavour (the ruleset's key), `by` whose roll it is ("" for
   * none).
   */
  | {
    readonly kind: "dice";
    readonly count: number;
    readonly faces: number;
    readonly label: string;
    readonly by: string;
  }
  /**
   * A window opened inside this one, on `context` (the same definition); answered by its
   * settlement. `only`: the answers it may offer (null: any the definition offers).
   */
  | { readonly kind: "window"; readonly context: Json; readonly only: readonly string[] | null }
  /** An outcome the caller reports as JSON (`name` says which, `data` what about). */
  | { readonly kind: "outside"; readonly name: string; readonly data: Json };

/** The answer to a need, as stored. */
export type Supplied =
  | { readonly kind: "dice"; readonly results: readonly number[] }
  | { readonly kind: "window"; readonly settlement: Json }
  | { readonly kind: "outside"; readonly value: Json };

/** A resolver's run: finished with a value, or stopped at a need. */
export type Progress<T> =
  | { readonly done: T; readonly need?: undefined }
  | { readonly need: Need; readonly done?: undefined };

/**
 * Thrown by a script at the first need nothing was supplied for; caught and returned by
 * {@link runOn}.
 */
export class Needed {
  constructor(readonly need: Need) {}
}

/**
 * What a resolver reads its supplies through, in the order it asks. Each call returns what was
 * supplied for it, or stops the resolver at that need (a throw {@link runScript} catches), so a
 * resolver is written as straight-line code.
 */
export class Script {
  #supplied: readonly Supplied[];
  /** Supplies read so far: those given, then the live rolls. */
  #at = 0;
  /** Rolls dice as they are needed (the sync driver), else null: a need stops the resolver. */
  #live: LiveDice | null;
  /**
   * The dice rolled live in this run, after those given: kept as their results (in a list this
   * script reuses from run to run) and made into supplies only when `supplied` is read. A runner
   * reads them for an answer's record or a need it stops at, never after an opening or a
   * settlement that finished: those made a supply and a list for every roll to throw away.
   */
  readonly #rolls: (readonly number[])[] = [];
  #rollCount = 0;
  /** `supplied` as last made (null: not made since the last roll). */
  #made: readonly Supplied[] | null = null;

  constructor(supplied: readonly Supplied[], live: LiveDice | null = null) {
    this.#supplied = supplied;
    this.#live = live;
  }

  /**
   * Starts over on `supplied` (a driver that plays thousands of windows keeps one script for all
   * its runs; a run never overlaps another on the same script).
   */
  restart(supplied: readonly Supplied[], live: LiveDice | null): void {
    this.#supplied = supplied;
    this.#at = 0;
    this.#live = live;
    this.#rollCount = 0;
    this.#made = null;
  }

  /** How many supplies were read so far. */
  get used(): number {
    return this.#at;
  }

  /** Whether every supply was read (the dice rolled live included). */
  get readAll(): boolean {
    return this.#at === this.#supplied.length + this.#rollCount;
  }

  /**
   * What was supplied, the dice rolled live included: the list given when none was rolled, else
   * a new list of those and the rolls (the same one until the next roll or restart).
   */
  get supplied(): readonly Supplied[] {
    const n = this.#rollCount;
    if (!n) return this.#supplied;
    if (this.#made) return this.#made;
    const given = this.#supplied;
    // A list made at its size (pushing onto an empty array allocates room for sixteen).
    const out = new Array<Supplied>(given.length + n);
    for (let k = 0; k < given.length; k++) out[k] = given[k] as Supplied;
    for (let k = 0; k < n; k++) {
      out[given.length + k] = { kind: "dice", results: this.#rolls[k] as readonly number[] };
    }
    return (this.#made = out);
  }

  #next(need: Need): Supplied {
    return this.#at < this.#supplied.length ? this.#take(need.kind) : this.#missing(need);
  }

  #take(kind: Need["kind"]): Supplied {
    const got = this.#supplied[this.#at++] as Supplied;
    if (got.kind !== kind) {
      throw new Error(`window resolver asked for ${kind} where ${got.kind} was supplied`);
    }
    return got;
  }

  /** The resolver stops at `need` (caught by `runOn`, or the play that runs it). */
  #stop(need: Need): never {
    throw new Needed(need);
  }

  /** Nothing was supplied for `need`: live dice answer it now, else the resolver stops. */
  #missing(need: Need): Supplied {
    if (need.kind !== "dice" || !this.#live) this.#stop(need);
    return { kind: "dice", results: this.#rolled(need.count, need.faces) };
  }

  /** `count` live dice of `faces`, kept as rolled in this run. */
  #rolled(count: number, faces: number): readonly number[] {
    const results = (this.#live as LiveDice)(count, faces);
    if (results.length !== count) throw new Error(`live dice: ${results.length} for ${count}d${faces}`);
    for (let k = 0; k < count; k++) {
      const d = results[k] as number;
      if (!Number.isInteger(d) || d < 1 || d > faces) throw new Error(`live dice: a d${faces} of ${d}`);
    }
    this.#rolls[this.#rollCount++] = results;
    this.#made = null;
    this.#at++;
    return results;
  }

  /**
   * `count` dice of `faces` sides.
   * @throws Error when the supplied roll has another number of dice (a nondeterministic resolver).
   */
  dice(count: number, faces: number, label: string, by = ""): readonly number[] {
    // The need is only built when nothing was supplied for it and no live dice answer it.
    const results = this.#at < this.#supplied.length
      ? (this.#take("dice") as Extract<Supplied, { kind: "dice" }>).results
      : this.#live ? this.#rolled(count, faces)
      : this.#stop({ kind: "dice", count, faces, label, by });
    if (results.length !== count) {
      throw new Error(`window resolver asked for ${count}d${faces}, got ${results.length} dice`);
    }
    return results;
  }

  /**
   * Runs a roll plan (`dice/plan.ts`: an opposed check whose ties are rolled again) on the
   * supplies: each of its requests is one need of its `count` dice of `faces`, labelled `label`
   * and named `by`, or by the request's own label (a side's id) when `by` is not given, so the
   * window asks for exactly the dice the plan uses, in its order, as `runSync` would roll them.
   * @throws RangeError on a request of no faces or a negative count; whatever the plan throws.
   */
  plan<T>(plan: RollPlan<T>, label: string, by?: string): T {
    let step = plan.next();
    while (!step.done) {
      const r = checkRequest(step.value);
      step = plan.next(r.count ? this.dice(r.count, r.faces, label, by ?? r.label ?? "") : []);
    }
    return step.value;
  }

  /** The settlement of a window opened inside this one on `context`. */
  window(context: Json, only: readonly string[] | null = null): Json {
    return (this.#next({ kind: "window", context, only }) as Extract<Supplied, { kind: "window" }>)
      .settlement;
  }

  /** An outcome the caller reports. */
  outside(name: string, data: Json): Json {
    return (this.#next({ kind: "outside", name, data }) as Extract<Supplied, { kind: "outside" }>)
      .value;
  }

  /**
   * A dice roller for the engine's dice functions (opposed checks whose ties re-roll): it deals
   * the supplied dice in order and asks for `batch` more dice of `faces` when it runs out.
   * @throws Error when asked for another die size.
   */
  roller(faces: number, batch: number, label: string, by = ""): DiceRoller {
    const pool: number[] = [];
    let at = 0;
    return {
      die: (f: number): number => {
        if (f !== faces) throw new Error(`this roller deals d${faces}, asked for a d${f}`);
        if (at >= pool.length) pool.push(...this.dice(batch, faces, label, by));
        return pool[at++] as number;
      },
    };
  }
}

/**
 * Dice a sync driver rolls the moment a resolver needs them (`count` dice of `faces`), so the
 * resolver runs on instead of stopping and being run again once they are supplied.
 */
export type LiveDice = (count: number, faces: number) => readonly number[];

/**
 * Runs a resolver over what was supplied.
 * @returns its value, or the first need nothing was supplied for.
 * @throws Error when the resolver finished without reading everything supplied (it is not
 *   deterministic), or anything the resolver throws.
 */
export function runScript<T>(
  resolver: (script: Script) => T, supplied: readonly Supplied[],
): Progress<T> {
  const r = runOn(new Script(supplied), resolver);
  return r instanceof Needed ? { need: r.need } : { done: r };
}

/**
 * Runs a resolver on `script` (just started or restarted over its supplies; live dice, when the
 * script has them, answer every dice need as it comes): the resolver's value, or the
 * {@link Needed} it stopped at. What it read, live dice included, is `script.supplied`.
 * @throws Error when the resolver finished without reading everything supplied, or anything the
 *   resolver throws.
 */
export function runOn<T>(script: Script, resolver: (script: Script) => T): T | Needed {
  try {
    const done = resolver(script);
    if (!script.readAll) {
      throw new Error(`window resolver read ${script.used} of ${script.supplied.length} supplies`);
    }
    return done;
  } catch (err) {
    if (err instanceof Needed) return err;
    throw err;
  }
}

/**
 * Whether a supply answers a need: the same kind; dice of the count asked, each an integer in
 * 1..faces; an outside report for the same name.
 */
export function answersNeed(need: Need, supplied: Supplied): boolean {
  if (need.kind !== supplied.kind) return false;
  if (supplied.kind === "dice" && need.kind === "dice") {
    const { results } = supplied;
    if (results.length !== need.count) return false;
    for (let k = 0; k < results.length; k++) {
      const d = results[k] as number;
      if (!Number.isInteger(d) || d < 1 || d > need.faces) return false;
    }
  }
  return true;
}
