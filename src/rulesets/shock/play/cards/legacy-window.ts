import type { WindowEvent } from "../../../../engine/resolution/window/definition";
import { openWindow, stepWindow } from "../../../../engine/resolution/window/step";
import { SHOCK_WINDOW, type ShockWindowContext } from "../../rules/reaction-window";
import type { Reaction, ShockLedger, ShockSeal } from "./card-seal";
import { closingEvents, pendingSnap, type ShockWindowState } from "./card-window";

/**
 * A shock card of the release before the card kept its reaction window, sealed and still waiting:
 * for its answers, or, settled, for the cards of the Snap Attacks granted on it. Its window is
 * opened once (the card kind's `upgrade`, `foundry/cards/legacy-window.ts`, run by the card
 * migration on the active GM's client) as the seal opens one, on the documents now, held to what
 * the seal offered then, and what its old ledger says was taken is played on it without being paid
 * again (it was paid when taken): the target's Total Defense, the Snap Attacks granted (each one's
 * outcome when its card is done), and an answer that ended the window for everyone (kept as
 * `closing` while a snap is awaited). A held screen that was tried is not offered again; a result
 * rolled then is kept (`rolled`). Only the GM's seal and ledger and the documents are read, never
 * the card's content. Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Screen an Ally, §Make a
 * Snap Attack.
 */

/** Whether a card of an earlier release needs its window opened. */
export function needsWindow(ledger: ShockLedger): boolean {
  if (ledger.window !== undefined || ledger.applied || ledger.undone || ledger.maneuver)
    return false;
  return !ledger.result || Object.keys(ledger.snaps ?? {}).length > 0;
}

/**
 * The window's context for such a card: `now` (as the seal would open it on the documents now,
 * on the attack's target then) held to what the seal offered: no declared screen (the seal
 * rolled it), no held screen once one was tried or the attack settled, Total Defense only if
 * offered, and Snap Attacks to the allies offered them and to those granted one (whose Main the
 * documents now show spent, by that grant), never to the attack's target (that release offered
 * the target no snap of its own: `targetSnaps` false), and no held attack (nor did it).
 */
export function legacyContext(
  now: ShockWindowContext, seal: ShockSeal, ledger: ShockLedger,
): ShockWindowContext {
  const offered = (r: Reaction) => seal.offers.includes(r);
  const tried = Boolean(ledger.heldScreen || ledger.reaction);
  const holders = tried ? [] : now.holders.filter((h) => offered(`screen:${h.side.id}`));
  const defends = ledger.reaction?.choice === "totalDefense"
    || (offered("totalDefense") && now.defenders.includes(now.ward));
  return {
    ...now, screeners: [], holders, targetSnaps: false, heldAttackers: [],
    defenders: [
      ...(defends ? [now.ward] : []),
      ...holders.map((h) => h.side.id).filter((id) => now.defenders.includes(id)),
    ],
    snappers: [...new Set([
      ...Object.keys(ledger.snaps ?? {}), ...now.snappers.filter((id) => offered(`snap:${id}`)),
    ])],
  };
}

/**
 * What the old ledger says was taken, as the window's events: the target's Total Defense,
 * then each Snap Attack granted, those whose card is done first, each with its outcome
 * (`attackerDown`, read now); the window then waits for the first one whose card is not.
 * @param doneOf whether the card with this message id is done ("" for a card never posted).
 */
export function legacyEvents(
  ledger: ShockLedger, target: string, doneOf: (messageId: string) => boolean,
  attackerDown: boolean,
): WindowEvent[] {
  const events: WindowEvent[] = ledger.reaction?.choice === "totalDefense"
    ? [{ kind: "answer", by: target, answer: "totalDefense" }] : [];
  const snaps = Object.values(ledger.snaps ?? {})
    .map((s) => ({ by: s.combatantId, done: doneOf(s.messageId) }))
    .sort((a, b) => Number(b.done) - Number(a.done));
  for (const { by, done } of snaps) {
    events.push({ kind: "answer", by, answer: "snapAttack" });
    if (!done) break;
    events.push({ kind: "outside", name: "snapAttack", value: { attackerDown } });
  }
  return events;
}

/**
 * The window opened on `context` (its ACs set) with `events` played; an event it refuses is
 * left out. With `closing` (an answer ended it for everyone) everyone still offered an Instant
 * passes, unless a Snap Attack's outcome is awaited.
 */
export function replayLegacy(
  context: ShockWindowContext, events: readonly WindowEvent[], closing: boolean,
): ShockWindowState {
  let state: ShockWindowState = openWindow(SHOCK_WINDOW, context).state;
  const play = (event: WindowEvent): boolean => {
    const r = stepWindow(SHOCK_WINDOW, state, event);
    if (r.ok) state = r.state;
    return r.ok;
  };
  for (const event of events) play(event);
  for (let pass = closingEvents(state)[0]; closing && pass && !pendingSnap(state);
    pass = closingEvents(state)[0]) {
    if (!play(pass)) break;
  }
  return state;
}

/** The Snap Attack cards such a card's ledger says were posted: each snapper's message. */
export function legacySnapCards(
  ledger: ShockLedger,
): { readonly combatantId: string; readonly messageId: string }[] {
  return Object.values(ledger.snaps ?? {}).filter((s) => s.messageId)
    .map(({ combatantId, messageId }) => ({ combatantId, messageId }));
}

/**
 * The card's update once its window is reopened (`played`: the window as stored and any result
 * settled now), by path under `system.ledger`: the window, and the result, each replacing the
 * stored object whole (a `==` key: common/data/fields.mjs ObjectField#_updateDiff; an update
 * merges into an ObjectField otherwise), or the old result deleted while the window has not
 * settled; that old result kept as `rolled` (a snap held it back: the window settles on it); an
 * answer that ended the window while it waits for a snap kept as `closing`; and the Snap Attack
 * cards posted then as `snapCards`, by snapper.
 */
export function legacyLedgerUpdate(
  ledger: ShockLedger, played: Pick<ShockLedger, "window" | "result">,
): Record<string, unknown> {
  const links = legacySnapCards(ledger);
  const changes: Record<string, unknown> = {
    "==window": played.window,
    ...(ledger.result ? { rolled: ledger.result } : {}),
    ...(played.result ? { "==result": played.result } : ledger.result ? { "-=result": null } : {}),
    ...(ledger.reaction && !played.result ? { closing: { by: ledger.reaction.by } } : {}),
    ...(links.length
      ? { snapCards: Object.fromEntries(links.map((s) => [s.combatantId, s.messageId])) } : {}),
  };
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [`system.ledger.${k}`, v]));
}
