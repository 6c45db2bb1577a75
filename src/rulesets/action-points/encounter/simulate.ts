import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { Lineups, type Lineup as EngineLineup } from "../../../engine/runner/lineup";
import { createLog } from "../../../engine/runner/log";
import type { Statblock } from "../rules/statblock";
import { Board } from "./board";
import { createContext } from "./context";
import type { ApEncounterResult, ApEvent, Side } from "./events";
import { createFighter, resetFighter, type Fighter } from "./fighter";
import { ApRounds } from "./rounds";

/**
 * Plays one `action-points` fight without Foundry on a hex grid: initiative, an optional surprise
 * round, turns spent in AP (attacks and spells, moves of at most 2 AP, Take a Step, Total Defense,
 * Flow State, Shove, Grapple), every attack's reactions through the window (Dodge, Parry, Block,
 * Riposte, Intercept), reaction attacks on leaving a threatened hex, casting or standing up, RP and
 * FP as the text gives them, and 0 HP out of the fight (a PC down). The party against the foes.
 * Source: `004_2cc57162401858c9.txt`; RULINGS.md §action-points.
 */
export interface ApEncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Rounds before the fight is a draw (default 30; the surprise round not counted). */
  readonly maxRounds?: number;
  /** Hexes between the two lines at the start (default 8). */
  readonly gap?: number;
  /** The side caught unawares: the other gets a surprise round first (§Surprise Attacks). */
  readonly surprised?: Side;
  /** Build and keep the events (default on; off for trials and the bench, which play the same). */
  readonly record?: boolean;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: ApEvent, fighters: readonly Fighter[]) => void;
}

/** The default hexes between the lines: a melee fighter closes in a turn (2 AP of movement). */
export const DEFAULT_GAP = 8;

/**
 * Plays the fight to its end (or `maxRounds`, a draw) on the engine's fight loop with
 * action-points' rounds (`rounds.ts`).
 * @returns the winner (`party`, `foes` or `draw`), the round it ended in, every event (none when
 *   not recording) and the fighters.
 */
export function runApEncounter(
  options: ApEncounterOptions,
): ApEncounterResult & { fighters: readonly Fighter[] } {
  const lineup = lineups.of(options.party, options.foes);
  const record = options.record ?? true;
  const surprised = options.surprised;
  // An unrecorded fight lays its field on its line-up's board, emptied (`pooled`).
  const { fighters, board } = record
    ? { fighters: freshFighters(lineup, surprised), board: new Board() }
    : pooled(lineup, surprised);
  const { observe } = options;
  const log = createLog<ApEvent>(record, observe && ((e) => observe(e, fighters)));
  const ctx = createContext({ record, roller: options.roller, emit: log.emit, fighters, board });
  const rounds = new ApRounds(ctx, log, options.maxRounds ?? 30, options.gap ?? DEFAULT_GAP);
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}

/** What an unrecorded fight of a line-up leaves the next: its fighters and its board. */
interface Pool {
  readonly fighters: readonly Fighter[];
  readonly board: Board;
}
type Lineup = EngineLineup<Statblock, Pool>;

function freshFighters(lineup: Lineup, surprised: Side | undefined): Fighter[] {
  return lineup.all.map((b, i) => {
    const side = lineup.sides[i] as Side;
    return createFighter(b, lineup.keys[i] as string, side, { q: 0, r: 0 }, surprised === side);
  });
}

/**
 * The fighters and board of an unrecorded fight (trials, the bench): those of the line-up's last
 * unrecorded fight, reset, else new ones kept for the next (as shock's runner does: fighters made
 * anew for each of thousands of fights outlive V8's young generation). An unrecorded fight's
 * fighters are its own only until the next unrecorded fight of the same line-up; a recorded fight
 * gets new ones.
 */
function pooled(lineup: Lineup, surprised: Side | undefined): Pool {
  const pool = lineup.pool;
  if (!pool) {
    return (lineup.pool = { fighters: freshFighters(lineup, surprised), board: new Board() });
  }
  for (const f of pool.fighters) {
    // Off the board where the last fight left it (every token covers its own hexes only).
    for (const c of f.cells) pool.board.set(c.q, c.r, undefined);
    resetFighter(f, surprised === f.side);
  }
  return pool;
}

const lineups = new Lineups<Statblock, Pool>();
