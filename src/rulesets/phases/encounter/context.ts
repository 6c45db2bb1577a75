import type { UpLists } from "../../../engine/runner/up-lists";
import type { DiceRoller } from "../../../engine/dice/roller";
import type { Phase, PhasesEvent, Side } from "./events";
import type { Fighter } from "./fighter";

/**
 * What every step of a headless `phases` fight shares: dice, the log, the fighters, the round
 * and its phase.
 */
export interface Context {
  /**
   * Whether events are built (off for trials and the bench: every emit site asks first, and the
   * fight plays the same either way).
   */
  readonly record: boolean;
  round: number;
  phase: Phase;
  readonly roller: DiceRoller;
  readonly emit: (e: PhasesEvent) => void;
  /** Party first, then foes, in the order listed. */
  readonly fighters: readonly Fighter[];
  /** The row of difficult terrain (`field.ts`): its squares with j ≡ 2 mod 3. */
  difficultRow: number;
  /**
   * Who stands on each square of the board's window (`field.ts`): its index in `fighters` + 1,
   * 0 for nobody; only fighters still in the fight.
   */
  readonly board: Uint8Array;
  /** Whether a side has a fighter with a power that makes its target Exposed (`tactics.ts`). */
  readonly exposers: Readonly<Record<Side, boolean>>;
  /** Attacks so far (their ids), effects applied so far (their keys), moves so far. */
  seq: number;
  effectSeq: number;
  moveSeq: number;
  /** Fighters out of the fight so far, and each side's fighters still in when last listed. */
  fallen: number;
  up: UpLists<Fighter> | null;
}

/** The board's window: squares with row and column in −64..63. */
export const BOARD_HALF = 64;
export const BOARD_SIDE = 2 * BOARD_HALF;

/**
 * The board of a list of fighters, made once per list: an unrecorded fight plays on its line-up's
 * fighters again (`simulate.ts`), and lays its field on the board anew (`field.ts` `layField`).
 */
const boards = new WeakMap<readonly Fighter[], Uint8Array>();

function boardOf(fighters: readonly Fighter[]): Uint8Array {
  let board = boards.get(fighters);
  if (!board) boards.set(fighters, (board = new Uint8Array(BOARD_SIDE * BOARD_SIDE)));
  return board;
}

const exposerSides = new WeakMap<readonly Fighter[], Record<Side, boolean>>();

function exposersOf(fighters: readonly Fighter[]): Record<Side, boolean> {
  let sides = exposerSides.get(fighters);
  if (!sides) {
    const has = (side: Side) => fighters.some((f) => f.side === side && f.arms.exposing.length > 0);
    exposerSides.set(fighters, (sides = { party: has("party"), foes: has("foes") }));
  }
  return sides;
}

/** A context for one fight. */
export function createContext(init: {
  readonly record: boolean;
  readonly roller: DiceRoller;
  readonly emit: (e: PhasesEvent) => void;
  readonly fighters: readonly Fighter[];
}): Context {
  return {
    record: init.record, round: 0, phase: "initiative", roller: init.roller, emit: init.emit,
    fighters: init.fighters, board: boardOf(init.fighters), exposers: exposersOf(init.fighters),
    difficultRow: 0, seq: 0, effectSeq: 0, moveSeq: 0, fallen: 0,
    up: null,
  };
}

export { foesUp, nextId, upOf } from "../../../engine/runner/up-lists";
