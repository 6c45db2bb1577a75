import { afterEach, describe, expect, it, vi } from "vitest";
import { moveTokenAsRule, shiftToken } from "../../src/shell/movement/rule-move";
import { FORCED_MOVE } from "../../src/shell/movement/watch";
import type { Recorder } from "../../src/shell/cards/recorder";

/**
 * A rule's move of a token (shell/movement/rule-move.ts): by the offset between two cells'
 * centres on its scene's grid, through the movement API as a rule's move the watch does not
 * judge, watched by the recorder first (so a failed seal or an undo puts it back).
 */
describe("a token moved by a rule", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("moves by the cells' offset, as a rule's move, watched first", async () => {
    const calls: string[] = [];
    // A hex grid's centres: a row of hexes 100 px apart, odd rows pushed half a hex.
    const grid = {
      getCenterPoint: ({ i, j }: { i: number; j: number }) => ({ x: j * 100 + (i & 1) * 50, y: i * 87 }),
    };
    const token = {
      x: 1000, y: 500, parent: { grid },
      move: vi.fn(async () => { calls.push("move"); return true; }),
    };
    const recorder = { watch: vi.fn(() => { calls.push("watch"); }) } as unknown as Recorder;
    const moved = await shiftToken(token as never, { i: 2, j: 3 }, { i: 3, j: 3 }, recorder);
    expect(moved).toBe(true);
    expect(calls).toEqual(["watch", "move"]);
    expect(token.move).toHaveBeenCalledWith({ x: 1050, y: 587 }, { method: "api", [FORCED_MOVE]: true });
    expect(recorder.watch).toHaveBeenCalledWith(token, ["x", "y"], { update: { [FORCED_MOVE]: true } });
  });

  it("moves nothing without a scene grid", async () => {
    const token = { x: 0, y: 0, parent: null, move: vi.fn() };
    const recorder = { watch: vi.fn() } as unknown as Recorder;
    expect(await shiftToken(token as never, { i: 0, j: 0 }, { i: 0, j: 1 }, recorder)).toBe(false);
    expect(token.move).not.toHaveBeenCalled();
  });

  it("puts a refused move's token back where it started, as a rule's move", async () => {
    const token = { x: 700, y: 300, move: vi.fn(async () => true) };
    await moveTokenAsRule(token as never, { x: 200, y: 100 });
    expect(token.move).toHaveBeenCalledWith({ x: 200, y: 100 }, { method: "api", [FORCED_MOVE]: true });
  });

  it("keeps a coordinate the place lacks where the token is", async () => {
    const token = { x: 700, y: 300, move: vi.fn(async () => true) };
    await moveTokenAsRule(token as never, { x: 200 });
    expect(token.move).toHaveBeenCalledWith({ x: 200, y: 300 }, { method: "api", [FORCED_MOVE]: true });
  });
});
