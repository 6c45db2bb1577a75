import type { Json } from "../../deltas/delta";
import {
  answersNeed, Needed, Script, type LiveDice, type Need, type Supplied,
} from "./protocol";
import { assertJson, isJson } from "./json";
import { append } from "./lists";
import type {
  AnswerRecord, Cost, FrameView, Mark, Offer, Outcome, Pending, Settled, Stage, Waiting,
  WindowDefinition, WindowEffect, WindowEvent, WindowRefusal,
} from "./definition";
import { View } from "./frame-view";
import type { WorkFrame, WorkState } from "./work-state";

/**
 * The transitions of a reaction window over a working state they change in place: an event
 * applied (`apply`), the resolvers run as far as they go without the caller, what the window
 * waits for (`waiting`). `step.ts` plays them on a copy of a stored state for each event; the
 * runner's driver (`drive.ts`) on one state it owns from opening to settlement. Source: see
 * `definition.ts`.
 */
const isPositiveInt = (n: unknown): boolean => Number.isInteger(n) && (n as number) > 0;

function checkCosts(costs: readonly Cost[], def: string, what: string, answer: string): void {
  for (let k = 0; k < costs.length; k++) {
    const c = costs[k] as Cost;
    if (typeof c.resource !== "string" || !isPositiveInt(c.amount)) {
      throw new Error(
        `${def} ${what} ${answer}: a cost must name a resource and a positive integer amount`,
      );
    }
  }
}

/** Whether `list` holds `by`'s `answer`. */
function holds(list: readonly { by: string; answer: string }[], by: string, answer: string) {
  for (let k = 0; k < list.length; k++) {
    const x = list[k] as { by: string; answer: string };
    if (x.by === by && x.answer === answer) return true;
  }
  return false;
}

/** Whether an offer before `all[k]` is `o`'s combatant's same answer. */
function holdsBefore(all: readonly Offer[], k: number, o: Offer): boolean {
  for (let j = 0; j < k; j++) {
    const x = all[j] as Offer;
    if (x.by === o.by && x.answer === o.answer) return true;
  }
  return false;
}

/**
 * @throws Error when `refunds` give back more of a resource than answer `a` cost of it.
 */
function checkRefunds(def: string, a: AnswerRecord, refunds: readonly Cost[]): void {
  for (const r of refunds) {
    const paid = a.cost.filter((c) => c.resource === r.resource)
      .reduce((n, c) => n + c.amount, 0);
    const back = refunds.filter((x) => x.resource === r.resource)
      .reduce((n, x) => n + x.amount, 0);
    if (back > paid) throw new Error(`${def}: ${a.answer} refunds more than it cost`);
  }
}

const NO_OFFERS: readonly Offer[] = [];
/** No refunds (shared and frozen: nothing changes a list once stored). */
const NO_COSTS: readonly Cost[] = Object.freeze([]);
/**
 * What a resolver starts from (nothing supplied yet): one frozen list, not a new one per run (a
 * script copies before it adds, and a stored need copies it).
 */
export const NO_SUPPLIES: readonly Supplied[] = Object.freeze([]);

/** `by`'s offer of `answer` (null: any of its offers), or null. */
function find(offers: readonly Offer[], by: string, answer: string | null): Offer | null {
  for (let k = 0; k < offers.length; k++) {
    const o = offers[k] as Offer;
    if (o.by === by && (answer === null || o.answer === answer)) return o;
  }
  return null;
}

function intersect(
  a: readonly string[] | null, b: readonly string[] | null,
): readonly string[] | null {
  if (a === null) return b === null ? null : [...b];
  return b === null ? [...a] : a.filter((x) => b.includes(x));
}

/** One play over a working copy of the state (the caller's state is never touched). */
export class Play<C, F, S> {
  /** Dice rolled as resolvers need them (the sync driver); null: a dice need waits. */
  live: LiveDice | null = null;
  /**
   * The innermost window's offers as the last settle check found them, until the state changes:
   * the driver asks for them again to choose, and the answer is checked against them.
   */
  #offered: readonly Offer[] | null = null;

  /**
   * @param effects what this play asks the caller to change, in order, besides the state's log;
   *   null when the caller keeps every effect (the sync driver: the log is the list).
   * @param checked whether the definition's contract is checked as it plays: its facts, notes,
   *   marks, settlements and nested contexts plain JSON, its costs and refunds well formed. Only
   *   a runner's driver turns it off (`drive.ts`), for a definition step-by-step play checks.
   */
  constructor(
    readonly def: WindowDefinition<C, F, S>,
    readonly st: WorkState<C, F, S>,
    readonly effects: WindowEffect[] | null = [],
    readonly checked = true,
  ) {}

  emit(e: WindowEffect): void {
    this.#raw = null;
    this.st.log = append(this.st.log, e);
    this.effects?.push(e);
  }

  /** The view of the innermost frame read last, kept while it is the same frame. */
  #view: View<C, F> | null = null;

  view(i: number): FrameView<C, F> {
    const f = this.st.frames[i] as WorkFrame<C, F>;
    const v = this.#view;
    if (v?.frame === f) {
      // A reopened frame (`restart`) is the same object on a new context.
      v.context = f.context;
      v.facts = f.facts as F;
      return v;
    }
    return (this.#view = new View(f, i, this.st));
  }

  /**
   * The innermost window's offers now, as the engine filters them: the definition's own offers
   * (the list itself when none is left out; an answer copies the cost it takes).
   */
  offers(i: number): readonly Offer[] {
    const f = this.st.frames[i] as WorkFrame<C, F>;
    if (f.facts === null || f.pending) return NO_OFFERS;
    const all = this.#rawFrame === f && this.#raw ? this.#raw : this.#definitionOffers(f, i);
    // A new list only once one is left out: a runner asks this several times a window.
    let out: Offer[] | null = null;
    for (let k = 0; k < all.length; k++) {
      const o = all[k] as Offer;
      if (this.checked) checkCosts(o.cost, this.def.id, "offer", o.answer);
      const kept = !f.passed.includes(o.by) && !holds(f.answers, o.by, o.answer) &&
        !holdsBefore(all, k, o) && (f.only === null || f.only.includes(o.answer));
      if (out) {
        if (kept) out = append(out, o);
      } else if (!kept) {
        // The first left out: the offers before it (none: the shared empty list, which `append`
        // copies before it grows).
        out = k ? all.slice(0, k) : (NO_OFFERS as Offer[]);
      }
    }
    return out ?? all;
  }

  /**
   * The definition's offers for frame `f` (at `i`) as it reads them now: kept while nothing but
   * who passed changes, when the definition did not read who passed (each pass of a runner's
   * tactics asks again, and a definition is a pure function of what it reads).
   */
  #definitionOffers(f: WorkFrame<C, F>, i: number): readonly Offer[] {
    const view = this.view(i) as View<C, F>;
    view.sawPassed = false;
    const all = this.def.offers(view);
    this.#raw = view.sawPassed ? null : all;
    this.#rawFrame = f;
    return all;
  }
  #raw: readonly Offer[] | null = null;
  #rawFrame: WorkFrame<C, F> | null = null;

  marks(depth: number, marks: readonly Mark[] | undefined): void {
    if (!marks) return;
    for (const m of marks) {
      if (this.checked && !isJson(m.data)) assertJson(m.data, this.def.id, ` mark ${m.mark}`);
      this.emit({ kind: "mark", depth, by: m.by, mark: m.mark, data: m.data });
    }
  }

  /** Plays again from the start, on a state `reopen`ed (a runner's driver keeps one play). */
  restart(): void {
    this.#offered = null;
    this.#raw = null;
    this.#rawFrame = null;
    // The view is kept: the state's frames are the same objects (`reopen`), and `view` reads the
    // context and facts again at each use.
  }

  /** The one script every run of this play reads through (runs never overlap). */
  readonly #script = new Script([]);

  /** The need the last `run` stopped at (null: it finished). */
  #stopped: Need | null = null;

  /**
   * Runs frame `i`'s resolver `of` over `supplied`: its value, or null when it stopped at a need
   * (then in `#stopped`). As `runOn` runs one, with the definition called here rather than through
   * a closure (a runner plays two or more resolvers per attack), and the stop told by null rather
   * than by returning the `Needed` (an `instanceof` on the varied shapes a resolver returns cost a
   * runner more than the rest of the check).
   * @throws as `runOn`; Error when a resolver returns nothing.
   */
  run(i: number, of: Stage, supplied: readonly Supplied[]): Outcome<F> | Settled<S> | null {
    const script = this.#script;
    script.restart(supplied, this.live);
    this.#stopped = null;
    const f = this.st.frames[i] as WorkFrame<C, F>;
    let done: Outcome<F> | Settled<S>;
    try {
      if (of === "open") done = this.def.open(f.context, script);
      else if (of === "settle") done = this.def.settle(this.view(i), script);
      else {
        const a = f.answers[f.answers.length - 1] as AnswerRecord;
        done = this.def.resolve(this.view(i), { by: a.by, answer: a.answer, cost: a.cost }, script);
      }
    } catch (err) {
      if (!(err instanceof Needed)) throw err;
      this.#stopped = err.need;
      return null;
    }
    if (!script.readAll) {
      throw new Error(`window resolver read ${script.used} of ${script.supplied.length} supplies`);
    }
    if (done === null || typeof done !== "object") {
      throw new Error(`${this.def.id}: its ${of} resolver returned no outcome`);
    }
    return done;
  }

  /** Runs frame `i`'s resolver `of` over `given` and everything that follows from it. */
  proceed(i: number, of: Stage, given: readonly Supplied[]): void {
    this.#offered = null;
    this.#raw = null;
    const f = this.st.frames[i] as WorkFrame<C, F>;
    const done = this.run(i, of, given);
    if (done === null) {
      const need = this.#stopped as Need;
      f.pending = { of, need, supplied: this.#script.supplied } satisfies Pending;
      if (need.kind !== "window") return;
      if (this.checked) assertJson(need.context, this.def.id, " nested context");
      this.st.frames.push({
        context: need.context as C, facts: null,
        only: intersect(need.only, f.only), note: null, answers: [], passed: [],
        pending: null,
      });
      this.proceed(i + 1, "open", NO_SUPPLIES);
      return;
    }
    f.pending = null;
    if (of === "settle") return this.settled(i, done as Settled<S>);
    const outcome = done as Outcome<F>;
    if (this.checked) assertJson(outcome.facts, this.def.id, " facts");
    if (outcome.facts === null) throw new Error(`${this.def.id}: facts cannot be null`);
    const note = outcome.note ?? null;
    if (this.checked) assertJson(note, this.def.id, " note");
    if (of === "open") {
      if (outcome.refunds?.length) throw new Error(`${this.def.id}: an opening refunds nothing`);
      f.facts = outcome.facts;
      f.note = note;
      this.marks(i, outcome.marks);
    } else {
      const a = f.answers[f.answers.length - 1] as AnswerRecord;
      // Copied only when there are some (few answers refund anything).
      const refunds = outcome.refunds?.length ? outcome.refunds.map((r) => ({ ...r })) : NO_COSTS;
      if (this.checked) checkCosts(refunds, this.def.id, "refund of", a.answer);
      // Each loop over the refunds only when there are some: a `for…of` over the shared empty
      // list still made an iterator at every answer (a runner's thousands a second).
      if (refunds.length) checkRefunds(this.def.id, a, refunds);
      // Field by field in the record's own key order, not `{ ...a, … }` (V8 copies a spread on a
      // slow path, and a runner takes thousands of answers a second). What the script read is a
      // list nothing else holds or changes (given: made for this run by `apply` or `settled`, or
      // the shared frozen empty one; else made by the script of it and its live rolls), so it is
      // kept without a copy, as a pending need keeps it.
      f.answers[f.answers.length - 1] = {
        by: a.by, answer: a.answer, cost: a.cost, refunds, supplied: this.#script.supplied, note,
        done: true,
      };
      f.facts = outcome.facts;
      for (let k = 0; k < refunds.length; k++) {
        this.emit({ kind: "refund", depth: i, by: a.by, answer: a.answer, ...refunds[k] as Cost });
      }
      this.marks(i, outcome.marks);
    }
    this.settleIfDone(i);
  }

  settled(i: number, done: Settled<S>): void {
    if (this.checked) assertJson(done.settlement, this.def.id, " settlement");
    if (done.settlement === null) throw new Error(`${this.def.id}: a settlement cannot be null`);
    this.marks(i, done.marks);
    this.emit({ kind: "settle", depth: i, settlement: done.settlement as Json });
    if (i === 0) {
      this.st.settlement = done.settlement;
      return;
    }
    const frame = this.st.frames.pop() as WorkFrame<C, F>;
    const closed = { depth: i, frame, settlement: done.settlement as Json };
    this.st.closed = append(this.st.closed, closed);
    const parent = this.st.frames[i - 1] as WorkFrame<C, F>;
    const p = parent.pending as Pending;
    this.proceed(i - 1, p.of, [
      ...p.supplied, { kind: "window", settlement: done.settlement as Json },
    ]);
  }

  /** Settles the innermost window once nothing is pending in it and nothing is offered. */
  settleIfDone(i: number): void {
    const f = this.st.frames[i] as WorkFrame<C, F>;
    if (i !== this.st.frames.length - 1 || f.pending || f.facts === null) return;
    const offers = this.offers(i);
    if (offers.length) this.#offered = offers;
    else this.proceed(i, "settle", NO_SUPPLIES);
  }

  /** What the innermost window waits for, if anything (null: answers, or it settled). */
  need(): Need | null {
    const frames = this.st.frames;
    return (frames[frames.length - 1] as WorkFrame<C, F>).pending?.need ?? null;
  }

  /** The innermost window's offers now (as the last settle check found them, when it did). */
  offered(): readonly Offer[] {
    return this.#offered ?? this.offers(this.st.frames.length - 1);
  }

  /** What the window waits for: answers (with the offers), dice, an outside outcome, or nothing. */
  waiting(): Waiting<S> {
    const st = this.st;
    if (st.settlement !== null) return { kind: "settled", settlement: st.settlement };
    const depth = st.frames.length - 1;
    const need = st.frames[depth]?.pending?.need;
    if (need?.kind === "dice") return { kind: "dice", depth, need };
    if (need?.kind === "outside") return { kind: "outside", depth, need };
    return { kind: "answers", depth, offers: this.#offered ?? this.offers(depth) };
  }

  /**
   * Applies one event in place: null when taken, else why it was refused (then nothing changed).
   */
  apply(event: WindowEvent): WindowRefusal | null {
    switch (event.kind) {
      case "answer":
        return this.answer(event.by, event.answer);
      case "pass":
        return this.pass(event.by);
      case "dice":
        return this.dice(event.results);
      case "outside":
        return this.outside(event.name, event.value);
    }
  }

  /**
   * The events one by one, as `apply` takes them: a runner's driver calls these directly, without
   * making an event object for each choice it reads no list of.
   */
  answer(by: string, answer: string): WindowRefusal | null {
    const i = this.st.frames.length - 1;
    const top = this.st.frames[i] as WorkFrame<C, F>;
    const offered = this.#offered;
    this.#offered = null;
    if (top.pending) return "busy";
    const offer = find(offered ?? this.offers(i), by, answer);
    if (!offer) return "notOffered";
    // Copied field by field (a spread copies on V8's slow path): the spends keep these keys.
    const n = offer.cost.length;
    const cost = new Array<Cost>(n);
    for (let k = 0; k < n; k++) {
      const c = offer.cost[k] as Cost;
      cost[k] = { resource: c.resource, amount: c.amount };
    }
    top.answers = append(top.answers, {
      by: offer.by, answer: offer.answer, cost, refunds: NO_COSTS, supplied: NO_SUPPLIES,
      note: null, done: false,
    });
    for (let k = 0; k < n; k++) {
      const c = cost[k] as Cost;
      this.emit({
        kind: "spend", depth: i, by: offer.by, answer: offer.answer, resource: c.resource,
        amount: c.amount,
      });
    }
    this.proceed(i, "answer", NO_SUPPLIES);
    return null;
  }

  pass(by: string): WindowRefusal | null {
    const i = this.st.frames.length - 1;
    const top = this.st.frames[i] as WorkFrame<C, F>;
    const offered = this.#offered;
    this.#offered = null;
    if (top.pending) return "busy";
    if (!find(offered ?? this.offers(i), by, null)) return "nothingToPass";
    top.passed = append(top.passed, by);
    this.settleIfDone(i);
    return null;
  }

  dice(results: readonly number[]): WindowRefusal | null {
    const i = this.st.frames.length - 1;
    const pending = (this.st.frames[i] as WorkFrame<C, F>).pending;
    this.#offered = null;
    if (pending?.need.kind !== "dice") return "notWaitingForDice";
    const supply: Supplied = { kind: "dice", results: [...results] };
    if (!answersNeed(pending.need, supply)) return "badDice";
    this.proceed(i, pending.of, [...pending.supplied, supply]);
    return null;
  }

  outside(name: string, value: Json): WindowRefusal | null {
    const i = this.st.frames.length - 1;
    const pending = (this.st.frames[i] as WorkFrame<C, F>).pending;
    this.#offered = null;
    if (pending?.need.kind !== "outside" || pending.need.name !== name) {
      return "notWaitingForOutside";
    }
    this.proceed(i, pending.of, [...pending.supplied, { kind: "outside", value }]);
    return null;
  }
}
