import type { Json } from "../../deltas/delta";
import type { DiceRoller } from "../../dice/roller";
import { assertJson } from "./json";
import { NO_SUPPLIES, Play } from "./play";
import { freshState, reopen, type Mutable, type WorkState } from "./work-state";
import type { Need } from "./protocol";
import { readWindowState } from "./read";
import { openWindow, stepWindow, waitingOf } from "./step";
import type {
  Offer, Waiting, WindowDefinition, WindowEffect, WindowEvent, WindowRefusal, WindowState,
} from "./definition";

/**
 * Two ways to play a window definition: synchronously to its settlement (a runner: dice from a
 * seeded roller, answers from its tactics), and one request at a time on a stored state (Foundry:
 * the active GM applies one user's answer to the state kept on a chat card, rolls what it needs
 * with Foundry's dice, and stores the result). Both go through the same transitions, so they agree
 * event for event.
 */
type DiceNeed = Extract<Need, { kind: "dice" }>;
type OutsideNeed = Extract<Need, { kind: "outside" }>;

/**
 * What a runner decides in a window. The state it is shown is the driver's own, which play goes on
 * changing: read it during the call, never keep or change it.
 */
export interface WindowTactics<C, F, S> {
  /**
   * The next answer, or a pass (`{ pass: by }`, "no reaction"), among the innermost window's
   * offers (never empty).
   */
  choose(
    state: WindowState<C, F, S>, offers: readonly Offer[],
  ): { readonly by: string; readonly answer: string } | { readonly pass: string };
  /**
   * An outcome the runner makes itself (a Snap Attack through its own attack). Needed only by
   * definitions that ask for one.
   */
  outside?(need: OutsideNeed, state: WindowState<C, F, S>): Json;
}

export interface WindowRun<C, F, S> {
  readonly state: WindowState<C, F, S>;
  /** Everything the caller must change, in order (the opening's too). */
  readonly effects: readonly WindowEffect[];
  /** The events played, in order (dice included); none when the options said so. */
  readonly events: readonly WindowEvent[];
}
const NO_EVENTS: readonly WindowEvent[] = [];
const NO_EFFECTS: readonly WindowEffect[] = [];

/** How a runner's driver plays. */
export interface RunOptions {
  /**
   * Whether the context, the outside outcomes and the definition's contract are checked as the
   * window plays (plain JSON, well-formed costs; default true). A runner that plays thousands of
   * windows a second may turn it off for a context it builds of plain values and a definition
   * whose step-by-step play (which always checks) its tests cover: the play is the same.
   */
  readonly checked?: boolean;
  /** Whether the run lists its events (default true); a runner that reads none may skip them. */
  readonly events?: boolean;
}

/** Events a window may take before the driver calls its tactics broken. */
export const MAX_WINDOW_EVENTS = 1000;

/**
 * Plays the event that answers what a window waits for, from the tactics: an outside outcome, or
 * an answer or pass (its dice are rolled live as its resolvers ask). The event is listed in
 * `events` first (the dice its resolvers roll live come after it), when the run lists them; it is
 * played through `Play`'s method for its kind, so a run that lists nothing makes no event object.
 * @throws TypeError when checked and an outside outcome is not plain JSON; Error when the window
 *   waits for what the tactics cannot give, or refuses what they chose.
 */
function playNext<C, F, S>(
  play: Play<C, F, S>, state: WindowState<C, F, S>, tactics: WindowTactics<C, F, S>,
  events: WindowEvent[] | null, checked: boolean,
): void {
  const need = play.need();
  let event: WindowEvent | null = null;
  let refused: WindowRefusal | null;
  if (need) {
    if (need.kind !== "outside" || !tactics.outside) {
      throw new Error(`no outside outcome for ${need.kind === "outside" ? need.name : need.kind}`);
    }
    const value = tactics.outside(need, state);
    if (checked) assertJson(value, play.def.id, ` outside ${need.name}`);
    if (events) events.push((event = { kind: "outside", name: need.name, value }));
    refused = play.outside(need.name, value);
    if (refused) event ??= { kind: "outside", name: need.name, value };
  } else {
    const pick = tactics.choose(state, play.offered());
    if ("pass" in pick) {
      if (events) events.push((event = { kind: "pass", by: pick.pass }));
      refused = play.pass(pick.pass);
      if (refused) event ??= { kind: "pass", by: pick.pass };
    } else {
      if (events) events.push((event = { kind: "answer", by: pick.by, answer: pick.answer }));
      refused = play.answer(pick.by, pick.answer);
      if (refused) event ??= { kind: "answer", by: pick.by, answer: pick.answer };
    }
  }
  if (refused) {
    throw new Error(`${play.def.id} window refused ${JSON.stringify(event)}: ${refused}`);
  }
}

/**
 * Plays a window from its opening to its settlement: dice from `roller` (in the order asked,
 * `count` dice of a need at a time), answers and outcomes from `tactics`. The transitions are
 * `stepWindow`'s, played in place on one state the driver owns (a runner plays thousands of
 * windows a second, and a copy of the state at every event cost more than the rest of the play),
 * and a resolver's dice are rolled as it asks for them rather than by stopping it and running it
 * again over its supplies; the state, effects and events are those of step-by-step play. The
 * state keeps `context` as given, so the caller must not change it afterwards.
 * @throws TypeError when checked and the context, an outside outcome or anything the definition
 *   returns is not plain JSON; Error when the tactics pick something the window refuses, or after
 *   {@link MAX_WINDOW_EVENTS} events; anything the definition throws.
 */
export function runWindow<C, F, S>(
  def: WindowDefinition<C, F, S>, context: C, roller: DiceRoller, tactics: WindowTactics<C, F, S>,
  options: RunOptions = {},
): WindowRun<C, F, S> {
  return new WindowRunner(def, options).run(context, roller, tactics);
}

/**
 * {@link runWindow} for a runner that plays a window per attack: one state, play and script kept
 * from run to run and made again at each, so a run allocates little beyond what the definition
 * makes. What a run returns (its state, effects and events, and the result object itself) is this
 * runner's until its next run: read it, never keep it. A run started while another is under way
 * (a Snap Attack's own window, from an outside outcome) goes to an inner runner, so the outer
 * state is left as it was.
 */
export class WindowRunner<C, F, S> {
  #st: WorkState<C, F, S> | null = null;
  #play: Play<C, F, S> | null = null;
  #inner: WindowRunner<C, F, S> | null = null;
  #busy = false;
  #roller: DiceRoller | null = null;
  #events: WindowEvent[] | null = null;
  /** Live dice rolled since the last event (they count as events once its transition is over). */
  #rolled = 0;
  readonly #result: Mutable<WindowRun<C, F, S>> = {
    state: null as unknown as WindowState<C, F, S>, effects: NO_EFFECTS, events: NO_EVENTS,
  };
  readonly #checked: boolean;
  readonly #listed: boolean;

  constructor(readonly def: WindowDefinition<C, F, S>, readonly options: RunOptions = {}) {
    this.#checked = options.checked ?? true;
    this.#listed = options.events ?? true;
  }

  /** Plays a window on `context` to its settlement (see {@link runWindow}). */
  run(context: C, roller: DiceRoller, tactics: WindowTactics<C, F, S>): WindowRun<C, F, S> {
    if (this.#busy) {
      this.#inner ??= new WindowRunner(this.def, this.options);
      return this.#inner.run(context, roller, tactics);
    }
    this.#busy = true;
    try {
      return this.#run(context, roller, tactics);
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Dice are rolled the moment a resolver needs them: the same event, in the same place, as if
   * the window had stopped for them, without running the resolver again over its supplies.
   */
  readonly #live = (count: number, faces: number): readonly number[] => {
    const roller = this.#roller as DiceRoller;
    // Made at its size: pushing onto an empty array allocates room for sixteen.
    const results = new Array<number>(count);
    for (let k = 0; k < count; k++) results[k] = roller.die(faces);
    this.#events?.push({ kind: "dice", results });
    this.#rolled++;
    return results;
  };

  #run(context: C, roller: DiceRoller, tactics: WindowTactics<C, F, S>): WindowRun<C, F, S> {
    const def = this.def;
    const checked = this.#checked;
    if (checked) assertJson(context, def.id, " context");
    let st = this.#st;
    let play = this.#play;
    if (st && play) {
      reopen(st, context);
      play.restart();
    } else {
      st = this.#st = freshState(def, context);
      // Every effect is the caller's: the state's log is the list returned.
      play = this.#play = new Play(def, st, null, checked);
      play.live = this.#live;
    }
    this.#roller = roller;
    this.#rolled = 0;
    // Not an array literal: V8 came to allocate this literal's arrays in the old generation
    // (pretenuring its site), and every event pushed then outlived its window by a full GC cycle.
    const events = this.#events = this.#listed ? new Array<WindowEvent>() : null;
    const state = st as WindowState<C, F, S>;
    play.proceed(0, "open", NO_SUPPLIES);
    for (let n = 0; n <= MAX_WINDOW_EVENTS; n++) {
      st.seq += this.#rolled;
      this.#rolled = 0;
      if (st.settlement !== null) {
        const result = this.#result;
        result.state = state;
        result.effects = st.log;
        result.events = events ?? NO_EVENTS;
        return result;
      }
      playNext(play, state, tactics, events, checked);
      st.seq++;
    }
    throw new Error(`${def.id} window took more than ${MAX_WINDOW_EVENTS} events`);
  }
}

export type PlayedRequest<C, F, S> =
  | {
    readonly ok: true;
    readonly state: WindowState<C, F, S>;
    readonly effects: readonly WindowEffect[];
    /** What the window waits for after the request: answers, an outside outcome, or settled. */
    readonly waiting: Waiting<S>;
  }
  | { readonly ok: false; readonly reason: WindowRefusal };

/**
 * One user's request on a stored window (a Foundry step): reads the stored state, applies the
 * event, then rolls every die the window needs on the way (`roll` gives `need.count` dice of
 * `need.faces`: Foundry's `Roll` of `{count}d{faces}`) until it waits for answers or an outside
 * outcome, or settles. Nothing is stored here: the caller applies `effects` and stores `state`,
 * or on a refusal changes nothing.
 * @returns the refusal `badState` for a stored state that is not this definition's window,
 *   the event's refusal, or `badDice` when `roll` gave dice that do not answer the need.
 */
export async function playRequest<C, F, S>(
  def: WindowDefinition<C, F, S>, stored: unknown, event: unknown,
  roll: (need: DiceNeed) => Promise<readonly number[]>,
): Promise<PlayedRequest<C, F, S>> {
  const state = readWindowState(def, stored);
  if (!state) return { ok: false, reason: "badState" };
  const first = stepWindow(def, state, event);
  if (!first.ok) return first;
  return rollOn(def, first.state, [...first.effects], roll);
}

/**
 * Opens a window as {@link openWindow} and rolls what its opening needs (a declared screen's
 * checks) as {@link playRequest} does: what a card's seal stores.
 */
export async function playOpening<C, F, S>(
  def: WindowDefinition<C, F, S>, context: C,
  roll: (need: DiceNeed) => Promise<readonly number[]>,
): Promise<PlayedRequest<C, F, S>> {
  const opened = openWindow(def, context);
  return rollOn(def, opened.state, [...opened.effects], roll);
}

async function rollOn<C, F, S>(
  def: WindowDefinition<C, F, S>, state: WindowState<C, F, S>, effects: WindowEffect[],
  roll: (need: DiceNeed) => Promise<readonly number[]>,
): Promise<PlayedRequest<C, F, S>> {
  let now = state;
  for (let n = 0; n <= MAX_WINDOW_EVENTS; n++) {
    const waiting = waitingOf(def, now);
    if (waiting.kind !== "dice") return { ok: true, state: now, effects, waiting };
    const r = stepWindow(def, now, { kind: "dice", results: [...(await roll(waiting.need))] });
    if (!r.ok) return r;
    effects.push(...r.effects);
    now = r.state;
  }
  throw new Error(`${def.id} window rolled more than ${MAX_WINDOW_EVENTS} times in one request`);
}
