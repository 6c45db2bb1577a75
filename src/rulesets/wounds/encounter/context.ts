import type { DiceRoller } from "../../../engine/dice/roller";
import type { RankedEntry } from "../../../engine/initiative/ranked";
import { foesUp, type UpLists } from "../../../engine/runner/up-lists";
import type { WoundsEvent } from "./events";
import type { Fighter } from "./fighter";
import type { Roster } from "./roster";
import { StrikeRoll } from "./strike-roll";
import type { ZoneWatch } from "./zone-watch";

/**
 * What every step of a headless `wounds` fight shares: dice, the log, the units (summons join
 * the list), the round, the initiative order and the units that can be summoned.
 */
export interface Context {
  /** Whether events are built (off for trials and the bench; the fight plays the same). */
  readonly record: boolean;
  round: number;
  readonly roller: DiceRoller;
  readonly emit: (e: WoundsEvent) => void;
  /** Party first, then foes, in the order listed, then summons as they come. */
  readonly fighters: Fighter[];
  /**
   * Each side's units still in the fight (`engine/runner/up-lists.ts` `upOf`), listed again after
   * a fall (`fallen` counts them) or a summon's arrival (which sets `up` to null).
   */
  fallen: number;
  up: UpLists<Fighter> | null;
  /** The battle's order, set once (summons join it: `rules/initiative.ts` `joinPlan`). */
  order: RankedEntry[];
  /** The units of `order`, in its order (`order.ts`). */
  readonly units: Fighter[];
  /** Units spells may summon, by actor id or name, and what each statblock fights with. */
  readonly roster: Roster;
  /** Attacks so far (their ids), wounds so far, summons so far. */
  seq: number;
  woundSeq: number;
  summonSeq: number;
  /**
   * The one roll every strike rewrites (`strike-roll.ts`): a strike reads what it needs from it
   * before the free hit it may give strikes in turn, and strikes never overlap otherwise.
   */
  readonly roll: StrikeRoll;
  /** The watches of a move (`movement.ts`), made as first needed and reused by every move. */
  readonly watches: ZoneWatch[];
}

/** A fight's context as it begins: round 0, no order yet, nothing counted. */
export function createContext(
  record: boolean, roller: DiceRoller, emit: (e: WoundsEvent) => void, fighters: Fighter[],
  roster: Roster,
): Context {
  return {
    record, round: 0, roller, emit, fighters, fallen: 0, up: null, order: [], units: [], roster,
    seq: 0, woundSeq: 0, summonSeq: 0, roll: new StrikeRoll(), watches: [],
  };
}

/**
 * The other side's units still in the fight, in listed order: the context's list until the next
 * fall or summon, to read and never change or keep.
 */
export const enemiesOf = (ctx: Context, f: Fighter): readonly Fighter[] => foesUp(ctx, f.side);

/** A new attack id ("" when not recording: ids only name attacks in the log). */
export function nextAttackId(ctx: Context): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
