import type {
  WindowDefinition, WindowEffect, WindowEvent, WindowState,
} from "../../engine/resolution/window/definition";
import { playOpening, playRequest } from "../../engine/resolution/window/drive";
import { rollDice } from "../../engine/dice/plan";
import { rollInFoundry } from "../dice/run-in-foundry";
import { ShownRolls } from "../dice/shown-rolls";
import type { Recorder } from "./recorder";

/**
 * A ruleset's reaction window (engine `resolution/window/`) played on a chat card by the active
 * GM: opened when the card is sealed, then one request at a time on the state the card keeps in
 * its GM-only ledger. Every die the window asks for is one Foundry Roll of `{count}d{faces}`
 * (`dice/run-in-foundry.ts`), named after whose it is and shown as the card is seen
 * (`dice/shown-rolls.ts`); what the effects ask (a reaction's cost, a refund, a mark) is written
 * by the ruleset's `apply` with the step's recorder watching, so a step or a seal that fails
 * afterwards is put back whole (`recorder.ts`), and Undo is exact. Nothing is stored here: the
 * caller writes the state it returns to the card's ledger. Used by action-points' and shock's
 * attack cards.
 */
export interface CardWindow<C, F, S> {
  readonly definition: WindowDefinition<C, F, S>;
  /** The name over a roll, from its need's `by` (a combatant's key); undefined for none. */
  rollerName(by: string): string | undefined;
  /**
   * Writes what the effects ask to the documents, watched by `recorder` (none: a play no step
   * records, such as shock's report of a Snap Attack's outcome).
   * @throws Error (localized) when one can no longer be paid: the step is then refused.
   */
  apply(effects: readonly WindowEffect[], recorder?: Recorder): Promise<void>;
  /**
   * The flavor of the roll message showing the window's dice (localized), or made from the `by`
   * of the first die rolled (shock names the screener whose check it is).
   */
  readonly flavor: string | ((by: string | undefined) => string);
  /**
   * Why an event cannot be played on this state now, checked before each one (shock: a party
   * whose AC it needs left the combat); the request then stops, nothing written or shown.
   */
  refusal?(state: WindowState<C, F, S>, event: WindowEvent): string | null;
}

/** The next event to play on a state (`played` so far), or null to stop. */
export type NextEvent<C, F, S> = (state: WindowState<C, F, S>, played: number) => WindowEvent | null;

export type WindowPlayed<C, F, S> =
  | { readonly ok: true; readonly state: WindowState<C, F, S>; readonly effects: WindowEffect[] }
  | { readonly ok: false; readonly reason: string };

/** Rolls each need as one Foundry Roll, shown later under the flavor its first roller gives. */
function rollerOf<C, F, S>(win: CardWindow<C, F, S>, dice: ShownRolls) {
  let first: string | undefined;
  const roll = (need: { count: number; faces: number; by: string }) => {
    first ||= need.by;
    return rollInFoundry(rollDice(need.count, need.faces, need.by), dice, (l) => win.rollerName(l));
  };
  const flavor = () => (typeof win.flavor === "string" ? win.flavor : win.flavor(first));
  return { roll, flavor };
}

/**
 * Opens the window on `context` (a seal): the dice its opening and any settlement need rolled,
 * its effects written, its dice shown with the card.
 */
export async function openOnCard<C, F, S>(
  win: CardWindow<C, F, S>, context: C, card: ChatMessage.Implementation, recorder?: Recorder,
): Promise<WindowPlayed<C, F, S>> {
  const dice = new ShownRolls();
  const { roll, flavor } = rollerOf(win, dice);
  const played = await playOpening(win.definition, context, roll);
  if (!played.ok) return { ok: false, reason: played.reason };
  await win.apply(played.effects, recorder);
  await dice.show(flavor(), { card });
  return { ok: true, state: played.state, effects: [...played.effects] };
}

/**
 * Plays events on the card's stored window, in order (the answers of one request), rolling what
 * each needs on the way: a list, or each asked of `events` on the state the one before left.
 * @returns the state and every effect, or the window's refusal of an event or `win.refusal`
 *   (nothing written).
 * @throws Error when an effect can no longer be paid (`apply`); the step's recorder puts back
 *   what was written.
 */
export async function playOnCard<C, F, S>(
  win: CardWindow<C, F, S>, stored: WindowState<C, F, S>,
  events: readonly WindowEvent[] | NextEvent<C, F, S>, card: ChatMessage.Implementation,
  recorder?: Recorder,
): Promise<WindowPlayed<C, F, S>> {
  const dice = new ShownRolls();
  const { roll, flavor } = rollerOf(win, dice);
  const next = typeof events === "function" ? events : (_s: unknown, n: number) => events[n] ?? null;
  let state = stored;
  const effects: WindowEffect[] = [];
  for (let n = 0, event = next(state, 0); event; event = next(state, ++n)) {
    const refused = win.refusal?.(state, event);
    if (refused) return { ok: false, reason: refused };
    const played = await playRequest(win.definition, state, event, roll);
    if (!played.ok) return { ok: false, reason: played.reason };
    state = played.state;
    effects.push(...played.effects);
  }
  await win.apply(effects, recorder);
  await dice.show(flavor(), { card });
  return { ok: true, state, effects };
}
