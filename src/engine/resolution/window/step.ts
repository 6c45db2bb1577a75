import { assertJson } from "./json";
import { Play } from "./play";
import { freshState, type WorkState } from "./work-state";
import { parseWindowEvent } from "./read";
import type {
  Offer, StepResult, Waiting, WindowDefinition, WindowEffect, WindowEvent, WindowState,
} from "./definition";

/**
 * Plays a reaction window: every transition is a pure function of a definition, a stored state and
 * one event, returning the next state and what the caller must change (spend, refund, marks,
 * settlements), or a refusal that changes nothing. After each event the window runs on by itself
 * as far as it can without the caller: resolvers that have what they need finish, a window with
 * nothing left to offer settles, a settled nested window hands its settlement to the answer that
 * opened it. Source: see `definition.ts`.
 */
const working = <C, F, S>(state: WindowState<C, F, S>): WorkState<C, F, S> =>
  structuredClone(state) as unknown as WorkState<C, F, S>;

/**
 * Opens a window on `context` and runs it as far as it goes alone (the opening's dice, or a
 * window with nothing to offer settles at once).
 * @returns the state and what the caller must change.
 * @throws TypeError when the context (or anything the definition returns) is not plain JSON;
 *   Error when the definition breaks its contract (refunds more than spent, a replay that asks
 *   for something else).
 */
export function openWindow<C, F, S>(
  def: WindowDefinition<C, F, S>, context: C,
): { readonly state: WindowState<C, F, S>; readonly effects: readonly WindowEffect[] } {
  assertJson(context, def.id, " context");
  const st = freshState(def, structuredClone(context));
  const effects: WindowEffect[] = [];
  new Play(def, st, effects).proceed(0, "open", []);
  return { state: st as WindowState<C, F, S>, effects };
}

/**
 * One transition: `event` applied to `state`. Refused (with the reason, nothing changed) when the
 * event is malformed, stale, out of turn, not offered, or does not answer what the window waits
 * for. The caller's state is never changed; the new one is a fresh object.
 * @throws as {@link openWindow} on a definition's bug.
 */
export function stepWindow<C, F, S>(
  def: WindowDefinition<C, F, S>, state: WindowState<C, F, S>, event: WindowEvent | unknown,
): StepResult<C, F, S> {
  const e = parseWindowEvent(event);
  if (!e) return { ok: false, reason: "malformed" };
  if (state.window !== def.id) return { ok: false, reason: "badState" };
  if (e.seq !== undefined && e.seq !== state.seq) return { ok: false, reason: "stale" };
  if (state.settlement !== null) return { ok: false, reason: "settled" };
  const effects: WindowEffect[] = [];
  const play = new Play(def, working(state), effects);
  const refused = play.apply(e);
  if (refused) return { ok: false, reason: refused };
  play.st.seq++;
  return { ok: true, state: play.st as WindowState<C, F, S>, effects };
}

/** The answers offered in the innermost open window now (none while it waits or once settled). */
export function offersNow<C, F, S>(
  def: WindowDefinition<C, F, S>, state: WindowState<C, F, S>,
): Offer[] {
  if (state.settlement !== null) return [];
  return [...new Play(def, working(state)).offers(state.frames.length - 1)];
}

/** What the window waits for: answers (with the offers), dice, an outside outcome, or nothing. */
export function waitingOf<C, F, S>(
  def: WindowDefinition<C, F, S>, state: WindowState<C, F, S>,
): Waiting<S> {
  return new Play(def, working(state)).waiting();
}
