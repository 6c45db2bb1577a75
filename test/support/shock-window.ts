import { openWindow, stepWindow } from "../../src/engine/resolution/window/step";
import type { WindowEvent } from "../../src/engine/resolution/window/definition";
import { screenSide } from "../../src/rulesets/shock/rules/maneuvers";
import { SHOCK_WINDOW, type ShockWindowContext } from "../../src/rulesets/shock/rules/reaction-window";
import { storedWindow, type ShockWindowState } from "../../src/rulesets/shock/play/cards/card-window";
import type { ShockLedger } from "../../src/rulesets/shock/play/cards/card-seal";
import { wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * A shock card's ledger with its reaction window, as the GM's client stores it (no ACs), played
 * with the engine's pure transitions: opened on `over` (attacker `ca`, target `ct` by default, no
 * one offered anything) and advanced by `events`. For the card's pure tests (view, checks).
 */
export const TARGET = "combatanttarget1";

export function windowContext(over: Partial<ShockWindowContext> = {}): ShockWindowContext {
  const ward = over.ward ?? TARGET;
  return {
    attacker: "ca", ward, natural: 12, total: 14, naturals: true,
    ac: { [ward]: 13, combatantoskar01: 13 }, attackerSide: screenSide("ca", wielder()),
    screeners: [], holders: [], defenders: [], snappers: [], ...over,
  };
}

export function windowState(over: Partial<ShockWindowContext> = {}, ...events: WindowEvent[]):
  ShockWindowState {
  let state = openWindow(SHOCK_WINDOW, windowContext(over)).state;
  for (const e of events) {
    const r = stepWindow(SHOCK_WINDOW, state, e);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.reason}`);
    state = r.state;
  }
  return state;
}

export function windowLedger(over: Partial<ShockWindowContext> = {}, ...events: WindowEvent[]):
  ShockLedger {
  return { window: JSON.parse(JSON.stringify(storedWindow(windowState(over, ...events)))) };
}

/** A held screener with no modifiers, paying with its Main (it held with its Move). */
export const heldBy = (id: string) => ({ side: screenSide(id, wielder()), pays: "main" as const });
