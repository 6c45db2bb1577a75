import type { Cell } from "../../engine/space/cell";
import type { Footprint } from "../../engine/space/footprint";
import { gridFromFoundry, type Grid } from "../../engine/space/grid";
import { HEX_SHAPES } from "../../engine/space/hex-shapes";

/**
 * Tokens on the engine's grid (`engine/space/`), as Foundry v13 places them: a scene's grid from
 * its `grid.type` and `grid.diagonals` (common/constants.mjs GRID_TYPES, GRID_DIAGONALS; the
 * client's scene grid is a BaseGrid, client/documents/scene.mjs), a token's top-left space as
 * the token itself computes it (common/documents/token.mjs `_positionToGridOffset`: its position
 * plus the anchor of its size and shape, then the grid's `getOffset`, `{i, j}`), its size in
 * spaces from its `width` and `height`, and on a hex grid its shape from `shape`
 * (common/constants.mjs TOKEN_SHAPES, in the order of the engine's `HEX_SHAPES`). On a gridless scene nothing has a footprint: position rules are then the GM's
 * call (the tracker says so, `applications/tracker/position-note.ts`).
 */
export interface TokenPlace {
  // fvtt-types reads a field with an initial value as possibly undefined; Foundry fills it (1).
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly shape?: number;
  /**
   * Its top-left grid space (`TokenDocument#_positionToGridOffset`), or where it would be at
   * another position (`data`: a waypoint of a move, in pixels).
   */
  _positionToGridOffset(data?: { x?: number; y?: number }): { i: number; j: number };
}

/**
 * A token document as a `TokenPlace`: fvtt-types declares `_positionToGridOffset` protected;
 * v13 defines it on every token document (common/documents/token.mjs) and its client measures
 * moves with it (client/documents/token.mjs). An internal method: if a later Foundry renames
 * it, this and `placementOf` are the one place to change.
 */
export const tokenPlace = (token: TokenDocument.Implementation): TokenPlace =>
  token as unknown as TokenPlace;

interface SceneGrid {
  readonly type: number;
  readonly diagonals?: number;
}

export interface Placement {
  readonly grid: Grid;
  /** A token's footprint on this scene's grid; null on a gridless scene. */
  footprint(token: TokenPlace): Footprint | null;
  /** The top-left space the token would cover at `at` (a move's waypoint); null gridless. */
  cellAt(token: TokenPlace, at: { readonly x?: number; readonly y?: number }): Cell | null;
}

/** The placement of a scene's tokens (null without a scene or grid). */
export function placementOf(scene: { readonly grid?: unknown } | null | undefined): Placement | null {
  const grid = scene?.grid as SceneGrid | undefined;
  if (!grid || typeof grid.type !== "number") return null;
  const engineGrid = gridFromFoundry(grid.type, grid.diagonals ?? 0);
  return {
    grid: engineGrid,
    footprint(token) {
      if (engineGrid.kind === "gridless") return null;
      const at = token._positionToGridOffset();
      const origin: Cell = { i: at.i, j: at.j };
      const shape = engineGrid.kind === "hex" ? HEX_SHAPES[token.shape ?? 4] : undefined;
      const spaces = { width: token.width ?? 1, height: token.height ?? 1 };
      const size = shape ? { ...spaces, shape } : spaces;
      return { origin, size };
    },
    cellAt(token, at) {
      if (engineGrid.kind === "gridless") return null;
      const cell = token._positionToGridOffset({ x: at.x, y: at.y });
      return { i: cell.i, j: cell.j };
    },
  };
}
