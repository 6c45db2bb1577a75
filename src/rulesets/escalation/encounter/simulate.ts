import type { DiceRoller } from "../../../engine/dice/roller";
import { runFight } from "../../../engine/runner/fight";
import { uniqueKeys } from "../../../engine/runner/keys";
import { createLog } from "../../../engine/runner/log";
import { orderByBands } from "../rules/initiative";
import type { Statblock } from "../rules/statblock";
import { ambushRaisesDie, MAX_AMBUSHERS } from "../rules/surprise";
import { createContext } from "./context";
import type { EncounterEvent, EncounterResult, Side } from "./events";
import { createFighter, resetForEncounter, type Fighter } from "./fighter";
import { EscalationRounds } from "./rounds";

/**
 * Plays one `escalation` fight without Foundry: bands order (changed by Delay and readied actions),
 * the escalation die, attacks with edge, damage through the pipeline, effects with their
 * durations, ongoing damage and saves at the end of each turn, death saves at the start of a
 * Dying PC's turn, Rally and stabilising, Staggered/Dying/dead/defeated. A turn is in `turn.ts`,
 * the choices in `tactics.ts`.
 */
export interface EncounterOptions {
  readonly party: readonly Statblock[];
  readonly foes: readonly Statblock[];
  readonly roller: DiceRoller;
  /** Stop (a draw) after this many rounds. */
  readonly maxRounds?: number;
  /** Collect events (off for fast trials). */
  readonly record?: boolean;
  /** The party's fighters carried from an earlier fight of the day (in `party` order). */
  readonly partyFighters?: readonly Fighter[];
  /** Called after every event with everyone's state (the day test checks invariants here). */
  readonly observe?: (e: EncounterEvent, fighters: readonly Fighter[]) => void;
  /** Prefix of effect and attack ids, so ids stay unique over a day of fights. */
  readonly idPrefix?: string;
  /** The side that ambushes: its first two fighters in turn order act in a surprise round. */
  readonly surprise?: Side;
  /**
   * The RULINGS option: after a party ambush (`surprise: "party"`) the escalation die starts at 1
   * in the first real round. Without a party ambush it changes nothing (`ambushRaisesDie`).
   */
  readonly ambushDie?: boolean;
  /**
   * The party flees (a Campaign Loss) when the fight has turned against it; see `partyShouldFlee`.
   */
  readonly flee?: boolean;
}

export interface FightResult extends EncounterResult {
  readonly fighters: readonly Fighter[];
}

/**
 * Plays the fight on the engine's fight loop (`engine/runner/fight.ts`) with escalation's rounds
 * (`rounds.ts`).
 * @returns the winner, the round it ended in, the events (none when not recording) and the
 *   fighters as they ended.
 */
export function runEncounter(options: EncounterOptions): FightResult {
  const { roller, observe } = options;
  const record = options.record ?? true;
  const setup = setupFor(options.party, options.foes);
  const fighters = setup.all.map((b, i) => {
    const carried = i < options.party.length ? options.partyFighters?.[i] : undefined;
    if (carried) {
      resetForEncounter(carried, i);
      return carried;
    }
    return createFighter(b, i < options.party.length ? "party" : "enemies", i, setup.keys[i]);
  });
  const log = createLog<EncounterEvent>(record, observe && ((e) => observe(e, fighters)));
  const order = setup.order.map((i) => fighters[i] as Fighter);
  const ctx = createContext({ record, roller, emit: log.emit, fighters, prefix: options.idPrefix });
  // The surprise round: two of the ambushing side act, the first in turn order.
  const ambushers = options.surprise
    ? order.filter((f) => f.side === options.surprise).slice(0, MAX_AMBUSHERS)
    : [];
  const ambush = {
    ambush: ambushRaisesDie(
      Boolean(options.ambushDie),
      ambushers.map((f) => f.block),
    ),
  };
  const rounds = new EscalationRounds(
    ctx, log, options.maxRounds ?? 30, order, ambushers, ambush, Boolean(options.flee),
  );
  const { winner, rounds: ended } = runFight(rounds);
  return { winner, rounds: ended, events: log.events, fighters };
}

/**
 * What does not change between fights of the same line-up (names, turn order), cached so that
 * thousands of seeded trials do not redo it.
 */
interface Setup {
  readonly all: readonly Statblock[];
  readonly keys: readonly string[];
  readonly order: readonly number[];
}
const setups = new WeakMap<readonly Statblock[], WeakMap<readonly Statblock[], Setup>>();

function setupFor(party: readonly Statblock[], foes: readonly Statblock[]): Setup {
  let inner = setups.get(party);
  if (!inner) setups.set(party, (inner = new WeakMap()));
  let setup = inner.get(foes);
  if (!setup) {
    const all = [...party, ...foes];
    const order = orderByBands(
      all.map((b, i) => ({
        id: String(i).padStart(4, "0"),
        band: b.band,
        isPC: b.isPC,
        order: i,
        i,
      })),
    ).map((e) => e.i);
    setup = { all, keys: uniqueKeys(all), order };
    inner.set(foes, setup);
  }
  return setup;
}

