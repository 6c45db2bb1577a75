import { badge, isResultKind, type BadgeView, type ResultKind } from "./card-badge";

/**
 * The lines of an event card (death saves, Rally, saves at a turn's end, rests, disengaging): each
 * an already-localized sentence, led by a result badge when it has a result (saved, failed,
 * healed…), so the outcome reads before the sentence. Pure.
 */
export interface EventLine {
  readonly text: string;
  readonly result?: ResultKind;
}

/** A line as callers give it: a plain sentence, or a sentence with its result. */
export type EventLineInput = string | EventLine;

export interface EventLineView {
  readonly text: string;
  readonly badge: BadgeView | null;
}

/** The template's view of the lines; an unknown result shows no badge rather than a wrong one. */
export function eventLinesView(lines: readonly EventLineInput[]): EventLineView[] {
  return lines.map((line) => typeof line === "string"
    ? { text: line, badge: null }
    : { text: line.text, badge: isResultKind(line.result) ? badge(line.result) : null });
}

/** A line with its result: `withResult(text, success ? "saved" : "failed")`. */
export function withResult(text: string, result: ResultKind): EventLine {
  return { text, result };
}
