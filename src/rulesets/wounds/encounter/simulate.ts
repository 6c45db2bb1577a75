import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { Lineups } from "../../../engine/runner/lineup";
import { createLog } from "../../../engine/runner/log";
import type { Statblock } from "../rules/statblock";
import type { Context } from "./context";
import type { Side, WoundsEncounterResult, WoundsEvent } from "./events";
import { DEFAULT_GAP } from "./field";
import { armsOf, createFighter, type Fighter } from "./fighter";
import { WoundsRounds } from "./rounds";
import { StrikeRoll } from "./strike-roll";

/**
 * Plays one `wounds` fight without Foundry on a square grid: the party against the foes, an
 * optional starter's opening strike, the order by Agility set once, turns of AA/MA/BA/BA with
 * aims, purchases, moves with free hits, strikes with their chains, wounds, spells and summons,
 * until one side is out of the fight. Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds.
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
  /** Build and keep the events (default on; off for trials and the bench, which play the same). */
  readonly record?: boolean;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: WoundsEvent, fighters: readonly Fighter[]) => void;
}

const lineups = new Lineups<Statblock, null>();

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
  const summonable = new Map<string, Statblock>();
  for (const b of options.summonable ?? []) {
    if (!summonable.has(b.name)) summonable.set(b.name, b);
    summonable.set(b.id, b);
  }
  const can = (name: string) => summonable.has(name);
  const fighters = lineup.all.map((b, k) =>
    createFighter(b, lineup.keys[k] as string, lineup.sides[k] as Side, armsOf(b, can)));
  const { initiator } = options;
  if (initiator !== undefined && !(initiator >= 0 && initiator < fighters.length)) {
    throw new RangeError(`initiator ${initiator} is not in the line-up`);
  }
  const record = options.record ?? true;
  const { observe } = options;
  const log = createLog<WoundsEvent>(record, observe && ((e) => observe(e, fighters)));
  const ctx: Context = {
    record, round: 0, roller: options.roller, emit: log.emit, fighters, order: [], summonable,
    seq: 0, woundSeq: 0, summonSeq: 0, roll: new StrikeRoll(), watches: [],
  };
  const rounds = new WoundsRounds(ctx, log, options.maxRounds ?? 30, options.gap ?? DEFAULT_GAP,
    initiator === undefined ? null : (fighters[initiator] as Fighter));
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}
