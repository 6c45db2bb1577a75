import { FORCED_MOVE } from "../movement/watch";

/**
 * GM: moves a token to a place in pixels (its top-left corner) as a rule moves it (a carried or
 * thrown foe, a grappler the GM moves alone): through v13's movement API (client/documents/
 * token.mjs `move`, an update whose options the server hands back to every client's `moveToken`
 * hook, dist/database/backend/server-backend.mjs `_updateDocuments`), with `FORCED_MOVE`, so the
 * movement watch judges nothing. A player may move only a token whose actor it owns
 * (common/documents/token.mjs `#canUpdate`); the rules' moves are the GM's. A move by cells of
 * the scene's grid is `movement/rule-move.ts`.
 * @returns whether Foundry moved it (client/documents/token.mjs `move`).
 */
export async function moveTokenAsRule(
  token: TokenDocument.Implementation, place: { readonly x: number; readonly y: number },
): Promise<boolean> {
  const moving = token as unknown as { move(w: object, o: object): Promise<boolean> };
  return moving.move({ x: place.x, y: place.y }, { method: "api", [FORCED_MOVE]: true });
}
