import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { Lineups, type Lineup as EngineLineup } from "../../../engine/runner/lineup";
import { createLog } from "../../../engine/runner/log";
import { NATURALS_DEFAULT, PARTY_SIDE } from "../rules/constants";
import type { Statblock } from "../rules/statblock";
import { createContext } from "./context";
import type { ShockEncounterResult, ShockEvent } from "./events";
import { fallen } from "./fall";
import { createFighter, resetFighter, type Fighter } from "./fighter";
import type { Spot } from "./position";
import { ShockRounds, type Execution } from "./rounds";

/**
 * Plays one `shock` fight without Foundry: side initiative (a surprise round first when a side is
 * surprised), each side's members acting in turn with one Main and one Move, attacks through the
 * reaction window (Total Defense, Snap Attack, screens), Shock and shields, swarms, charges,
 * grapples (unarmed damage at the end of each round), shoves, lying prone and standing up, held
 * actions, Attacks of Opportunity, the situations of the text's table (spots with cover or shadow
 * rolled for the field, range, prone targets), Mortally Injured PCs and first aid, defeated NPCs
 * and morale. Foe sides are allied against the party.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat; RULINGS.md §shock.
 */
export interface ShockEncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  /** Each foe's initiative side (parallel to `foes`; default "foes" for all). */
  readonly foeSides?: readonly string[];
  readonly roller: DiceRoller;
  readonly maxRounds?: number;
  /** Feet between the lines at the start (default 40). */
  readonly gap?: number;
  /** The natural 20/1 option (default on). */
  readonly naturals?: boolean;
  /** Sides caught unawares: every other side gets a free round first (§Surprise). */
  readonly surprised?: readonly string[];
  /**
   * Execution attacks made before the fight by stalkers on unsuspecting victims (fighter keys,
   * each with the assailant's best melee weapon): §Execution Attacks.
   */
  readonly executions?: readonly Execution[];
  /**
   * Each fighter's starting spot by key (`position.ts`; fighters not named stand in the open).
   * Without it every fighter rolls its spot on the spot die.
   */
  readonly spots?: Readonly<Record<string, Spot>>;
  /**
   * The Morale score each NPC group's GM set on it, by group name; a group not named has the
   * default, the highest Morale among its members still in the fight (RULINGS.md §shock Morale).
   */
  readonly groupMorale?: Readonly<Record<string, number>>;
  /** Build and keep the events (default on; off for trials and the bench, which play the same). */
  readonly record?: boolean;
  /** Called after every event with everyone's state (the invariant tests check here). */
  readonly observe?: (e: ShockEvent, fighters: readonly Fighter[]) => void;
}

/**
 * Plays the fight to its end (or `maxRounds`, a draw) on the engine's fight loop
 * (`engine/runner/fight.ts`) with shock's rounds (`rounds.ts`).
 * @returns the winner (`party`, `foes` or `draw`), the round it ended in, every event (none when
 *   not recording) and the fighters.
 * @throws RangeError when an execution names a fighter that is not in the fight.
 */
export function runShockEncounter(
  options: ShockEncounterOptions,
): ShockEncounterResult & { fighters: readonly Fighter[] } {
  const lineup = lineups.of(options.party, options.foes);
  const partySize = options.party.length;
  const sideOf = (i: number) =>
    i < partySize ? PARTY_SIDE : (options.foeSides?.[i - partySize] ?? "foes");
  const record = options.record ?? true;
  const fighters = record ? freshFighters(lineup, sideOf) : pooledFighters(lineup, sideOf);
  const { observe } = options;
  const log = createLog<ShockEvent>(record, observe && ((e) => observe(e, fighters)));
  const ctx = createContext({
    record,
    roller: options.roller,
    emit: log.emit,
    fighters,
    naturals: options.naturals ?? NATURALS_DEFAULT,
    gap: options.gap ?? 40,
  });
  const scores = options.groupMorale ?? {};
  ctx.onDown = (f) => fallen(ctx, f, scores);
  const rounds = new ShockRounds(
    ctx, log, options.maxRounds ?? 30, options.surprised ?? [], options.spots,
    options.executions ?? [],
  );
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}

/** A line-up, its last unrecorded fight's fighters kept in its pool (`pooledFighters`). */
type Lineup = EngineLineup<Statblock, readonly Fighter[]>;

function freshFighters(lineup: Lineup, sideOf: (i: number) => string): Fighter[] {
  return lineup.all.map((b, i) => createFighter(b, lineup.keys[i] as string, sideOf(i)));
}

/**
 * The fighters of an unrecorded fight (trials, the bench): those of the line-up's last unrecorded
 * fight, reset (`resetFighter`), when they stand on the same sides; else new ones, kept for the
 * next. Made anew for each of thousands of fights, fighters (which live as long as a fight) were
 * allocated by V8 straight into its old generation, and every young-generation collection then
 * took 10–20 ms instead of a fraction of one. So an unrecorded fight's fighters are its own only
 * until the next unrecorded fight of the same line-up; a recorded fight always gets new ones.
 */
function pooledFighters(lineup: Lineup, sideOf: (i: number) => string): readonly Fighter[] {
  const pool = lineup.pool;
  if (pool && pool.every((f, i) => f.side === sideOf(i))) {
    for (const f of pool) resetFighter(f);
    return pool;
  }
  return (lineup.pool = freshFighters(lineup, sideOf));
}
const lineups = new Lineups<Statblock, readonly Fighter[]>();
