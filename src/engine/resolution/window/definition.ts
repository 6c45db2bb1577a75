import type { Json } from "../../deltas/delta";
import type { Need, Script, Supplied } from "./protocol";

/**
 * A ruleset's reaction window, written once: who may answer an attack with what and at what cost,
 * how each answer resolves (the dice it needs, a window opened inside it), what it gives back, and
 * how the attack settles. The engine plays it (`step.ts`): synchronously for a runner
 * (`drive.ts`), or one request at a time with the state kept as JSON on a chat card.
 *
 * `C` (the context: what the caller knew when it opened the window), `F` (the facts answers
 * change) and `S` (the settlement) are the ruleset's own, and must be plain JSON: objects, arrays,
 * strings, finite numbers, booleans and null, with no undefined fields (the state is stored and
 * compared after `JSON.stringify`); facts and settlements are never null itself. Every method is
 * pure and must not change its arguments: a resolver is run again over its supplies (`Script`).
 * Source of the shape: `002_5e27cdf788b28f5f.txt` §Combat Action Types (Instants after the roll),
 * `004_2cc57162401858c9.txt` §Reactions, §Reaction Chains; RULINGS.md §shock, §action-points
 * Reactions.
 */

/** What an answer costs its taker: `amount` of a resource the ruleset names (`rp`, `main`). */
export interface Cost {
  readonly resource: string;
  /** A positive integer. */
  readonly amount: number;
}

/** An answer a combatant may give now: its id (`parry`, `totalDefense`) and cost. */
export interface Offer {
  /** The combatant who answers (the ruleset's key: a combatant id, a fighter key). */
  readonly by: string;
  readonly answer: string;
  readonly cost: readonly Cost[];
}

/** A change outside the window the caller makes (a lasting Total Defense, FP for a reaction). */
export interface Mark {
  readonly by: string;
  readonly mark: string;
  readonly data: Json;
}

/** How an opening or an answer ends: the facts after it, and what changes outside. */
export interface Outcome<F> {
  readonly facts: F;
  /** Given back of what the answer cost (never more than it cost; none at the opening). */
  readonly refunds?: readonly Cost[];
  readonly marks?: readonly Mark[];
  /** What happened, for a log or a card (the rolls and their reading). */
  readonly note?: Json;
}

/** How a window settles. */
export interface Settled<S> {
  readonly settlement: S;
  readonly marks?: readonly Mark[];
}

/** An answer taken in a window, as stored. */
export interface AnswerRecord {
  readonly by: string;
  readonly answer: string;
  readonly cost: readonly Cost[];
  readonly refunds: readonly Cost[];
  /** What its resolver was given (dice, a nested settlement), once it is done. */
  readonly supplied: readonly Supplied[];
  readonly note: Json;
  /** False while it waits for a need. */
  readonly done: boolean;
}

/** What a definition reads of one open window. */
export interface FrameView<C, F> {
  readonly context: C;
  readonly facts: F;
  /** 0 for the attack's own window, 1 for a window opened inside it, … */
  readonly depth: number;
  readonly answers: readonly AnswerRecord[];
  /** Who declined ("no reaction"). */
  readonly passed: readonly string[];
  /** What `by` spent of `resource` in the whole window so far, less refunds (every depth). */
  spent(by: string, resource: string): number;
}

export interface WindowDefinition<C, F, S> {
  /** Stored in the state: a state is only played with its own definition. */
  readonly id: string;
  /** The facts the window opens with; may roll (a declared screen) or report marks. */
  open(context: C, script: Script): Outcome<F>;
  /**
   * The answers offered now. The engine leaves out those who passed, answers already taken by the
   * same combatant, and answers outside a nested window's `only`. The window settles once nothing
   * is offered.
   */
  offers(view: FrameView<C, F>): readonly Offer[];
  /** One answer (offered, its cost already spent): its facts, refunds and marks. */
  resolve(view: FrameView<C, F>, answer: Offer, script: Script): Outcome<F>;
  /** The settlement once nothing is offered; may roll (damage). */
  settle(view: FrameView<C, F>, script: Script): Settled<S>;
}

/** Which resolver a frame is waiting in. */
export type Stage = "open" | "answer" | "settle";

/** A resolver stopped at a need, with what it was given so far. */
export interface Pending {
  readonly of: Stage;
  readonly need: Need;
  readonly supplied: readonly Supplied[];
}

/** One open window. */
export interface Frame<C, F> {
  readonly context: C;
  /** Null until the opening finished. */
  readonly facts: F | null;
  /** The answers a nested window may offer (null: any). */
  readonly only: readonly string[] | null;
  /** The opening's note (a declared screen's checks). */
  readonly note: Json;
  readonly answers: readonly AnswerRecord[];
  readonly passed: readonly string[];
  readonly pending: Pending | null;
}

/** What the window asks the caller to change, in order. `depth` names the window. */
export type WindowEffect =
  | {
    readonly kind: "spend" | "refund";
    readonly depth: number;
    readonly by: string;
    readonly answer: string;
    readonly resource: string;
    readonly amount: number;
  }
  | {
    readonly kind: "mark";
    readonly depth: number;
    readonly by: string;
    readonly mark: string;
    readonly data: Json;
  }
  /** A window settled (depth 0: the attack; deeper: a nested one, e.g. a Riposte's attack). */
  | { readonly kind: "settle"; readonly depth: number; readonly settlement: Json };

/** The stored state of a reaction window: plain JSON. */
export interface WindowState<C, F, S> {
  readonly format: 1;
  /** The definition's id. */
  readonly window: string;
  /** Events accepted so far. */
  readonly seq: number;
  /** The attack's window first, then each window opened inside the one before (the last open). */
  readonly frames: readonly Frame<C, F>[];
  /** Nested windows that settled, in order, as they closed (for a log or a card). */
  readonly closed: readonly {
    readonly depth: number;
    readonly frame: Frame<C, F>;
    readonly settlement: Json;
  }[];
  /** Every effect so far, in order. */
  readonly log: readonly WindowEffect[];
  /** The attack's settlement, once (then nothing more is accepted). */
  readonly settlement: S | null;
}

/**
 * One request: an answer, a pass ("no reaction"), dice for a need, or an outside outcome. `seq`,
 * when given, must be the state's: an event made against an older state is refused.
 */
export type WindowEvent =
  | { readonly kind: "answer"; readonly by: string; readonly answer: string; readonly seq?: number }
  | { readonly kind: "pass"; readonly by: string; readonly seq?: number }
  | { readonly kind: "dice"; readonly results: readonly number[]; readonly seq?: number }
  | {
    readonly kind: "outside";
    readonly name: string;
    readonly value: Json;
    readonly seq?: number;
  };

/** Why an event was refused; the state is unchanged. */
export const WINDOW_REFUSALS = [
  /** The event is not one (parse). */
  "malformed",
  /** The stored state is not one, or belongs to another definition. */
  "badState",
  /** Made against another `seq`. */
  "stale",
  /** The window has settled. */
  "settled",
  /** An answer or pass while the window waits for dice or an outside outcome. */
  "busy",
  /** The answer is not offered to that combatant now. */
  "notOffered",
  /** A pass by a combatant with nothing offered. */
  "nothingToPass",
  /** Dice while none are needed. */
  "notWaitingForDice",
  /** Dice of the wrong count or faces. */
  "badDice",
  /** An outside outcome while none (or another) is needed. */
  "notWaitingForOutside",
] as const;
export type WindowRefusal = (typeof WINDOW_REFUSALS)[number];

export type StepResult<C, F, S> =
  | {
    readonly ok: true;
    readonly state: WindowState<C, F, S>;
    /** What this event asks the caller to change, in order (also appended to `state.log`). */
    readonly effects: readonly WindowEffect[];
  }
  | { readonly ok: false; readonly reason: WindowRefusal };

/** What a window waits for now. */
export type Waiting<S> =
  | { readonly kind: "answers"; readonly depth: number; readonly offers: readonly Offer[] }
  | {
    readonly kind: "dice";
    readonly depth: number;
    readonly need: Extract<Need, { kind: "dice" }>;
  }
  | {
    readonly kind: "outside";
    readonly depth: number;
    readonly need: Extract<Need, { kind: "outside" }>;
  }
  | { readonly kind: "settled"; readonly settlement: S };
