import type { DiceRoller } from "../../../engine/dice/roller";
import type { RankedEntry } from "../../../engine/initiative/ranked";
import { Board } from "./board";
import type { Side, WoundsEvent } from "./events";
import type { Fighter } from "./fighter";
import type { Roster } from "./roster";
import { StrikeRoll } from "./strike-roll";
import type { ZoneWatch } from "./zone-watch";

/**
 * What every step of a headless `wounds` fight shares: dice, the log, the units (summons join
 * the list) and each side's still up, who stands where, the round, the initiative order, the
 * units that can be summoned, and the objects every strike and move rewrites rather than makes
 * (each says why that is safe).
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
   * Each side's units still in the fight, in listed order: the tactics and the field read them at
   * every step, so they are kept in place (a fall takes its unit out, `leaveFight`; a summon
   * joins, `joinFight`) rather than found among every unit of the fight, fallen ones included.
   */
  readonly partyUp: Fighter[];
  readonly foesUp: Fighter[];
  /** How many of them stand on each square (`board.ts`), kept with their squares. */
  readonly board: Board;
  /** The battle's order, set once; summons join it (`rules/initiative.ts` `joinPlan`). */
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

/**
 * A fight's context as it begins: round 0, no order yet, nothing counted, the units where they
 * stand. @param board a board to use again (an unrecorded fight's line-up keeps one); its
 *   counts are cleared.
 */
export function createContext(
  record: boolean, roller: DiceRoller, emit: (e: WoundsEvent) => void, fighters: Fighter[],
  roster: Roster, board = new Board(),
): Context {
  const ctx: Context = {
    record, round: 0, roller, emit, fighters,
    partyUp: fighters.filter((f) => !f.out && f.side === "party"),
    foesUp: fighters.filter((f) => !f.out && f.side === "foes"),
    board, order: [], units: [], roster, seq: 0, woundSeq: 0, summonSeq: 0,
    roll: new StrikeRoll(), watches: [],
  };
  board.clear();
  for (const f of fighters) if (!f.out) board.add(f.at.i, f.at.j);
  return ctx;
}

/** A unit still in the fight steps or is put on (i, j). */
export function placeUnit(ctx: Context, f: Fighter, i: number, j: number): void {
  ctx.board.remove(f.at.i, f.at.j);
  f.at.i = i;
  f.at.j = j;
  ctx.board.add(i, j);
}

/** A unit joins the fight where it stands (a summon): listed last, last of its side's up. */
export function joinFight(ctx: Context, f: Fighter): void {
  ctx.fighters.push(f);
  if (f.out) return;
  (f.side === "party" ? ctx.partyUp : ctx.foesUp).push(f);
  ctx.board.add(f.at.i, f.at.j);
}

/**
 * A unit back in the fight (a down PC healed): among its side's units up again at its place in
 * the listed order, and on the board.
 */
export function rejoinFight(ctx: Context, f: Fighter): void {
  const up = f.side === "party" ? ctx.partyUp : ctx.foesUp;
  if (up.includes(f)) return;
  const rank = ctx.fighters.indexOf(f);
  const at = up.findIndex((g) => ctx.fighters.indexOf(g) > rank);
  up.splice(at < 0 ? up.length : at, 0, f);
  ctx.board.add(f.at.i, f.at.j);
}

/** A unit leaves the fight (it fell): no longer among its side's units up, nor on the board. */
export function leaveFight(ctx: Context, f: Fighter): void {
  const up = f.side === "party" ? ctx.partyUp : ctx.foesUp;
  const at = up.indexOf(f);
  if (at < 0) return;
  up.splice(at, 1);
  ctx.board.remove(f.at.i, f.at.j);
}

/**
 * A side's units still in the fight, in listed order: the context's own list, to read and never
 * change or keep (a fall or a summon changes it).
 */
export const upOf = (ctx: Context, side: Side): readonly Fighter[] =>
  (side === "party" ? ctx.partyUp : ctx.foesUp);

/** The other side's units still in the fight, in listed order (see {@link upOf}). */
export const enemiesOf = (ctx: Context, f: Fighter): readonly Fighter[] =>
  (f.side === "party" ? ctx.foesUp : ctx.partyUp);

/** A new attack id ("" when not recording: ids only name attacks in the log). */
export function nextAttackId(ctx: Context): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
