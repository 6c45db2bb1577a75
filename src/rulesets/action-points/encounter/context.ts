import type { UpLists } from "../../../engine/runner/up-lists";
import type { DiceRoller } from "../../../engine/dice/roller";
import type { ApWindowFighter } from "../rules/reaction-window";
import { Board } from "./board";
import type { ApEvent } from "./events";
import type { Fighter } from "./fighter";

/**
 * What every step of a headless `action-points` fight shares: dice, the log, the fighters and the
 * round.
 */
export interface Context {
  /**
   * Whether events are built (off for trials and the bench: every emit site asks first, and the
   * fight plays the same either way).
   */
  readonly record: boolean;
  round: number;
  readonly roller: DiceRoller;
  readonly emit: (e: ApEvent) => void;
  /** Party first, then foes, in the order listed. */
  readonly fighters: readonly Fighter[];
  readonly byKey: ReadonlyMap<string, Fighter>;
  /** Who covers each hex (tokens never share one). */
  readonly board: Board;
  /** Attacks made so far (their ids). */
  seq: number;
  /** Every fighter's reaction-window record by key (`attack-window.ts`), made on first use. */
  windowRecords: Record<string, ApWindowFighter> | null;
  /** Whose turn it is (null between turns). */
  acting: Fighter | null;
  /** Fighters out of the fight so far (`damage.ts` `fall` counts them). */
  fallen: number;
  /** Tokens placed so far (`position.ts` `placeAt` counts them): what was measured still holds. */
  placed: number;
  /** Each side's fighters still in the fight (`upOf`), and `fallen` when they were listed. */
  up: UpLists<Fighter> | null;
}

/**
 * Every fighter of a list by key, made once per list: an unrecorded fight plays on its line-up's
 * fighters again (`simulate.ts`), whose keys never change, and nobody changes the map.
 */
const byKeys = new WeakMap<readonly Fighter[], ReadonlyMap<string, Fighter>>();

function byKeyOf(fighters: readonly Fighter[]): ReadonlyMap<string, Fighter> {
  let byKey = byKeys.get(fighters);
  if (!byKey) {
    const made = new Map<string, Fighter>();
    for (const f of fighters) made.set(f.key, f);
    byKeys.set(fighters, (byKey = made));
  }
  return byKey;
}

/** A context for one fight. */
export function createContext(init: {
  readonly record: boolean;
  /** The board to lay the field on (empty), else a new one. */
  readonly board?: Board;
  readonly roller: DiceRoller;
  readonly emit: (e: ApEvent) => void;
  readonly fighters: readonly Fighter[];
}): Context {
  const byKey = byKeyOf(init.fighters);
  return {
    record: init.record, round: 0, roller: init.roller, emit: init.emit, fighters: init.fighters,
    byKey, board: init.board ?? new Board(), seq: 0, windowRecords: null, acting: null,
    fallen: 0, placed: 0, up: null,
  };
}

export { foesUp, nextId, upOf } from "../../../engine/runner/up-lists";
