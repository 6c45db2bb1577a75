import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { Lineups, type Lineup as EngineLineup } from "../../../engine/runner/lineup";
import { createLog } from "../../../engine/runner/log";
import type { Statblock } from "../rules/statblock";
import { createContext } from "./context";
import type { PhasesEncounterResult, PhasesEvent, Side } from "./events";
import { createFighter, resetFighter, type Fighter } from "./fighter";
import { PhasesRounds } from "./rounds";

/**
 * Plays one `phases` fight without Foundry on a square grid: four phases a round (initiative
 * rolled anew, seizing, movement powers in the Movement order with opportunity attacks, Battle
 * actions in the Battle order, End-phase saves), edge by named sources on the stepped die, and
 * 0 HP out of the fight (a PC down). The party against the foes.
 * Source: `003_d18720f6cd315cc2.txt`; RULINGS.md §phases.
 */
export interface PhasesEncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Rounds before the fight is a draw (default 30). */
  readonly maxRounds?: number;
  /** Rows between the two lines at the start (default 6). */
  readonly gap?: number;
  /** Build and keep the events (default on; off for trials and the bench, which play the same). */
  readonly record?: boolean;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: PhasesEvent, fighters: readonly Fighter[]) => void;
}

/** The default rows between the lines: a Charge or a Walk brings a melee fighter in. */
export const DEFAULT_GAP = 6;

/**
 * Plays the fight to its end (or `maxRounds`, a draw) on the engine's fight loop with phases'
 * rounds (`rounds.ts`).
 * @returns the winner (`party`, `foes` or `draw`), the round it ended in, every event (none when
 *   not recording) and the fighters.
 */
export function runPhasesEncounter(
  options: PhasesEncounterOptions,
): PhasesEncounterResult & { fighters: readonly Fighter[] } {
  const lineup = lineups.of(options.party, options.foes);
  const record = options.record ?? true;
  const fighters = record ? freshFighters(lineup) : pooledFighters(lineup);
  const { observe } = options;
  const log = createLog<PhasesEvent>(record, observe && ((e) => observe(e, fighters)));
  const ctx = createContext({ record, roller: options.roller, emit: log.emit, fighters });
  const rounds = new PhasesRounds(ctx, log, options.maxRounds ?? 30, options.gap ?? DEFAULT_GAP);
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}

/** A line-up, its unrecorded fights' fighters kept in its pool. */
type Lineup = EngineLineup<Statblock, readonly Fighter[]>;

const freshFighters = (lineup: Lineup): Fighter[] =>
  lineup.all.map((b, i) =>
    createFighter(b, lineup.keys[i] as string, lineup.sides[i] as Side, i));

/**
 * The fighters of an unrecorded fight (trials, the bench): those of the line-up's last unrecorded
 * fight, reset, else new ones kept for the next (fighters made anew for each of thousands of
 * fights outlive V8's young generation, as shock's runner found).
 */
function pooledFighters(lineup: Lineup): readonly Fighter[] {
  const pool = lineup.pool;
  if (!pool) return (lineup.pool = freshFighters(lineup));
  for (const f of pool) resetFighter(f);
  return pool;
}

const lineups = new Lineups<Statblock, readonly Fighter[]>();
