import type { AnswerRecord, Frame, WindowDefinition, WindowEffect, WindowState } from "./definition";

/**
 * A reaction window's working state: the stored state's shape with its fields writable, which the
 * transitions (`play.ts`) change in place; made fresh for an opening, or made again on the same
 * objects for a runner's next window. Source: see `definition.ts`.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type WorkFrame<C, F> = Mutable<Omit<Frame<C, F>, "answers" | "passed">> & {
  answers: AnswerRecord[];
  passed: string[];
};
export interface WorkState<C, F, S> {
  format: 1;
  window: string;
  seq: number;
  frames: WorkFrame<C, F>[];
  closed: WindowState<C, F, S>["closed"][number][];
  log: WindowEffect[];
  settlement: S | null;
}

/**
 * `st` made again as {@link freshState} makes it, on `context`, keeping its objects: a runner's
 * driver plays thousands of windows a second on one state (`drive.ts` WindowRunner). Its lists
 * start as one shared, frozen empty list (each grows by a new copy, `lists.ts`).
 */
export function reopen<C, F, S>(st: WorkState<C, F, S>, context: C): void {
  st.seq = 0;
  st.settlement = null;
  st.closed = EMPTY;
  st.log = EMPTY;
  // A run that threw inside a nested window left its frames.
  if (st.frames.length !== 1) st.frames.length = 1;
  const f = st.frames[0] as WorkFrame<C, F>;
  f.context = context;
  f.facts = null;
  f.only = null;
  f.note = null;
  f.answers = EMPTY;
  f.passed = EMPTY;
  f.pending = null;
}
const EMPTY = Object.freeze([]) as unknown as never[];

/** The working state of a window just opened on `context` (kept as given: not copied). */
export function freshState<C, F, S>(
  def: WindowDefinition<C, F, S>, context: C,
): WorkState<C, F, S> {
  return {
    format: 1, window: def.id, seq: 0, closed: [], log: [], settlement: null,
    frames: [{
      context, facts: null, only: null, note: null, answers: [], passed: [], pending: null,
    }],
  };
}
