import type { DiceRoller } from "../../../engine/dice/roller";
import type { RankedEntry } from "../../../engine/initiative/ranked";
import type { Statblock } from "../rules/statblock";
import type { WoundsEvent } from "./events";
import type { Fighter } from "./fighter";
import type { StrikeRoll } from "./strike-roll";
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
  /** The battle's order, set once (summons join it: `rules/initiative.ts` `joinPlan`). */
  order: RankedEntry[];
  /** Units spells may summon, by actor id or name. */
  readonly summonable: ReadonlyMap<string, Statblock>;
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

/** The unit of a key. @throws Error when there is none (a runner bug). */
export function fighterOf(ctx: Context, key: string): Fighter {
  const f = ctx.fighters.find((x) => x.key === key);
  if (!f) throw new Error(`no unit ${key}`);
  return f;
}

/** The other side's units still in the fight, in listed order. */
export const enemiesOf = (ctx: Context, f: Fighter): Fighter[] =>
  ctx.fighters.filter((x) => !x.out && x.side !== f.side);

/** A new attack id ("" when not recording: ids only name attacks in the log). */
export function nextAttackId(ctx: Context): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
