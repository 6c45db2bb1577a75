import { fireHook } from "./relay-stand-in";
import { newId } from "./foundry-documents";
import type { ApWorld, Who } from "./action-points-world";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardDeletion } from "../../src/shell/cards/deleted";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { registerOffers } from "../../src/shell/offers/runtime";
import { registerKeptRequests } from "../../src/shell/combat/kept-spend";
import { registerInitiativeRequest } from "../../src/shell/combat/initiative-request";
import { registerMovementRules } from "../../src/shell/movement/watch";
import { AP_ATTACK_KIND } from "../../src/rulesets/action-points/foundry/cards/attack-kind";
import { ActionPointsCombat } from "../../src/rulesets/action-points/foundry/documents/combat";
import { standUp } from "../../src/rulesets/action-points/foundry/gm/reaction-attacks";
import { afterMove } from "../../src/rulesets/action-points/foundry/gm/moves";
import { beforeMove } from "../../src/rulesets/action-points/foundry/chat/move-check";

/**
 * What an action-points world (`action-points-world.ts`) needs to be played through every GM
 * request and hook the ruleset has, not only its card: what `install` registers on the GM's client
 * (src/rulesets/action-points/foundry/install.ts and the shell's `installFoundry`: the card kind,
 * the sealing, card and offer runtimes, the kept spends and refunds, the initiative request, the
 * movement watch with its rules, and Stand Up's effect), a token's move as Foundry v13 makes one
 * (the moving client's `preMoveToken`, the server's update, every GM client's `moveToken`), and the
 * turn and round events Foundry runs on the active GM after the tracker moves.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

/**
 * Registers what action-points' `install` registers for its GM requests and hooks. Not its offer
 * kind (`gm/reaction-offer.ts`): what taking an offer does runs on the responder's client (its
 * card, which the card fuzz posts), and its module loads the sheets, which need Foundry's classes.
 */
export function registerApRequests(): void {
  registerCardKind(AP_ATTACK_KIND);
  registerOffers();
  registerSealing();
  registerCardDeletion();
  registerCardRequests();
  registerKeptRequests();
  registerInitiativeRequest();
  registerMovementRules({ before: beforeMove, after: afterMove });
  ActionPointsCombat.standUp = standUp;
}

/**
 * Lets every detached GM task run out (the movement watch judges a move in a promise it does not
 * return): the stand-ins resolve at once, so two turns of the event loop are enough.
 */
export async function flush(): Promise<void> {
  for (let n = 0; n < 3; n++) await new Promise((resolve) => setImmediate(resolve));
}

export interface MoveOptions {
  /** Who moves it (the server's stamp): its owner or a GM (the server refuses anyone else). */
  readonly user: { readonly id: string; readonly isGM: boolean };
  /** The moving client runs Fray's check first (a tampered one does not). */
  readonly honest: boolean;
  /** How many of the active GM's clients hear of it (two tabs of one GM: 2). */
  readonly tabs: 1 | 2;
}

/**
 * A drag of `who`'s token through `path` (spaces `[column, row]`, the destination last) as
 * Foundry v13 makes it (client/documents/token.mjs `move`): the moving client's `preMoveToken`
 * hook, which may cancel it; the server's update; then `moveToken` on each GM client, with the
 * movement's id, its origin and destination and the waypoints it passed (the destination last),
 * and the user who made it.
 * @returns whether the move was made (not cancelled by the moving client's check)
 */
export async function dragToken(
  w: ApWorld, who: Who, path: readonly (readonly [number, number])[], options: MoveOptions,
): Promise<boolean> {
  const token = w.tokens[who];
  const grid = w.scene.grid;
  // Whole pixels, as a token's place is (common/documents/token.mjs).
  const place = ([x, y]: readonly [number, number]) => {
    const at = grid.getTopLeftPoint({ i: y, j: x });
    return { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 };
  };
  const waypoints = path.map(place);
  const destination = waypoints.at(-1);
  if (!destination || token.deleted) return false;
  const movement = {
    id: newId("move"), origin: { x: token.x, y: token.y, width: 1, height: 1 }, destination,
    passed: { waypoints }, method: "dragging",
  };
  const user = g.game.users.get(options.user.id);
  if (options.honest) {
    const gm = g.game.user;
    g.game.user = user;
    try {
      if (fireHook("preMoveToken", token, movement, {}).includes(false)) return false;
    } finally {
      g.game.user = gm;
    }
  }
  w.world.touch(token);
  Object.assign(token, { x: destination.x, y: destination.y });
  for (let tab = 0; tab < options.tabs; tab++) fireHook("moveToken", token, movement, {}, user);
  await flush();
  return true;
}

/** Where the tracker stood: its round, turn and the combatant acting. */
export interface TrackerAt {
  readonly round: number;
  readonly turn: number | null;
  readonly id: string | null;
}

export const trackerAt = (w: ApWorld): TrackerAt =>
  ({ round: w.combat.round, turn: w.combat.turn, id: w.combat.combatant?.id ?? null });

/**
 * The turn and round events Foundry runs on the active GM once the tracker moved from `from`
 * (client/documents/combat.mjs `#triggerTurnEvents`): moving forward, each turn passed ends and
 * the next starts (those jumped over marked skipped), with a round's end and the next one's start
 * between; a reorder that leaves another combatant at the same turn ends the one and starts the
 * other; moving back runs nothing. The Combat's own handlers (its turn ledger, its economy) judge
 * them.
 */
export async function turnEvents(w: ApWorld, from: TrackerAt): Promise<void> {
  const combat = w.combat;
  if (combat.deleted) return;
  const to = trackerAt(w);
  const turns = combat.turns;
  const context = (round: number, turn: number | null, skipped: boolean) => ({ round, turn, skipped });
  const forward = to.round > from.round || (to.round === from.round && (from.turn ?? -1) < (to.turn ?? -1));
  if (!forward) {
    if (to.round !== from.round || to.turn !== from.turn || to.id === from.id) return;
    const was = from.id ? combat.combatants.get(from.id) : null;
    if (was) await combat._onEndTurn(was, context(to.round, to.turn, false));
    if (combat.combatant) await combat._onStartTurn(combat.combatant, context(to.round, to.turn, false));
    return;
  }
  let prior = { c: from.id ? combat.combatants.get(from.id) ?? null : null, round: from.round, turn: from.turn, skipped: false };
  let [round, turn] = [from.round, from.turn ?? -1];
  while (round < to.round || turn < (to.turn ?? 0)) {
    turn += 1;
    if (turn >= turns.length) [round, turn] = [round + 1, 0];
    const next = { c: turns[turn] ?? null, round, turn, skipped: round !== to.round || turn !== to.turn };
    if (prior.c) await combat._onEndTurn(prior.c, context(prior.round, prior.turn, prior.skipped));
    if (prior.round !== next.round) {
      await combat._onEndRound(context(prior.round, null, prior.round !== from.round));
      await combat._onStartRound(context(next.round, null, next.round !== to.round));
    }
    if (next.c) await combat._onStartTurn(next.c, context(next.round, next.turn, next.skipped));
    prior = next;
  }
}

/** The tracker's Next Turn (the next round after the last turn), with its events. */
export async function nextTurn(w: ApWorld): Promise<void> {
  const from = trackerAt(w);
  const last = w.combat.turns.length - 1;
  if ((w.combat.turn ?? -1) >= last) Object.assign(w.combat, { round: w.combat.round + 1, turn: 0 });
  else w.combat.turn = (w.combat.turn ?? -1) + 1;
  await turnEvents(w, from);
}
