import type { Cell } from "../../engine/space/cell";
import type { Recorder } from "../cards/recorder";
import { FORCED_MOVE, type Place } from "./watch";

/** A scene's grid as v13 gives it: a cell's centre in pixels (common/grid/base.mjs). */
interface PixelGrid {
  getCenterPoint(coords: { i: number; j: number }): { x: number; y: number };
}

/**
 * Moves a token to a place in pixels (its top-left corner) as a rule moves it (a carried or
 * thrown foe, a push, a swap, a player's refused move put back): through v13's movement API
 * (client/documents/token.mjs `move`, an update whose options the server hands back to every
 * client's `moveToken` hook, dist/database/backend/server-backend.mjs `_updateDocuments`), with
 * `FORCED_MOVE`, so the movement watch judges nothing. A player may move only a token whose actor
 * it owns (common/documents/token.mjs `#canUpdate`); the rules' moves are the GM's. A coordinate
 * the place lacks stays where the token is.
 * @returns whether Foundry moved it (client/documents/token.mjs `move`).
 */
export async function moveTokenAsRule(
  token: TokenDocument.Implementation, place: Place,
): Promise<boolean> {
  const moving = token as unknown as { move(w: object, o: object): Promise<boolean> };
  const to = { x: place.x ?? token.x, y: place.y ?? token.y };
  return moving.move(to, { method: "api", [FORCED_MOVE]: true });
}

/**
 * GM: moves a token as a rule moves it (a push, a swap), by the offset between two cells of its
 * scene's grid (their centres: common/grid/base.mjs `getCenterPoint`), so a token of any size
 * keeps its anchor; with `moveTokenAsRule`, watched by `recorder` first, so a seal that fails
 * afterwards or an undo puts it back (as a rule's move too).
 * @returns false when the token has no scene with a grid (nothing moves)
 */
export async function shiftToken(
  token: TokenDocument.Implementation, from: Cell, to: Cell, recorder: Recorder,
): Promise<boolean> {
  const grid = token.parent?.grid as PixelGrid | undefined;
  if (!grid) return false;
  const a = grid.getCenterPoint(from);
  const b = grid.getCenterPoint(to);
  recorder.watch(token, ["x", "y"], { update: { [FORCED_MOVE]: true } });
  await moveTokenAsRule(token, { x: (token.x ?? 0) + b.x - a.x, y: (token.y ?? 0) + b.y - a.y });
  return true;
}
