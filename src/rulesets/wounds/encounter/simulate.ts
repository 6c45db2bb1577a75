import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { Lineups, type Lineup as EngineLineup } from "../../../engine/runner/lineup";
import { createLog } from "../../../engine/runner/log";
import type { Statblock } from "../rules/statblock";
import { Board } from "./board";
import { createContext } from "./context";
import type { Side, WoundsEncounterResult, WoundsEvent } from "./events";
import { Delays, type ScriptedDelay } from "./delay";
import { DEFAULT_GAP } from "./field";
import type { ScriptedHeal } from "./healing";
import { createFighter, resetFighter, type Fighter } from "./fighter";
import { layLying, type LyingAtStart } from "./recovery";
import { rosterOf, type Roster } from "./roster";
import { WoundsRounds } from "./rounds";

/**
 * Plays one `wounds` fight without Foundry on a square grid: the party against the foes, an
 * optional starter's opening strike, the order by Agility set once, turns of AA/MA/BA/BA with
 * aims, purchases, moves with free hits, strikes with their chains, wounds, spells (channeled ones
 * too) and summons, until one side is out of the fight; then thralls and the winners' MP. What
 * the tactics never make is scripted here: units lying prone or disarmed, delays, heals.
 * Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds.
 */
export interface WoundsEncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Units spells may summon (matched by actor id or name); default: none. */
  readonly summonable?: readonly Statblock[];
  /** The index (party first, then foes) of the unit that started the fight; default: none. */
  readonly initiator?: number;
  /** Rounds before the fight is a draw (default 30). */
  readonly maxRounds?: number;
  /** Rows between the two lines at the start (default {@link DEFAULT_GAP}). */
  readonly gap?: number;
  /**
   * Units lying prone or disarmed as the fight begins (a scripted set-up: nothing in the text
   * knocks a unit down or disarms it; `recovery.ts`). Default: none.
   */
  readonly lying?: readonly LyingAtStart[];
  /**
   * Turns delayed in the round (a scripted set-up: the tactics never delay; `delay.ts`).
   * Default: none.
   */
  readonly delays?: readonly ScriptedDelay[];
  /**
   * Heals as a round begins (a scripted set-up: no pack unit heals; `healing.ts`). Default: none.
   */
  readonly heals?: readonly ScriptedHeal[];
  /** Build and keep the events (default on; off for trials and the bench, which play the same). */
  readonly record?: boolean;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: WoundsEvent, fighters: readonly Fighter[]) => void;
}

/** What an unrecorded fight of a line-up leaves for the next: its units (for its roster), board. */
interface Pool {
  readonly roster: Roster;
  readonly fighters: readonly Fighter[];
  readonly board: Board;
}
type Lineup = EngineLineup<Statblock, Pool>;

const lineups = new Lineups<Statblock, Pool>();

function freshFighters(lineup: Lineup, roster: Roster): Fighter[] {
  return lineup.all.map((b, k) =>
    createFighter(b, lineup.keys[k] as string, lineup.sides[k] as Side, roster.armsOf(b)));
}

/**
 * The line-up's units and board for an unrecorded fight (trials, the bench): those of its last
 * unrecorded fight with the same roster, the units reset (`resetFighter`); else new ones, kept
 * for the next. Made anew for each of thousands of fights, objects that live as long as a fight
 * are the ones V8 moves into its old generation (shock's runner found every young collection
 * slowed by them). So an unrecorded fight's units are its own only until the next unrecorded
 * fight of that line-up; a recorded fight always gets new ones. Summons are made as they come.
 */
function pooled(lineup: Lineup, roster: Roster): Pool {
  const pool = lineup.pool;
  if (pool && pool.roster === roster) {
    for (const f of pool.fighters) resetFighter(f);
    return pool;
  }
  return (lineup.pool = { roster, fighters: freshFighters(lineup, roster), board: new Board() });
}

/**
 * Plays the fight to its end (or `maxRounds`, a draw).
 * @returns the winner (`party`, `foes` or `draw`), the round it ended in, every event (none when
 *   not recording) and the units (summons included).
 * @throws RangeError when `initiator` is not an index of the line-up.
 */
export function runWoundsEncounter(
  options: WoundsEncounterOptions,
): WoundsEncounterResult & { fighters: readonly Fighter[] } {
  const lineup = lineups.of(options.party, options.foes);
  const roster = rosterOf(options.summonable);
  const record = options.record ?? true;
  const pool = record ? null : pooled(lineup, roster);
  // The fight's list grows with its summons: the pool's list of the line-up stays as it is.
  const fighters = pool ? [...pool.fighters] : freshFighters(lineup, roster);
  const { initiator } = options;
  if (initiator !== undefined && !(initiator >= 0 && initiator < fighters.length)) {
    throw new RangeError(`initiator ${initiator} is not in the line-up`);
  }
  if (options.lying) layLying(fighters, options.lying);
  const { observe } = options;
  const log = createLog<WoundsEvent>(record, observe && ((e) => observe(e, fighters)));
  const ctx = createContext(record, options.roller, log.emit, fighters, roster, pool?.board);
  const rounds = new WoundsRounds(ctx, log, options.maxRounds ?? 30, options.gap ?? DEFAULT_GAP,
    initiator === undefined ? null : (fighters[initiator] as Fighter),
    options.delays?.length ? new Delays(options.delays) : null,
    options.heals?.length ? options.heals : null);
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}
