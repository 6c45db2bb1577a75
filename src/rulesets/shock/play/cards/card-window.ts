import { offersNow, waitingOf } from "../../../../engine/resolution/window/step";
import { readWindowState } from "../../../../engine/resolution/window/read";
import type { WindowEvent, WindowState } from "../../../../engine/resolution/window/definition";
import {
  SHOCK_WINDOW, type ShockWindowContext, type ShockWindowFacts, type ShockWindowSettlement,
} from "../../rules/reaction-window";
import {
  heldAttackerOf, phaseOf, screenerOf, snapperOf, strikerOf,
  type Reaction, type ShockLedger, type ShockSeal,
} from "./card-seal";

/**
 * A shock attack card's reaction window (`rules/reaction-window.ts`), as the card keeps it in its
 * GM-only ledger between requests, pure: the card's choices (`totalDefense`, `screen:<id>`,
 * `snap:<id>`, `held:<id>`, `none`) as the window's events, what it offers now, who answers, the answers taken
 * (for the card to show) and the attack's target now. The window's keys are combatant ids (the
 * target outside a combat is `target`).
 *
 * The stored state holds no AC: `storedWindow` leaves the context's `ac` empty and the
 * settlement's out, and the GM's client puts the ACs read from the documents back (`withAcs`)
 * before it plays a request, so no defense value is written to a card (every client receives
 * every card). Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Screen an Ally, §Make a Snap
 * Attack; RULINGS.md §shock.
 */
export type ShockWindowState =
  WindowState<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

/** The window's key of an attack's target that is not a combatant. */
export const TARGET_KEY = "target";

/** The card's window, or null when it has none (sealed before, or an execution) or it is bad. */
export function windowOf(ledger: ShockLedger): ShockWindowState | null {
  return ledger.window === undefined ? null : readWindowState(SHOCK_WINDOW, ledger.window);
}

/** The state as the card stores it: plain JSON without the ACs it was played with. */
export function storedWindow(state: ShockWindowState): ShockWindowState {
  const copy = structuredClone(state) as unknown as {
    frames: { context: { ac: unknown } }[];
    log: { settlement?: { ac?: number } }[];
    settlement: { ac?: number } | null;
  };
  for (const f of copy.frames) f.context.ac = {};
  for (const settled of [copy.settlement, ...copy.log.map((e) => e.settlement)]) delete settled?.ac;
  return copy as unknown as ShockWindowState;
}

/** A stored state with the ACs to play it with (read from the documents by the GM's client). */
export function withAcs(
  state: ShockWindowState, ac: Readonly<Record<string, number>>,
): ShockWindowState {
  return { ...state, frames: state.frames.map((f) => ({ ...f, context: { ...f.context, ac } })) };
}

/** The attack's facts now (after the opening: the target, Total Defense taken…). */
export function factsNow(state: ShockWindowState): ShockWindowFacts | null {
  return state.frames[0]?.facts ?? null;
}

/**
 * The party whose AC an event needs and that is not among the ACs read now (it left the combat),
 * or null: the window reads the target's AC, and a held screener's who may take the attack
 * (`rules/reaction-window.ts` throws without it). The GM's client refuses the event, naming it.
 */
export function missingParty(
  state: ShockWindowState, event: WindowEvent, ac: Readonly<Record<string, number>>,
): string | null {
  const screener = event.kind === "answer" && event.answer === "screen" ? [event.by] : [];
  return [factsNow(state)?.target ?? "", ...screener].find((k) => ac[k] === undefined) ?? null;
}

/** Who may be the attack's target in this window: the ward, its screeners, held screeners. */
export function partiesOf(context: ShockWindowContext): string[] {
  return [
    context.ward, ...context.screeners.map((s) => s.id), ...context.holders.map((h) => h.side.id),
  ];
}

/**
 * The attack on the attacker whose outcome the window waits for (a Snap Attack or a held attack,
 * each its own card): who makes it and which, or null.
 */
export function pendingStrike(
  state: ShockWindowState,
): { readonly by: string; readonly answer: "snapAttack" | "heldAttack" } | null {
  const waiting = waitingOf(SHOCK_WINDOW, state);
  if (waiting.kind !== "outside") return null;
  const answer = waiting.need.name;
  if (answer !== "snapAttack" && answer !== "heldAttack") return null;
  const data = waiting.need.data as { by?: unknown } | null;
  return typeof data?.by === "string" ? { by: data.by, answer } : null;
}

/** Who makes the Snap Attack or held attack whose outcome the window waits for, or null. */
export function pendingSnap(state: ShockWindowState): string | null {
  return pendingStrike(state)?.by ?? null;
}

/**
 * The choices the window offers now, as the card names them: the target's own first, then held
 * screens, then Snap Attacks (none while it waits or once settled).
 */
export function choicesOf(state: ShockWindowState): Reaction[] {
  const offers = offersNow(SHOCK_WINDOW, state);
  const named = (answer: string, as: (by: string) => Reaction) =>
    offers.filter((o) => o.answer === answer).map((o) => as(o.by));
  return [
    ...named("totalDefense", () => "totalDefense"),
    ...named("screen", (by) => `screen:${by}`),
    ...named("snapAttack", (by) => `snap:${by}`),
    ...named("heldAttack", (by) => `held:${by}`),
  ];
}

/** Who answers a choice: the named ally, or the target now (Total Defense, no reaction). */
export function answererOf(choice: Reaction, state: ShockWindowState): string {
  return screenerOf(choice) ?? strikerOf(choice) ?? factsNow(state)?.target ?? "";
}

/** The window's event for an answer (not "none": see {@link closingEvents}). */
export function eventOf(choice: Reaction, state: ShockWindowState):
  { kind: "answer"; by: string; answer: string } {
  const answer = screenerOf(choice) ? "screen" : snapperOf(choice) ? "snapAttack"
    : heldAttackerOf(choice) ? "heldAttack" : choice;
  return { kind: "answer", by: answererOf(choice, state), answer };
}

/** Whether a choice was answered already in this window (each answer is taken once). */
export function answered(choice: Reaction, state: ShockWindowState): boolean {
  const e = eventOf(choice, state);
  return Boolean(state.frames[0]?.answers.some((a) => a.by === e.by && a.answer === e.answer));
}

/**
 * "No reaction" on the card: everyone still offered an Instant passes, in the order offered (the
 * target's answer ends the window, as it did before it was stored).
 */
export function closingEvents(state: ShockWindowState): WindowEvent[] {
  const by = [...new Set(offersNow(SHOCK_WINDOW, state).map((o) => o.by))];
  return by.map((b) => ({ kind: "pass", by: b }));
}

/**
 * The events a request plays, one at a time on the state the last one left (`played` so far):
 * the awaited strike's outcome first when `snap` names its striker (whether the attacker is down
 * now, asked of the documents only then; the outcome is the awaited Snap Attack's or held
 * attack's), then, with `close` ("no reaction"), everyone still offered an Instant passes.
 */
export function closingNext(
  snap: string | null, close: boolean, attackerDown: () => boolean,
): (state: ShockWindowState, played: number) => WindowEvent | null {
  return (state, n) => {
    if (n > 0 || !snap) return close ? closingEvents(state)[0] ?? null : null;
    const name = pendingStrike(state)?.answer ?? "snapAttack";
    return { kind: "outside", name, value: { attackerDown: attackerDown() } };
  };
}

/** What a card shows of its window: the target now, the answers taken, what is awaited. */
export interface WindowView {
  readonly target: { readonly tokenUuid: string; readonly name: string;
    readonly combatantId: string };
  /** The choices offered now (empty unless the card waits for answers). */
  readonly choices: readonly Reaction[];
  /** The ally whose Snap Attack's outcome is awaited. */
  readonly pendingSnap: string | null;
  /** A held screen tried: who, the two totals, whether it took the attack. */
  readonly heldScreen: { readonly name: string; readonly won: boolean; readonly total: number;
    readonly attackerTotal: number } | null;
  /** The allies who made a Snap Attack on the attacker, by name. */
  readonly snaps: readonly string[];
  /** Those who struck the attacker first with their held action, by name. */
  readonly heldAttacks: readonly string[];
  /** The target now took Total Defense on this card. */
  readonly totalDefense: boolean;
  /** The target now answered "no reaction" (or it was asked while a snap was awaited). */
  readonly passed: boolean;
  /** The state's `seq`, for a request made against it. */
  readonly seq: number;
}

/**
 * Who a window's key names as the attack's target: the target the window opened on (the seal's),
 * or an ally whose held screen took it.
 */
export function partyOf(seal: ShockSeal, key: string): WindowView["target"] {
  const helper = seal.helpers.find((h) => h.combatantId === key);
  return key === (seal.targetCombatantId || TARGET_KEY) || !helper
    ? { tokenUuid: seal.tokenUuid, name: seal.targetName, combatantId: seal.targetCombatantId }
    : { tokenUuid: helper.tokenUuid, name: helper.name, combatantId: helper.combatantId };
}

/**
 * The card's window as it shows it. A card of the release before the window was stored shows what
 * its ledger kept (`reaction`, `heldScreen`, `snaps`); its target is the ally whose held screen
 * took the attack, if one did.
 */
export function windowView(seal: ShockSeal, ledger: ShockLedger): WindowView {
  const state = windowOf(ledger);
  const frame = state?.frames[0];
  const key = frame?.facts?.target
    ?? (ledger.heldScreen?.won ? ledger.heldScreen.combatantId : seal.targetCombatantId);
  const nameOf = (list: readonly { combatantId: string; name: string }[], id: string) =>
    list.find((h) => h.combatantId === id)?.name ?? "";
  const screen = frame?.answers.find((a) => a.answer === "screen" && a.done);
  const n = (screen?.note ?? {}) as { won?: boolean; total?: number; attackerTotal?: number };
  const waiting = state && phaseOf(seal, ledger) === "reactions" && !ledger.closing;
  const old = ledger.reaction?.choice;
  const snaps = (frame?.answers ?? []).filter((a) => a.answer === "snapAttack")
    .map((a) => nameOf(seal.snappers, a.by));
  return {
    target: partyOf(seal, key || TARGET_KEY),
    choices: waiting ? choicesOf(state) : [],
    pendingSnap: state ? pendingSnap(state) : null,
    heldScreen: screen ? { name: nameOf(seal.helpers, screen.by), won: n.won === true,
      total: n.total ?? 0, attackerTotal: n.attackerTotal ?? 0 } : ledger.heldScreen ?? null,
    snaps: [...new Set([...snaps, ...Object.values(ledger.snaps ?? {}).map((s) => s.name)])],
    heldAttacks: (frame?.answers ?? []).filter((a) => a.answer === "heldAttack")
      .map((a) => nameOf(seal.snappers, a.by)),
    totalDefense: Boolean(frame?.facts?.totalDefense.includes(key)) || old === "totalDefense",
    passed: Boolean(ledger.closing) || Boolean(frame?.passed.includes(key)) || old === "none",
    seq: state?.seq ?? 0,
  };
}

/** The attack's target now: the sealed one, or the ally whose held screen took it. */
export function targetOf(seal: ShockSeal, ledger: ShockLedger): WindowView["target"] {
  return windowView(seal, ledger).target;
}

/**
 * Whether a card is done with: refused, applied (or a maneuver taken), undone, closed by the GM,
 * or settled with nothing to apply. A Snap Attack's outcome is reported to the card it answers
 * then.
 */
export function cardDone(seal: ShockSeal | null, ledger: ShockLedger, refused: boolean): boolean {
  const phase = phaseOf(seal, ledger, refused);
  return phase === "refused" || phase === "applied" || phase === "undone" || phase === "closed"
    || (phase === "resolved" && ledger.result?.kind === "none");
}
