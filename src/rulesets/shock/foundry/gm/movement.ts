import { FORCED_MOVE } from "../chat/grapple";
import {
  foesLeftBehind,
  offerOf,
  offeredThisTurn,
  type OpportunityOffer,
} from "../chat/opportunity";
import type { Footprint } from "../chat/screen";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import { candidateOf, candidatesOf, offerOpportunity } from "./opportunity";
import { squareGrid } from "./placement";

/**
 * Leaving a foe's reach provokes (`002_5e27cdf788b28f5f.txt` §Run: "When you leave a melee
 * combatant's range … they get an Attack of Opportunity. To avoid this, you must Disengage
 * first"; RULINGS.md §shock Attacks of Opportunity), whatever moved the token: a drag, the
 * keyboard, a module's API call. v13 calls `moveToken` on every client after a token moved, with
 * the move's origin, the waypoints it passed and the update's options (client/documents/token.mjs
 * `#onUpdateOperationMovement`). On the active GM only, the watch puts the mover back at its
 * origin, finds the adjacent foes that some square of the move no longer touches (armed for melee,
 * able, not grappling, the mover not Disengaged) and posts the same offer a provoking action gets
 * (`gm/opportunity.ts`), leaving out foes already offered an attack on this mover this turn (a Run
 * from the sheet and its drag are one provocation). Not judged: undoing a move and setting a place
 * in the token's configuration (no one moved), and Fray's own rule moves (`frayForced`: a carried
 * or thrown foe did not move of its own accord). The GM applies only this: reach beyond the
 * adjacent squares (big foes, Long weapons) and gridless scenes stay the GM's call.
 */
interface Place {
  readonly x?: number;
  readonly y?: number;
  readonly width?: number;
  readonly height?: number;
}
interface Movement {
  readonly origin: Place;
  readonly destination: Place;
  readonly passed?: { readonly waypoints?: readonly Place[] };
  readonly method?: string;
}
type Hook = (
  doc: TokenDocument.Implementation,
  m: Movement,
  operation?: Record<string, unknown>,
) => unknown;

/** The token's footprint at a place of its move (its size where the place does not say). */
export function footprintAt(place: Place, token: Footprint): Footprint {
  return {
    x: place.x ?? token.x, y: place.y ?? token.y,
    width: place.width ?? token.width, height: place.height ?? token.height,
  };
}

/** Whether the move is one a creature made (not an undo, a configured place or a rule's move). */
export function judgedMove(
  movement: Movement,
  operation: Record<string, unknown> | undefined,
): boolean {
  if (operation?.[FORCED_MOVE] || movement.method === "undo" || movement.method === "config")
    return false;
  return (
    movement.origin.x !== movement.destination.x || movement.origin.y !== movement.destination.y
  );
}

export function registerMoveWatch(): void {
  // fvtt-types' movement hook types differ from what v13 passes (client/documents/_types.mjs).
  const on = Hooks.on.bind(Hooks) as unknown as (name: string, fn: Hook) => number;
  on("moveToken", (doc, movement, operation) => {
    if (!game.user?.isActiveGM || !judgedMove(movement, operation)) return;
    const combat = game.combat as unknown as ShockCombat | null;
    if (!combat?.started || combat.scene?.id !== doc.parent?.id) return;
    const mover = combat.shockCombatants.find((c) => c.tokenId === doc.id);
    const actor = mover?.actor as unknown as ShockActor | null;
    if (!mover?.id || !actor || actor.health !== "up" || mover.isDefeated) return;
    const token = doc as unknown as Footprint;
    const path = (
      movement.passed?.waypoints?.length ? movement.passed.waypoints : [movement.destination]
    ).map((w) => footprintAt(w, token));
    const before = { ...candidateOf(mover), at: footprintAt(movement.origin, token) };
    const foes = foesLeftBehind(
      before,
      path,
      mover.budget,
      candidatesOf(combat),
      squareGrid(combat),
    );
    if (!foes.length) return;
    const offers = (game.messages?.contents ?? []).flatMap((m) => {
      const offer = m.author?.isGM ? offerOf(m.flags) : null;
      return offer && offer.combatId === combat.id ? [offer] : [];
    }) as OpportunityOffer[];
    const now = { round: combat.round, turn: combat.turn ?? 0, targetTokenUuid: doc.uuid };
    const seen = offeredThisTurn(offers, now);
    const fresh = foes.filter((id) => !seen.has(id));
    if (!fresh.length) return;
    offerOpportunity(combat, mover, { foes: fresh }).catch((err: unknown) => {
      console.error("Fray | offering Attacks of Opportunity for a move failed", err);
    });
  });
}
