import { placementOf, tokenPlace } from "./positions";
import { HEX_SHAPES } from "../../engine/space/hex-shapes";
import { freeCellBeside, gridlessBeside } from "../../engine/space/free-spot";

/**
 * Where a new token of `proto`'s size and shape stands beside `token` on its scene (pixels): the
 * first free space adjacent to it, inside the scene (`engine/space/free-spot.ts`); on a gridless
 * scene one grid size to its right. Null when every space beside it is taken. Cells and pixels as
 * the scene's own grid reads them (client/documents/scene.mjs `grid`: `getOffset`,
 * `getTopLeftPoint`; `dimensions` for the scene's rectangle).
 */
export function spotBeside(
  scene: Scene.Implementation, token: TokenDocument.Implementation,
  proto: {
    readonly width?: number | null; readonly height?: number | null; readonly shape?: number;
  },
): { x: number; y: number } | null {
  const placement = placementOf(scene);
  const grid = scene.grid;
  const from = placement?.footprint(tokenPlace(token));
  if (!placement || !from) {
    return gridlessBeside({ x: token.x, y: token.y, width: token.width ?? 1 }, grid.size);
  }
  const taken = scene.tokens.contents.flatMap((tk) =>
    (tk === token ? [] : [placement.footprint(tokenPlace(tk))!]));
  const hex = placement.grid.kind === "hex" ? { shape: HEX_SHAPES[proto.shape ?? 4] } : {};
  const d = scene.dimensions;
  const low = grid.getOffset({ x: d.sceneX, y: d.sceneY });
  const high = grid.getOffset({ x: d.sceneX + d.sceneWidth - 1, y: d.sceneY + d.sceneHeight - 1 });
  const cell = freeCellBeside(placement.grid, from, taken, {
    width: proto.width ?? 1, height: proto.height ?? 1, ...hex,
  }, { iMin: low.i, iMax: high.i, jMin: low.j, jMax: high.j });
  return cell ? grid.getTopLeftPoint(cell) : null;
}
