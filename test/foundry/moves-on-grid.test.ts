import { beforeAll, describe, expect, it, vi } from "vitest";
import { HAVE_FOUNDRY, loadFoundry } from "./harness";
import { stepsOf, walkedOf } from "../../src/shell/movement/walked";
import { shiftToken } from "../../src/shell/movement/rule-move";
import { placementOf, tokenPlace } from "../../src/shell/combat/positions";
import { pushAway } from "../../src/engine/space/push";
import type { Move } from "../../src/shell/movement/watch";
import type { Recorder } from "../../src/shell/cards/recorder";

/**
 * Moves read and made on Foundry v13's own grids (common/grid/hexagonal.mjs, square.mjs) and its
 * token's own offset (common/documents/token.mjs `_positionToGridOffset`, called on a plain object
 * standing for a token of that scene): a move's waypoints in pixels walked into the spaces
 * action-points pays AP for (`shell/movement/walked.ts`), and a rule's move of one space
 * (`shell/movement/rule-move.ts`: a Shove's push back) landing the token where Foundry itself
 * places it, on every hex layout. Nothing of Foundry's is copied.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("moves on Foundry v13's grids", () => {
  let f: any;
  beforeAll(async () => {
    f = await loadFoundry();
  });

  /** A token of `grid` at pixel (x, y), as its document computes its offset. */
  const tokenOn = (grid: any, x: number, y: number): any => {
    const proto = f.documents.BaseToken.prototype;
    const token: any = { parent: { grid }, x, y, elevation: 0, width: 1, height: 1, shape: 4 };
    token._positionToGridOffset = (d: object = {}) => proto._positionToGridOffset.call(token, d);
    return token;
  };
  const layouts = () => [false, true].flatMap((columns) => [false, true].map((even) =>
    new f.grid.HexagonalGrid({ size: 100, distance: 5, columns, even })));

  it("a move's waypoints walk the hexes Foundry counts between them", () => {
    for (const grid of layouts()) {
      const start = grid.getTopLeftPoint({ i: 4, j: 4 });
      const token = tokenOn(grid, start.x, start.y);
      // Seven hexes along a row or a column, then two more back across it.
      const far = grid.columns ? { i: 11, j: 4 } : { i: 4, j: 11 };
      const back = grid.columns ? { i: 9, j: 4 } : { i: 4, j: 9 };
      const move = {
        token, origin: { x: start.x, y: start.y },
        path: [grid.getTopLeftPoint(far), grid.getTopLeftPoint(back)], difficult: [],
      } as unknown as Move;
      const walked = walkedOf(move)!;
      expect(walked.cells[0]).toEqual({ i: 4, j: 4 });
      expect(walked.cells.at(-1)).toEqual(back);
      const foundry = grid.measurePath([{ i: 4, j: 4 }, far, back]).spaces;
      expect(stepsOf(walked)).toBe(foundry);
    }
  });

  it("a push moves the token one space straight away, where Foundry then places it", async () => {
    for (const grid of layouts()) {
      const pusherAt = grid.getTopLeftPoint({ i: 5, j: 5 });
      const pusher = tokenOn(grid, pusherAt.x, pusherAt.y);
      for (const next of grid.getAdjacentOffsets({ i: 5, j: 5 })) {
        const here = grid.getTopLeftPoint(next);
        const target = tokenOn(grid, here.x, here.y);
        target.move = vi.fn(async (to: { x: number; y: number }) => Object.assign(target, to));
        const placement = placementOf(target.parent)!;
        const from = placement.footprint(tokenPlace(pusher))!.origin;
        const at = placement.footprint(tokenPlace(target))!.origin;
        const to = pushAway(placement.grid, from, at)!;
        const recorder = { watch: () => undefined } as unknown as Recorder;
        await shiftToken(target, at, to, recorder);
        const now = target._positionToGridOffset();
        expect({ i: now.i, j: now.j }).toEqual({ i: to.i, j: to.j });
        expect(grid.measurePath([{ i: 5, j: 5 }, to]).spaces).toBe(2);
      }
    }
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: moves on its grids", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
