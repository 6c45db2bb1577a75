import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRecordedUndo, type RecordedWaypoint } from "../../src/shell/movement/history";

/**
 * A player's undo is believed only when the history bears it out. The honest undo is modelled on
 * v13's `TokenDocument#revertRecordedMovement` (client/documents/token.mjs): cut the history
 * before the movement's first waypoint, stand on the waypoint before it (the first one when the
 * first movement is undone).
 */
const movements = fc.array(
  fc.array(fc.integer({ min: 0, max: 9 }).map((n) => n * 100), { minLength: 1, maxLength: 4 }),
  { minLength: 1, maxLength: 5 },
);

function historyOf(paths: number[][]): RecordedWaypoint[] {
  return paths.flatMap((xs, m) => xs.map((x) => ({ x, y: 0, movementId: `m${m}` })));
}

function revert(history: RecordedWaypoint[], movementId: string) {
  const index = history.findIndex((w) => w.movementId === movementId);
  const at = history[Math.max(index - 1, 0)] as RecordedWaypoint;
  return { after: history.slice(0, index), at: { x: at.x as number, y: at.y as number } };
}

describe("a player's undo, checked against the recorded history", () => {
  it("believes every honest undo of a recorded movement", () => {
    fc.assert(fc.property(movements, fc.nat(), (paths, pick) => {
      const history = historyOf(paths);
      const { after, at } = revert(history, `m${pick % paths.length}`);
      expect(isRecordedUndo(history, after, at)).toBe(true);
    }));
  });

  it("refuses an undo that stands elsewhere, cuts nothing, cuts mid-movement or rewrites the past",
    () => {
      fc.assert(fc.property(movements, fc.nat(), (paths, pick) => {
        const history = historyOf(paths);
        const { after, at } = revert(history, `m${pick % paths.length}`);
        expect(isRecordedUndo(history, after, { x: at.x + 50, y: at.y })).toBe(false);
        expect(isRecordedUndo(history, history, at)).toBe(false);
        expect(isRecordedUndo(null, after, at)).toBe(false);
        const rewritten = after.map((w) => ({ ...w, x: (w.x ?? 0) + 1 }));
        if (after.length) expect(isRecordedUndo(history, rewritten, at)).toBe(false);
        const next = history[after.length + 1];
        if (next?.movementId === history[after.length]?.movementId) {
          const mid = history.slice(0, after.length + 1);
          const stand = history[after.length] as RecordedWaypoint;
          expect(isRecordedUndo(history, mid, { x: stand.x as number, y: 0 })).toBe(false);
        }
      }));
    });
});
