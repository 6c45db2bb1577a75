import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, loadFoundry } from "./harness";
import { GRID_TYPES, sceneGrid } from "../support/foundry-documents";

/**
 * The unit tier's stand-in scene grids (`test/support/foundry-documents.ts` `sceneGrid`, what the
 * action-points request fuzz plays on) against Foundry v13's own grid classes, imported from
 * FOUNDRY_V13: a space's centre and top-left corner (common/grid/square.mjs, hexagonal.mjs
 * `getCenterPoint`, `getTopLeftPoint`), and the space a 1×1 token standing at a top-left corner
 * is in (common/documents/token.mjs `_positionToGridOffset`, called on a plain object standing
 * for a token on a scene with that grid). Nothing of Foundry's is copied.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("the stand-in scene grids against Foundry v13's", () => {
  let f: any;
  beforeAll(async () => {
    f = await loadFoundry();
  });

  it("share Foundry's GRID_TYPES numbers", () => {
    expect(GRID_TYPES).toEqual({ ...f.CONST.GRID_TYPES });
  });

  it("place spaces and read tokens' spaces as Foundry's square and four hex layouts do", () => {
    const layouts = [
      [GRID_TYPES.SQUARE, new f.grid.SquareGrid({ size: 100, distance: 5 })],
      ...[GRID_TYPES.HEXODDR, GRID_TYPES.HEXEVENR, GRID_TYPES.HEXODDQ, GRID_TYPES.HEXEVENQ].map((type) => [
        type, new f.grid.HexagonalGrid({
          size: 100, distance: 5, columns: type >= GRID_TYPES.HEXODDQ,
          even: type === GRID_TYPES.HEXEVENR || type === GRID_TYPES.HEXEVENQ,
        }),
      ]),
    ] as const;
    const proto = f.documents.BaseToken.prototype;
    for (const [type, theirs] of layouts) {
      const ours = sceneGrid(100, type);
      expect([ours.type, ours.sizeX.toFixed(6), ours.sizeY.toFixed(6)])
        .toEqual([theirs.type, theirs.sizeX.toFixed(6), theirs.sizeY.toFixed(6)]);
      for (let i = -3; i <= 6; i++) {
        for (let j = -3; j <= 6; j++) {
          const c = ours.getCenterPoint({ i, j });
          const t = ours.getTopLeftPoint({ i, j });
          const [fc, ft] = [theirs.getCenterPoint({ i, j }), theirs.getTopLeftPoint({ i, j })];
          expect([c.x, c.y, t.x, t.y].map((v) => v.toFixed(6))).toEqual([fc.x, fc.y, ft.x, ft.y].map((v: number) => v.toFixed(6)));
          // A 1×1 token of Foundry's default shape (RECTANGLE_1) standing at that top-left corner.
          const token = { parent: { grid: theirs }, x: t.x, y: t.y, elevation: 0, width: 1, height: 1, shape: 4 };
          const { i: fi, j: fj } = proto._positionToGridOffset.call(token, {});
          expect(ours.offsetOf(t)).toEqual({ i: fi, j: fj });
          expect({ i: fi, j: fj }).toEqual({ i, j });
          // Its place in whole pixels (the token's integer fields) is still that space.
          const whole = { x: Math.round(t.x), y: Math.round(t.y) };
          const theirsWhole = proto._positionToGridOffset.call({ ...token, ...whole }, {});
          expect(ours.offsetOf(whole)).toEqual({ i: theirsWhole.i, j: theirsWhole.j });
        }
      }
    }
  });
});
