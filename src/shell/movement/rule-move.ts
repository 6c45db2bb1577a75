import type { Cell } from "../../engine/space/cell";
import type { Recorder } from "../cards/recorder";
import { FORCED_MOVE } from "./watch";

/** A scene's grid as v13 gives it: a cell's centre in pixels (common/grid/base.mjs). */
interface PixelGrid {
  getCenterPoint(coords: { i: number; j: number }): { x: number; y: number };
}

/**
 * GM: moves a token as a rule moves it (a push, a swap), by the offset between two cells of its
 * scene's grid (their centres: common/grid/base.mjs `getCenterPoint`), so a token of any size
 * keeps its anchor; through v13's movement API (client/documents/token.mjs `move`) with
 * `FORCED_MOVE`, so the movement watch judges nothing; watched by `recorder` first, so a seal
 * that fails afterwards or an undo puts it back (as a rule's move too).
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
  const place = { x: (token.x ?? 0) + b.x - a.x, y: (token.y ?? 0) + b.y - a.y };
  const moving = token as unknown as { move(w: object, o: object): Promise<boolean> };
  await moving.move(place, { method: "api", [FORCED_MOVE]: true });
  return true;
}

/**
 * GM: puts a token back where a move it refuses started (a player's move sent past its client's
 * check), as a rule's move the watch does not judge (client/documents/token.mjs `move`).
 */
export async function moveBack(
  token: TokenDocument.Implementation, origin: { readonly x?: number; readonly y?: number },
): Promise<void> {
  const moving = token as unknown as { move(w: object, o: object): Promise<boolean> };
  await moving.move({ x: origin.x, y: origin.y }, { method: "api", [FORCED_MOVE]: true });
}
