import type { AnswerRecord, FrameView, WindowEffect } from "./definition";
import type { WorkFrame } from "./work-state";

/**
 * A frame as a definition reads it: one object per frame, its facts brought up to date at each
 * read; its answers, passes and the log are read from the state (a list grows by a new copy).
 */
export class View<C, F> implements FrameView<C, F> {
  /** The frame's context (set again when a runner's driver reopens the same frame). */
  context: C;
  facts: F;
  /** Whether the definition read `passed` since this was last set false. */
  sawPassed = false;

  constructor(
    readonly frame: WorkFrame<C, F>,
    readonly depth: number,
    readonly st: { readonly log: readonly WindowEffect[] },
  ) {
    this.context = frame.context;
    this.facts = frame.facts as F;
  }

  get answers(): readonly AnswerRecord[] {
    return this.frame.answers;
  }

  get passed(): readonly string[] {
    this.sawPassed = true;
    return this.frame.passed;
  }

  spent(by: string, resource: string): number {
    return netSpent(this.st.log, by, resource);
  }
}

/** What `by` spent of `resource` so far, less refunds. */
export function netSpent(log: readonly WindowEffect[], by: string, resource: string): number {
  let n = 0;
  for (let k = 0; k < log.length; k++) {
    const e = log[k] as WindowEffect;
    if ((e.kind === "spend" || e.kind === "refund") && e.by === by && e.resource === resource) {
      n += e.kind === "spend" ? e.amount : -e.amount;
    }
  }
  return n;
}

